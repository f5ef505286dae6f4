import { wrap, type Remote } from 'comlink';
import type { DataCore } from '../worker/api.ts';

/** The one data core of the app: the worker, wrapped by Comlink. The only place that creates it. */
export const core: Remote<DataCore> = wrap<DataCore>(
  new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module', name: 'data-core' }),
);
