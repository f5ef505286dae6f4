import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.stop(); });

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
