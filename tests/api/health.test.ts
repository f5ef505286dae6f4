import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/Test', () => {
  it('answers 200 when the server is up', async () => {
    const r = await fetch(`${server.url}/api/Test`);
    expect(r.status).toBe(200);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const r = await fetch(`${server.url}/api/Nope`);
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ status: 404, error: 'Not Found' });
  });
});

describe('a body over the limit', () => {
  it('gets a JSON 413 every time, never a connection reset mid-upload', async () => {
    // 2 MB to a route that takes 1 MB of JSON, 40 times, 8 at a time.
    const body = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const statuses: Array<number | string> = [];
    const one = async (): Promise<void> => {
      try {
        const r = await fetch(`${server.url}/api/BaseProfiles/35`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        statuses.push(r.status);
        expect(await r.json()).toMatchObject({ status: 413, error: 'Payload Too Large' });
      } catch (e) {
        statuses.push(String(e));
      }
    };
    for (let round = 0; round < 5; round++) await Promise.all(Array.from({ length: 8 }, one));
    expect(statuses).toEqual(Array.from({ length: 40 }, () => 413));
  });
});
