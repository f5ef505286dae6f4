/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { DataCore } from './api.ts';
import { DataCoreImpl } from './core/dataCore.ts';

/** The one data core of the app, exposed to the main thread. */
const core: DataCore = new DataCoreImpl();
expose(core satisfies DataCore);
