/** The bench's module worker: runs one download way on request and posts its figures back. */
import { runBare, runEngine, type RunInput } from './engine.ts';

self.onmessage = async (e: MessageEvent<{ way: 'engine' | 'bare'; input: RunInput }>) => {
  try {
    const r = e.data.way === 'engine' ? await runEngine(e.data.input) : await runBare(e.data.input);
    self.postMessage({ ok: true, r });
  } catch (err) {
    self.postMessage({ ok: false, error: String((err as Error)?.stack ?? err) });
  }
};
