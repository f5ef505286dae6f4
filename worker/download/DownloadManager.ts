/**
 * The map-area download engine of the data core: plans, estimates, starts, resumes and cancels
 * download jobs, and manages the stored areas. A job takes a progress callback, returns a job id, can be
 * cancelled and survives a reload.
 */
import type { JobRow } from '../store/db.ts';
import { DownloadJob } from './DownloadJob.ts';
import { DownloadCapError, JobStop } from './errors.ts';
import { estimateArea } from './estimate.ts';
import { defaultExtentName, deleteExtent, getTile, listExtents, renameExtent } from './extents.ts';
import { ProgressReporter } from './ProgressReporter.ts';
import { DEFAULT_RETRY_DELAYS } from './retry.ts';
import { countRanges, planRanges } from './tilePlan.ts';
import type { DownloadArea, DownloadEstimate, DownloadProgress, ExtentSummary } from './types.ts';
import type { DownloadManagerOptions, JobPlan, ResolvedOptions } from './options.ts';

/** A job running in this manager. */
interface ActiveJob {
  controller: AbortController;
  reporter: ProgressReporter;
  /** The UI's listener; a resume after a reload replaces it. */
  listener: { onProgress: (p: DownloadProgress) => void };
  settled: Promise<DownloadProgress>;
}

/** The default storage estimate: the browser's, or nothing where there is none (Node). */
function browserStorageEstimate(): Promise<{ quota?: number; usage?: number }> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  return storage?.estimate ? storage.estimate() : Promise.resolve({});
}

/** A random job id: a UUID, also on an insecure origin where crypto.randomUUID is missing. */
function newJobId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((n) => n.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Fills in the defaults of DownloadManagerOptions. */
function resolveOptions(o: DownloadManagerOptions): ResolvedOptions {
  return {
    ...o,
    concurrency: Math.max(1, o.concurrency ?? 6),
    batchSize: Math.max(1, o.batchSize ?? 50),
    writeQueue: Math.max(1, o.writeQueue ?? 2),
    cap: o.cap ?? 20_000,
    tileTimeoutMs: o.tileTimeoutMs ?? 30_000,
    retryDelays: o.retryDelays ?? DEFAULT_RETRY_DELAYS,
    estimateStorage: o.estimateStorage ?? browserStorageEstimate,
    now: o.now ?? (() => Date.now()),
    sleep: o.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
  };
}

/** Reads a job row's plan, refusing one this version cannot resume. */
function planOf(row: JobRow): JobPlan {
  const p = row.plan as Partial<JobPlan> | null;
  if (!p || p.version !== 1 || !Array.isArray(p.extent) || typeof p.tileUrlTemplate !== 'string') {
    throw new Error(`Download job ${row.id} has a plan this version cannot resume`);
  }
  return p as JobPlan;
}

/** A job row as a progress report (for jobs not running here). */
function progressOf(row: JobRow): DownloadProgress {
  return {
    jobId: row.id,
    extentId: row.extentId,
    state: row.state,
    done: row.done,
    total: row.total,
    bytes: row.bytes,
    etaSeconds: null,
    error: row.error,
  };
}

/** Downloads map areas (tiles, features, thumbnails) for offline use, resumably, inside the worker. */
export class DownloadManager {
  private readonly o: ResolvedOptions;
  private readonly active = new Map<string, ActiveJob>();

  constructor(o: DownloadManagerOptions) {
    this.o = resolveOptions(o);
  }

  /** The number of tiles of an area's plan (throws on a bad extent or zoom range). */
  countTiles(area: DownloadArea): number {
    return countRanges(planRanges(area));
  }

  /** The size of a download before it starts: ~6 sampled tiles' bytes x tiles, the feature count, free storage. */
  estimate(area: DownloadArea, signal?: AbortSignal): Promise<DownloadEstimate> {
    return estimateArea(this.o, area, signal);
  }

  /** Creates the area and its job and starts it in the background; throws DownloadCapError over the cap. */
  async start(
    area: DownloadArea,
    onProgress: (p: DownloadProgress) => void,
  ): Promise<{ jobId: string; extentId: number }> {
    const { db, now, cap, tileUrlTemplate } = this.o;
    const tiles = this.countTiles(area);
    if (tiles > cap) throw new DownloadCapError(tiles, cap);
    const extent: JobPlan['extent'] = [...area.extent];
    const plan: JobPlan = {
      version: 1,
      extent,
      minZoom: area.minZoom,
      maxZoom: area.maxZoom,
      tileUrlTemplate,
      tiles,
      featuresStored: false,
    };
    const jobId = newJobId();
    const t = now();
    const row = await db.transaction('rw', db.extents, db.jobs, async () => {
      const name = area.name?.trim() ?? '';
      const extentId = await db.extents.add({ name, extent });
      if (name === '') await db.extents.update(extentId, { name: defaultExtentName(extentId) });
      const job: JobRow = {
        id: jobId,
        extentId,
        kind: 'download',
        state: 'running',
        plan,
        done: 0,
        total: tiles,
        bytes: 0,
        error: null,
        createdAt: t,
        updatedAt: t,
      };
      await db.jobs.add(job);
      return job;
    });
    this.launch(row, plan, onProgress);
    return { jobId, extentId: row.extentId };
  }

  /** Continues a stopped job (paused, failed, quota, cancelled, or cut off by a reload); a done job just reports. */
  async resume(jobId: string, onProgress: (p: DownloadProgress) => void): Promise<void> {
    const attach = (): boolean => {
      const running = this.active.get(jobId);
      if (running) running.listener.onProgress = onProgress;
      return running !== undefined;
    };
    if (attach()) return;
    const row = await this.o.db.jobs.get(jobId);
    if (!row) throw new RangeError(`No download job ${jobId}`);
    if (row.state === 'done') {
      onProgress(progressOf(row));
      return;
    }
    const plan = planOf(row);
    // Another resume may have launched it while the row was read: attach instead of running it twice.
    if (!attach()) this.launch(row, plan, onProgress);
  }

  /** Resumes every job left 'running' (by a reload) or 'paused' (by a lost connection); returns their ids. */
  async resumeUnfinished(onProgress: (p: DownloadProgress) => void): Promise<string[]> {
    const rows = await this.o.db.jobs.where('state').anyOf('running', 'paused').toArray();
    const ids: string[] = [];
    for (const row of rows) {
      try {
        await this.resume(row.id, onProgress);
        ids.push(row.id);
      } catch (e) {
        console.warn(`Download job ${row.id} cannot be resumed:`, e);
      }
    }
    return ids;
  }

  /** Stops a job: aborts its fetches and store loops, keeps what is stored, state 'cancelled'. */
  async cancel(jobId: string): Promise<void> {
    const running = this.active.get(jobId);
    if (running) {
      if (!running.controller.signal.aborted) running.controller.abort(new JobStop('cancelled', 'cancelled'));
      await running.settled;
      return;
    }
    const row = await this.o.db.jobs.get(jobId);
    if (row && row.state !== 'done' && row.state !== 'cancelled') {
      await this.o.db.jobs.update(jobId, { state: 'cancelled', error: null, updatedAt: this.o.now() });
    }
  }

  /** Every job's progress: live for jobs running here, as last saved for the others. */
  async jobs(): Promise<DownloadProgress[]> {
    const rows = await this.o.db.jobs.toArray();
    return rows
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((row) => this.active.get(row.id)?.reporter.latest() ?? progressOf(row));
  }

  /** The final progress of a job running here (resolves when it stops), or its saved progress, or null. */
  async whenSettled(jobId: string): Promise<DownloadProgress | null> {
    const running = this.active.get(jobId);
    if (running) return running.settled;
    const row = await this.o.db.jobs.get(jobId);
    return row ? progressOf(row) : null;
  }

  /** The stored areas with their counts. */
  listExtents(): Promise<ExtentSummary[]> {
    return listExtents(this.o.db);
  }

  /** Renames an area (trimmed; empty means 'Prenešena karta {id}'). */
  renameExtent(id: number, name: string): Promise<void> {
    return renameExtent(this.o.db, id, name);
  }

  /** Cancels the area's running job, then deletes its tiles, features (not pending changes), thumbnails and job. */
  async deleteExtent(id: number): Promise<void> {
    const rows = await this.o.db.jobs.where('extentId').equals(id).toArray();
    await Promise.all(rows.map((r) => (this.active.has(r.id) ? this.cancel(r.id) : Promise.resolve())));
    await deleteExtent(this.o.db, id);
  }

  /** A stored tile of any area, for the offline map. */
  getTile(url: string): Promise<Blob | null> {
    return getTile(this.o.db, url);
  }

  /** Stops every job running here as 'paused' (resumable) and resolves when they have stopped. */
  async dispose(): Promise<void> {
    const running = [...this.active.values()];
    for (const a of running) if (!a.controller.signal.aborted) a.controller.abort(new JobStop('paused', 'stopped'));
    await Promise.all(running.map((a) => a.settled));
  }

  /** Runs a job in the background with its own controller and throttled reporter. */
  private launch(row: JobRow, plan: JobPlan, onProgress: (p: DownloadProgress) => void): void {
    const controller = new AbortController();
    const listener = { onProgress };
    const reporter = new ProgressReporter({
      jobId: row.id,
      extentId: row.extentId,
      now: this.o.now,
      emit: (p) => listener.onProgress(p),
    });
    const job = new DownloadJob({ o: this.o, row, plan, controller, reporter });
    const active: ActiveJob = { controller, reporter, listener, settled: Promise.resolve(reporter.latest()) };
    this.active.set(row.id, active);
    active.settled = job.run().finally(() => {
      if (this.active.get(row.id) === active) this.active.delete(row.id);
    });
  }
}
