/**
 * The map worker's JavaScript heap, read over the Chrome DevTools protocol (a page cannot see a
 * worker's memory: `performance.memory` is not in workers). The browser-wide session attaches to
 * the newest worker target (bench/map's page runs no other) and asks it to collect garbage first,
 * so the figure is what the map worker holds, not what it has yet to free.
 */
import type { Browser, CDPSession } from 'playwright-core';

/** Used JS heap and the ArrayBuffers' backing stores (typed arrays), bytes. */
export interface HeapUsage {
  usedSize: number;
  backingStorageSize: number;
}

/** A probe of the map worker's heap in `browser` (attaches anew each call: each run has a new worker). */
export async function workerHeapProbe(browser: Browser): Promise<() => Promise<HeapUsage | null>> {
  const session: CDPSession = await browser.newBrowserCDPSession();
  let id = 0;
  const waits = new Map<number, (m: { result?: unknown }) => void>();
  session.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) waits.get(m.id)?.(m);
  });
  return async () => {
    const { targetInfos } = await session.send('Target.getTargets');
    const worker = targetInfos.filter((t) => t.type === 'worker').at(-1);
    if (!worker) return null;
    // Flat sessions cannot be addressed through playwright's CDPSession: messages go through the target.
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    const call = (method: string): Promise<{ result?: unknown }> =>
      new Promise((resolve) => {
        const i = ++id;
        waits.set(i, resolve);
        void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: i, method }) });
      });
    await call('HeapProfiler.collectGarbage');
    const usage = (await call('Runtime.getHeapUsage')).result as HeapUsage | undefined;
    await session.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    return usage ? { usedSize: usage.usedSize, backingStorageSize: usage.backingStorageSize ?? 0 } : null;
  };
}
