import { request } from 'node:http';
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../../server/geo/projection.ts';
import { signIn } from '../helpers/auth.ts';
import { PROTEUS } from '../helpers/proteus.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let server: TestServer;
let ana: string;

beforeAll(async () => {
  // A short grace period: the 30 s the drain may take are left to the upload. On PGlite (one
  // thread, WASM) storing a 19 MB photo alone takes 20-50 s on a loaded 2-core machine, whatever
  // the drain does: there the drain timeout is raised and the test holds the drain to finishing
  // promptly after the upload; on PostgreSQL the default 30 s bound holds.
  server = await startServer({
    env: { DRAIN_GRACE_MS: '1000', ...(onPostgres ? {} : { DRAIN_TIMEOUT_MS: '120000' }) },
  });
  ana = (await signIn(server.url, 'ana@example.si', 'demo1234')).accessToken;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** A noise JPEG of about 19 MB (noise does not compress): just under the 20 MB a photo may have. */
async function bigPhoto(): Promise<Buffer> {
  const width = 3000;
  const height = 2250;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Resolves once `port` on loopback refuses connections (the server stopped listening). */
async function refusedBy(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', () => resolve(true));
    });
    if (refused) return;
    if (Date.now() > deadline) throw new Error(`port ${port} still accepts after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('SIGTERM during an upload', () => {
  it('lets a 19 MB photo upload started before the signal finish with 201, then exits 0', async () => {
    const photo = await bigPhoto();
    expect(photo.length).toBeGreaterThan(15 * 1024 * 1024);
    expect(photo.length).toBeLessThan(20 * 1024 * 1024);
    const boundary = `----drain${randomBytes(8).toString('hex')}`;
    const feature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: lonLatToMercator(14.5058, 46.0569) },
      properties: PROTEUS,
    };
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="feature"\r\n\r\n${JSON.stringify(feature)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="AttachmentInfoIds"\r\n\r\n1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="AttachmentFiles"; filename="velika.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, photo, tail]);

    let answer: { status: number; text: string } | null = null;
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/Features/35/48/full',
      headers: {
        authorization: `Bearer ${ana}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    const answered = new Promise<void>((resolve, reject) => {
      req.once('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.once('end', () => {
          answer = { status: res.statusCode ?? 0, text };
          resolve();
        });
      });
      req.once('error', reject);
    });
    const write = (chunk: Buffer): Promise<void> =>
      new Promise((resolve, reject) => req.write(chunk, (e) => (e ? reject(e) : resolve())));

    // A third of the body before the signal.
    const third = Math.floor(body.length / 3);
    const t0 = Date.now();
    const phase = (what: string): void => console.log(`drain test: ${what} at ${Date.now() - t0} ms`);
    await write(body.subarray(0, third));
    phase('first third written');
    const signalled = Date.now();
    server.proc.kill('SIGTERM');
    // /readyz (a new connection, accepted during the grace period) says 503 while the upload waits.
    const deadline = Date.now() + 10_000;
    let ready = 0;
    while (Date.now() < deadline) {
      ready = (await fetch(`${server.url}/readyz`)).status;
      if (ready === 503) break;
    }
    expect(ready).toBe(503);
    phase('readyz 503');
    await write(body.subarray(third, 2 * third));
    // The process stops accepting connections after the grace period; the upload is still in flight.
    phase('second third written');
    await refusedBy(server.port, 20_000);
    phase('connections refused');
    await write(body.subarray(2 * third));
    req.end();
    phase('body written');
    await answered;
    phase('answered');
    const answeredAt = Date.now();
    const got = answer as { status: number; text: string } | null;
    expect(got?.status, got?.text).toBe(201);
    expect(JSON.parse(got?.text ?? '{}')).toMatchObject({ attachments: [{ name: 'velika.jpg' }] });

    const code = await new Promise<number | null>((resolve) => {
      if (server.proc.exitCode !== null) resolve(server.proc.exitCode);
      else server.proc.once('exit', (c) => resolve(c));
    });
    expect(code, server.output()).toBe(0);
    // Once the last request is answered the process closes the database and exits at once.
    expect(Date.now() - answeredAt).toBeLessThan(10_000);
    if (onPostgres) expect(Date.now() - signalled).toBeLessThan(30_000);
  }, 180_000);
});
