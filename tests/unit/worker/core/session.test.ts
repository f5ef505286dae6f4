import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreSession } from '../../../../worker/core/session.ts';
import { openOfflineDb } from '../../../../worker/store/db.ts';

/**
 * The data core's start (worker/core/session.ts): the health check, /config.json and
 * /identity.json leave together, one round trip instead of three, and the online state the check
 * found is what subscribe answers, with no second check.
 */
let dbs = 0;
afterEach(() => vi.unstubAllGlobals());

/** A fetch that holds every answer until `release`, recording the paths asked. */
function heldServer(identityFails = false): { asked: string[]; release: () => void } {
  const asked: string[] = [];
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(String(input)).pathname;
    asked.push(path);
    await gate;
    if (path === '/api/Test') return Response.json('ok');
    if (path === '/identity.json')
      return identityFails
        ? new Response('down', { status: 503 })
        : Response.json({ authority: 'http://idp.test', client_id: 'app' });
    return new Response('none', { status: 404 });
  });
  return { asked, release: open };
}

function session(): CoreSession {
  const name = `session-${dbs++}`;
  return new CoreSession({ openDb: () => openOfflineDb(name), browserOnline: () => true }, () => undefined);
}

describe('the data core start', () => {
  it('asks for the health check, the configuration and the identity settings at once', async () => {
    const server = heldServer();
    const s = session();
    const init = s.init('http://app.test');
    await vi.waitFor(() => expect(server.asked).toHaveLength(3));
    expect([...server.asked].sort()).toEqual(['/api/Test', '/config.json', '/identity.json']);
    server.release();
    const cfg = await init;
    expect(cfg.identity.client_id).toBe('app');
    // The state init found, answered without another health check.
    expect(s.subscribe(() => undefined)).toBe(true);
    expect(server.asked.filter((p) => p === '/api/Test')).toHaveLength(1);
  });

  it('fails the start when the identity settings cannot be read and none are stored', async () => {
    const server = heldServer(true);
    const init = session().init('http://app.test');
    server.release();
    await expect(init).rejects.toThrow();
  });
});
