/**
 * The bench's module worker: runs one download way on request and posts its figures back. The
 * engine also posts every progress report it emits to the page, as the data core does through
 * its event subscription (worker/core/areas.ts), so the main thread's share of that is measured.
 */
import { runBare, runEngine, type RunInput } from './engine.ts';
import { runExperiment } from './experiments.ts';

self.onmessage = async (e: MessageEvent<{ way: string; input: RunInput }>) => {
  try {
    const { way, input } = e.data;
    const mark = (phase: 'start' | 'end'): void => self.postMessage({ mark: phase });
    const r =
      way === 'engine' || way.startsWith('engine:')
        ? await runEngine(input, (p) => self.postMessage({ progress: p }), mark, way.slice('engine:'.length))
        : way === 'bare' || way === 'bare:httpcache'
          ? await runBare(input, mark, way === 'bare:httpcache')
          : await runExperiment(input, way.replace(/^exp:/, ''), mark);
    self.postMessage({ ok: true, r });
  } catch (err) {
    self.postMessage({ ok: false, error: String((err as Error)?.stack ?? err) });
  }
};
