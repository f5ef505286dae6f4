/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { DataCore } from './api.ts';
import { createDataCore } from './core/dataCore.ts';

/** The one data core of the app, exposed to the main thread. */
const core: DataCore = createDataCore();
expose(core satisfies DataCore);
