import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../server/api/attachments/photoFiles.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { call } from '../helpers/http.ts';
import { signIn } from './helpers/auth.ts';
import { attachmentForm, bigJpeg } from './helpers/attachmentForm.ts';
import { createFind } from './helpers/finds.ts';

/**
 * Upload memory is bounded: 20 uploads of the largest photo (20 MB) at once, through the real
 * attachment route, keep the server process's peak resident memory (VmHWM) within 1 GB; every
 * one is stored, a body over the limit still gets 413, and the spooled files are gone afterwards.
 */
const UPLOADS = 20;
const PEAK_LIMIT_BYTES = 1024 * 1024 * 1024;

let server: TestServer;
let ana: string;
const spool = mkdtempSync(join(tmpdir(), 'sv-spool-test-'));
const records: number[] = [];

/** The server process's VmHWM (peak resident set) and VmRSS, in bytes. */
function memory(pid: number): { hwm: number; rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { hwm: kb('VmHWM'), rss: kb('VmRSS') };
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

beforeAll(async () => {
  server = await startServer({ env: { UPLOAD_TMP_DIR: spool } });
  ana = (await signIn(server.url, 'ana@example.si', 'demo1234')).accessToken;
  // Four records of Ana's, five photos each (a record takes at most 10).
  for (let i = 0; i < 4; i++) {
    records.push(await createFind(server.url, ana, [15.2 + i / 100, 46.2]));
  }
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(spool, { recursive: true, force: true });
});

describe('upload memory', () => {
  it(`stores ${UPLOADS} concurrent 20 MB uploads with the server's peak RSS within 1 GB`, async () => {
    const photo = await bigJpeg(MAX_PHOTO_BYTES);
    expect(photo.length).toBe(MAX_PHOTO_BYTES);
    expect((await sharp(photo).metadata()).width).toBe(64);
    const pid = server.proc.pid as number;
    const before = memory(pid);
    let sampledMax = before.rss;
    let done = false;
    const sampler = (async () => {
      for (let i = 0; !done && i < 30_000; i++) {
        sampledMax = Math.max(sampledMax, memory(pid).rss);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) =>
        call(server.url, '/api/Records/35/attachment', {
          token: ana,
          form: attachmentForm(records[i % records.length]!, new Blob([new Uint8Array(photo)]), `big-${i}.jpg`),
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await sampler;
    const after = memory(pid);
    console.log(
      `upload memory: ${UPLOADS} × ${mb(MAX_PHOTO_BYTES)} in ${seconds.toFixed(1)} s; server VmHWM ${mb(before.hwm)} before, ` +
        `${mb(after.hwm)} after (peak RSS sampled during: ${mb(sampledMax)}; limit ${mb(PEAK_LIMIT_BYTES)})`,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(UPLOADS).fill(201));
    expect(answers.every((a) => a.body.size === MAX_PHOTO_BYTES)).toBe(true);
    expect(after.hwm).toBeLessThanOrEqual(PEAK_LIMIT_BYTES);
    // The spooled files go with their responses (on close, which follows the answer by moments).
    for (let i = 0; i < 100 && readdirSync(spool).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(spool)).toEqual([]);
  }, 600_000);

  it('still answers a file over 20 MB with 413, and keeps no file of it', async () => {
    const tooBig = Buffer.concat([await bigJpeg(MAX_PHOTO_BYTES), Buffer.alloc(1)]);
    const answer = await call(server.url, '/api/Records/35/attachment', {
      token: ana,
      form: attachmentForm(records[0]!, new Blob([new Uint8Array(tooBig)]), 'too-big.jpg'),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ status: 413, error: 'Payload Too Large' });
    for (let i = 0; i < 100 && readdirSync(spool).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(spool)).toEqual([]);
  }, 120_000);
});
