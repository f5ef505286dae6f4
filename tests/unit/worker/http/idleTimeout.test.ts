import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../../../../worker/http/client.ts';
import { ChangesApi } from '../../../../worker/http/changes.ts';
import { encodeMessage } from '../../../../domain/layerColumns/encode.ts';

/**
 * A full load is given up when it stops arriving, not when it is long (worker/http/idleTimeout.ts):
 * a body that keeps coming for longer than the idle time is read whole; one that stalls fails.
 */
afterEach(() => vi.unstubAllGlobals());

const MESSAGE = encodeMessage(
  new Map([
    [48, { features: [{ type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [1, 2] }, properties: {} }] }],
  ]),
  { cursor: '1:1:', viewer: 'v', reset: false },
);

/** A fetch whose body comes in `pieces` pieces `gapMs` apart, then stops (stalls) when `stallAfter` pieces are sent. */
function slowServer(pieces: number, gapMs: number, stallAfter = Infinity): void {
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const size = Math.ceil(MESSAGE.length / pieces);
    const body = new ReadableStream<Uint8Array>({
      async start(c) {
        init.signal?.addEventListener('abort', () => c.error(init.signal!.reason));
        for (let i = 0; i < pieces; i++) {
          if (i >= stallAfter) return;
          await new Promise((r) => setTimeout(r, gapMs));
          if (init.signal?.aborted) return;
          c.enqueue(MESSAGE.slice(i * size, (i + 1) * size));
        }
        c.close();
      },
    });
    return new Response(body);
  });
}

const api = (): ChangesApi => new ChangesApi(new HttpClient({ origin: 'http://app.test', token: () => null }));

describe('a full load with an idle timeout', () => {
  it('reads a body that keeps arriving for longer than the idle time', async () => {
    // Eight pieces 40 ms apart: 320 ms in all, never 100 ms without a byte.
    slowServer(8, 40);
    const [m] = await api().columns(35, [48], 'full', undefined, { idleTimeoutMs: 100 });
    expect(m!.tables.get(48)!.ids[0]).toBe(1);
    // A plain timeout of the same length cuts the same body off.
    slowServer(8, 40);
    await expect(api().columns(35, [48], 'full', undefined, { timeoutMs: 100 })).rejects.toThrow();
  });

  it('gives up a body that stops arriving', async () => {
    slowServer(8, 20, 3);
    await expect(api().columns(35, [48], 'full', undefined, { idleTimeoutMs: 100 })).rejects.toThrow();
  });
});
