import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { HttpClient } from '../../../../worker/http/client.ts';
import { ApiError } from '../../../../worker/http/errors.ts';
import { PersonalDataApi } from '../../../../worker/http/personalData.ts';

/**
 * The data core's download of 'Prenesi moje podatke' against a real HTTP server: the streamed
 * archive arrives whole (also past the Blob step of 16 MB), the progress callback hears the bytes
 * as they come, the file name comes from Content-Disposition, and a connection cut halfway is a
 * lost connection (ApiError 0), not a truncated file.
 */
const CHUNK = 6 * 1024 * 1024;
const CHUNKS = 4;
let server: Server;
let base = '';
let cut = false;
let auth = '';

function chunk(i: number): Buffer {
  return Buffer.alloc(CHUNK, i + 1);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="x.zip"; filename*=UTF-8''sporoci-vrsto-moji-podatki-2026-11-28.zip`,
    });
    let i = 0;
    const next = (): void => {
      if (cut && i === 1) return void res.destroy();
      if (i === CHUNKS) return void res.end();
      res.write(chunk(i++), next);
    };
    auth = req.headers.authorization ?? '';
    next();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const api = (): PersonalDataApi => new PersonalDataApi(new HttpClient({ origin: base, token: () => 't' }));

describe('PersonalDataApi.archive', () => {
  it('gathers the whole stream into a ZIP Blob, telling the bytes received', async () => {
    cut = false;
    const heard: number[] = [];
    const file = await api().archive((n) => heard.push(n));
    expect(auth).toBe('Bearer t');
    expect(file.fileName).toBe('sporoci-vrsto-moji-podatki-2026-11-28.zip');
    expect(file.blob.type).toBe('application/zip');
    expect(file.blob.size).toBe(CHUNK * CHUNKS);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    for (let i = 0; i < CHUNKS; i++) expect([bytes[i * CHUNK], bytes[(i + 1) * CHUNK - 1]]).toEqual([i + 1, i + 1]);
    expect(heard.at(-1)).toBe(CHUNK * CHUNKS);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
  });

  it('fails as a lost connection when the stream breaks halfway', async () => {
    cut = true;
    const e = await api()
      .archive()
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(0);
  });
});
