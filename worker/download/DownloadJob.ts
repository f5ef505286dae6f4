/**
 * One run of a download job: features first (one request, the most valuable data), then their
 * thumbnails, then the tiles, each with bounded concurrency, batched writes and resumable state.
 */
import type { Table } from 'dexie';
import type { AttachmentRow, JobRow, TileRow } from '../store/db.ts';
import { BatchWriter } from './BatchWriter.ts';
import { JobStop, isQuotaError, reasonOf } from './errors.ts';
import { storeFeatures, thumbnailRow, thumbnailsToLoad, type FeatureStoreContext } from './featureStore.ts';
import { runPool } from './pool.ts';
import type { ProgressReporter } from './ProgressReporter.ts';
import { stopFromSignal, withRetry, type RetryOptions } from './retry.ts';
import { fetchTileBytes } from './tileFetch.ts';
import { planRanges, tileUrl, walkTiles, type ZoomRange } from './tilePlan.ts';
import type { DownloadProgress, DownloadState } from './types.ts';
import type { JobPlan, ResolvedOptions } from './options.ts';

/** Everything one run of a job needs. */
export interface DownloadJobContext {
  o: ResolvedOptions;
  /** The job row as it was when this run began. */
  row: JobRow;
  plan: JobPlan;
  /** The job's one controller: `cancel` aborts it, and so does the run itself when it stops early. */
  controller: AbortController;
  reporter: ProgressReporter;
}

/**
 * Runs a job until it is done or stops (paused, failed, cancelled, quota). Progress counts units:
 * tiles plus thumbnails. Counters are saved in the same transaction as each batch, so the job row
 * never claims more than is stored.
 */
export class DownloadJob {
  /** Units stored (or settled with nothing to store: a feature without a photo). */
  private committed: number;
  private committedBytes: number;
  /** Units fetched and waiting in a batch. */
  private buffered = 0;
  private bufferedBytes = 0;
  private total: number;
  private writer: BatchWriter<unknown> | null = null;
  private readonly plan: JobPlan;
  private readonly store: FeatureStoreContext;
  private readonly retry: RetryOptions;

  constructor(private readonly c: DownloadJobContext) {
    this.plan = { ...c.plan };
    this.committed = c.row.done;
    this.committedBytes = c.row.bytes;
    this.total = c.row.total;
    const { o } = c;
    this.store = {
      db: o.db,
      extentId: c.row.extentId,
      tableId: o.tableId,
      profileId: o.profileId,
      projectId: o.projectId,
      attachmentInfoId: o.attachmentInfoId,
    };
    this.retry = { signal: c.controller.signal, sleep: o.sleep, delays: o.retryDelays };
  }

  private get signal(): AbortSignal {
    return this.c.controller.signal;
  }

  /** Runs the job and resolves with its last progress; never rejects. */
  async run(): Promise<DownloadProgress> {
    try {
      await this.c.o.db.jobs.update(this.c.row.id, { state: 'running', error: null, updatedAt: this.c.o.now() });
      this.report(true);
      if (!this.plan.featuresStored) await this.loadFeatures();
      const thumbs = this.c.o.loadThumbnail ? await thumbnailsToLoad(this.store) : { candidates: 0, todo: [] };
      const ranges = planRanges(this.plan);
      const keys = await this.c.o.db.baseMapTiles.where('extentId').equals(this.c.row.extentId).primaryKeys();
      const stored = new Set(keys.map((k) => k[1]));
      this.total = this.plan.tiles + thumbs.candidates;
      this.committed = stored.size + thumbs.candidates - thumbs.todo.length;
      this.report(true);
      await this.loadThumbnails(thumbs.todo);
      await this.loadTiles(ranges, stored);
      return await this.finish('done', null);
    } catch (e) {
      return await this.stop(e);
    }
  }

  /** The feature list of the extent, stored once; marks the plan so a resume skips it. */
  private async loadFeatures(): Promise<void> {
    const { o } = this.c;
    const features = await withRetry('features', () => o.loadFeatures(this.plan.extent, this.signal), this.retry);
    await storeFeatures(this.store, features, o.batchSize, this.signal);
    this.plan.featuresStored = true;
    await o.db.jobs.update(this.c.row.id, { plan: { ...this.plan }, updatedAt: o.now() });
  }

  /** Thumbnails of the stored features; one that keeps failing is skipped (the record works without it). */
  private async loadThumbnails(todo: number[]): Promise<void> {
    const load = this.c.o.loadThumbnail;
    if (!load || todo.length === 0) return;
    const { db } = this.c.o;
    const writer = new BatchWriter<AttachmentRow>({
      size: this.c.o.batchSize,
      maxQueued: this.c.o.writeQueue,
      write: (rows) =>
        this.commit(
          db.attachments,
          rows,
          (r) => r.size,
          () => db.attachments.bulkAdd(rows),
        ),
      onError: (e) => this.abort(e),
    });
    this.writer = writer as BatchWriter<unknown>;
    await runPool(
      todo.values(),
      this.c.o.concurrency,
      async (featureId) => {
        let blob: Blob | null;
        try {
          blob = await withRetry(`thumbnail ${featureId}`, () => load(featureId, this.signal), this.retry);
        } catch (e) {
          if (!(e instanceof JobStop && e.state === 'failed')) throw e;
          blob = null;
        }
        if (!blob) {
          this.committed++;
          this.report();
          return;
        }
        const row = await thumbnailRow(this.store, featureId, blob);
        this.buffered++;
        this.bufferedBytes += row.size;
        this.report();
        await writer.add(row);
      },
      this.signal,
      (e) => this.abort(e),
    );
    await writer.flush();
    this.writer = null;
  }

  /** The tiles of the plan not stored yet, lowest zoom first. */
  private async loadTiles(ranges: ZoomRange[], stored: Set<string>): Promise<void> {
    const { o } = this.c;
    const { db } = o;
    const extentId = this.c.row.extentId;
    const template = this.plan.tileUrlTemplate;
    function* missing(): Generator<string> {
      for (const t of walkTiles(ranges)) {
        const url = tileUrl(template, t);
        if (!stored.has(url)) yield url;
      }
    }
    // Fetching goes on while a batch is written (at most writeQueue full batches wait); a failed
    // write aborts the fetches at once through onError.
    const writer = new BatchWriter<TileRow>({
      size: o.batchSize,
      maxQueued: o.writeQueue,
      write: (rows) =>
        this.commit(
          db.baseMapTiles,
          rows,
          (r) => r.arrayBuffer.byteLength,
          () => db.baseMapTiles.bulkPut(rows),
        ),
      onError: (e) => this.abort(e),
    });
    this.writer = writer as BatchWriter<unknown>;
    const fetchOptions = { fetchTile: o.fetchTile, signal: this.signal, timeoutMs: o.tileTimeoutMs };
    await runPool(
      missing(),
      o.concurrency,
      async (url) => {
        const tile = await withRetry(url, () => fetchTileBytes(url, fetchOptions), this.retry);
        this.buffered++;
        this.bufferedBytes += tile.arrayBuffer.byteLength;
        this.report();
        await writer.add({ extentId, url, arrayBuffer: tile.arrayBuffer, mimeType: tile.mimeType });
      },
      this.signal,
      (e) => this.abort(e),
    );
    await writer.flush();
    this.writer = null;
  }

  /** Writes one batch and the job's counters in one transaction (a quota error rolls back both). */
  private async commit<R>(table: Table, rows: R[], size: (r: R) => number, put: () => Promise<unknown>): Promise<void> {
    const { db, now } = this.c.o;
    const bytes = rows.reduce((s, r) => s + size(r), 0);
    await db.transaction('rw', table, db.jobs, async () => {
      await put();
      await db.jobs.update(this.c.row.id, {
        done: this.committed + rows.length,
        total: this.total,
        bytes: this.committedBytes + bytes,
        updatedAt: now(),
      });
    });
    this.committed += rows.length;
    this.committedBytes += bytes;
    this.buffered -= rows.length;
    this.bufferedBytes -= bytes;
    this.report();
  }

  /** Aborts the job's controller with the stop an error stands for, ending the fetches in flight. */
  private abort(e: unknown): void {
    if (!this.signal.aborted) this.c.controller.abort(this.toStop(e));
  }

  /** The stop an error stands for. */
  private toStop(e: unknown): JobStop {
    if (e instanceof JobStop) return e;
    if (isQuotaError(e)) return new JobStop('quota', 'quota');
    if (this.signal.aborted) return stopFromSignal(this.signal);
    return new JobStop('failed', reasonOf(e));
  }

  /** Ends an early stop: keeps what was fetched (unless the disk is full), saves the state. */
  private async stop(e: unknown): Promise<DownloadProgress> {
    let stop = this.toStop(e);
    this.abort(stop);
    if (this.writer && stop.state !== 'quota') {
      try {
        await this.writer.flush();
      } catch (flushError) {
        if (isQuotaError(flushError)) stop = new JobStop('quota', 'quota');
      }
    }
    this.writer?.discard();
    this.writer = null;
    return this.finish(stop.state, stop.state === 'cancelled' ? null : stop.message);
  }

  /** Saves the final state and counters and reports them. */
  private async finish(state: Exclude<DownloadState, 'running'>, error: string | null): Promise<DownloadProgress> {
    this.buffered = 0;
    this.bufferedBytes = 0;
    const { db, now } = this.c.o;
    try {
      await db.jobs.update(this.c.row.id, {
        state,
        error,
        done: this.committed,
        total: this.total,
        bytes: this.committedBytes,
        updatedAt: now(),
      });
    } catch {
      // A full disk can refuse even this small write; the stored tiles stay, and a resume recounts them.
    }
    this.c.reporter.update({ state, done: this.committed, total: this.total, bytes: this.committedBytes, error }, true);
    return this.c.reporter.latest();
  }

  /** Reports the running counters (throttled unless forced). */
  private report(force = false): void {
    this.c.reporter.update(
      {
        state: 'running',
        done: this.committed + this.buffered,
        total: this.total,
        bytes: this.committedBytes + this.bufferedBytes,
        error: null,
      },
      force,
    );
  }
}
