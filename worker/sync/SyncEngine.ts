import type { OfflineDb } from '../store/db.ts';
import type { RecordService } from '../records/service.ts';
import { countStates, nextDue } from './outbox.ts';
import type { Outcome } from './outcome.ts';
import {
  applyCreate,
  applyDelete,
  applyPhoto,
  applyPut,
  begin,
  finish,
  markOutcome,
  recoverInterrupted,
  type ApplyContext,
  type Snapshot,
} from './apply.ts';
import { sendCover, sendCreate, sendDelete, sendPhoto, sendPut } from './send.ts';
import { discardConflict, keepMineOverServer, listConflicts, saveConflictAsNew } from './conflicts.ts';
import type { AppliedChange, ConflictInfo, OfflineTarget, PendingChangeInfo, SyncState } from './types.ts';
import { listPending } from './pending.ts';
import { passUnderOutboxLock, type PassEnd } from './outboxLock.ts';

/** Options of the SyncEngine; optional fields have the defaults given. */
export interface SyncEngineOptions {
  db: OfflineDb;
  service: RecordService;
  target: OfflineTarget;
  /** Called with the new state after every change of it. */
  onState: (s: SyncState) => void;
  /** Called after each change that reached the server (a create tells its temporary and server id). */
  onApplied?: (e: AppliedChange) => void;
  /**
   * Set, a run that finds another context (the service worker, another tab) replaying this outbox
   * waits until it has ended, calls this (what the other sent changed the records), and then makes
   * its own pass, so that its counts and its retry timer follow what is left. Unset, such a run
   * ends at once (the service worker's: the browser tries it again later).
   */
  onOtherReplayEnded?: () => void;
  /** Clock in ms; default Date.now. */
  now?: () => number;
  /** Waits before an automatic retry; default setTimeout. A promise that never resolves turns automatic retries off. */
  sleep?: (ms: number) => Promise<void>;
  /** Idempotency keys of changes the engine makes (saveAsNew, a photo left over); default crypto.randomUUID. */
  uuid?: () => string;
  /** Source of temporary ids (saveAsNew); default Math.random. */
  random?: () => number;
}

/**
 * Replays the outbox to the server one change at a time, in seq order (an outbox as enketo
 * keeps it): removed only after a 2xx, creates keyed by their change id, backoff
 * min(2^n, 300) s, a 401 pauses everything. No UI here: state goes out through onState.
 */
export class SyncEngine {
  private readonly x: ApplyContext;
  private readonly sleep: (ms: number) => Promise<void>;
  private current: Promise<void> | null = null;
  private again = false;
  private needsLogin = false;
  private lastError: string | null = null;
  private lastSent = '';
  private emitting: Promise<void> = Promise.resolve();
  private timerGen = 0;
  private disposed = false;

  constructor(private readonly o: SyncEngineOptions) {
    this.x = {
      db: o.db,
      tableId: o.target.tableId,
      now: o.now ?? Date.now,
      uuid: o.uuid ?? (() => crypto.randomUUID()),
      random: o.random ?? Math.random,
    };
    this.sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Replays what is due; concurrent calls share one run; clears a 401 pause (call it after a new token). Never rejects. */
  run(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.needsLogin = false;
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = (async () => {
      try {
        let end: PassEnd;
        do {
          this.again = false;
          end = await passUnderOutboxLock({
            dbName: this.x.db.name,
            pass: () => this.pass(),
            onOtherReplayEnded: this.o.onOtherReplayEnded,
            disposed: () => this.disposed,
          });
          // run() called meanwhile: go on, also after a 401 (it may come with a new token).
        } while (this.again && end !== 'stopped' && !this.disposed);
      } catch (e) {
        this.lastError = e instanceof Error ? e.message : String(e);
      } finally {
        this.current = null;
        await this.emit();
        await this.schedule();
      }
    })();
    void this.emit();
    return this.current;
  }

  /** Resets the backoff of every failed change (the 'sync now' button, the online event) and runs. */
  async retryNow(): Promise<void> {
    if (this.disposed) return;
    const { db } = this.x;
    await db.transaction('rw', [db.outbox], async () => {
      for (const c of await db.outbox.where('state').equals('failed').toArray()) {
        await db.outbox.update(c.id, { attempts: 0, nextAttemptAt: 0 });
      }
    });
    await this.run();
  }

  /** The current counts and flags. */
  async state(): Promise<SyncState> {
    const counts = await countStates(this.x.db);
    return { running: this.current !== null, ...counts, lastError: this.lastError, needsLogin: this.needsLogin };
  }

  /** Recomputes the state and reports it when it changed (e.g. after an offline write). */
  async notify(): Promise<void> {
    await this.emit();
  }

  /** The changes the server refused, oldest first. */
  conflicts(): Promise<ConflictInfo[]> {
    return listConflicts(this.x);
  }

  /** The changes still on their way, in the order they will be sent. */
  pending(): Promise<PendingChangeInfo[]> {
    return listPending(this.x);
  }

  /** Drops a conflicting change and restores the local record to the server's version, or removes it. */
  async discard(changeId: string): Promise<void> {
    await discardConflict(this.x, this.o.service, changeId);
    await this.emit();
  }

  /** Turns a refused update into a new create with a new idempotency key (call run() to send it). */
  async saveAsNew(changeId: string): Promise<void> {
    await saveConflictAsNew(this.x, changeId);
    await this.emit();
  }

  /** Keeps the user's change over the server's newer version (a 412 conflict): queued again on that version (call run() to send it). */
  async keepMine(changeId: string): Promise<void> {
    await keepMineOverServer(this.x, changeId);
    await this.emit();
  }

  /** Stops the engine: no new runs or retries, and an answer still in flight is not applied (as after a reload). */
  dispose(): void {
    this.disposed = true;
    this.timerGen++;
  }

  /** Sends due changes one at a time until none is left or one stops the queue. */
  private async pass(): Promise<PassEnd> {
    this.needsLogin = false;
    await recoverInterrupted(this.x);
    const seen = new Set<string>();
    for (;;) {
      if (this.disposed) return 'stopped';
      const next = await nextDue(this.x.db, this.x.now());
      if (!next || seen.has(next.id)) return 'done';
      seen.add(next.id);
      const o = await this.process(next.id);
      if (this.disposed) return 'stopped';
      await this.emit();
      if (o.type === 'auth') {
        this.needsLogin = true;
        this.lastError = o.message;
        return 'auth';
      }
      if (o.type === 'transient') {
        this.lastError = o.message;
        return 'stopped';
      }
      if (o.type === 'ok') this.lastError = null;
    }
  }

  /** Sends one change and records how it went. */
  private async process(changeId: string): Promise<Outcome> {
    const s = await begin(this.x, changeId);
    if (!s) return { type: 'ok' };
    await this.emit();
    try {
      const o = await this.send(s);
      if (o.type !== 'ok' && !this.disposed) await markOutcome(this.x, s.change, o);
      return o;
    } catch (e) {
      // A storage error after a 2xx: the change stays and is retried; its key makes that safe.
      const o: Outcome = { type: 'transient', message: e instanceof Error ? e.message : String(e), status: null };
      if (!this.disposed) await markOutcome(this.x, s.change, o).catch(() => {});
      return o;
    }
  }

  /** The requests of one change, each success applied before the next step. */
  private async send(s: Snapshot): Promise<Outcome> {
    const { service } = this.o;
    const c = s.change;
    if (c.kind === 'create') {
      const r = await sendCreate(service, s);
      if (r.outcome.type !== 'ok' || this.disposed) return r.outcome;
      if (!r.value) return (await finish(this.x, c.id), r.outcome);
      const ids = await applyCreate(this.x, s, r.value);
      this.o.onApplied?.({ kind: 'create', ...ids });
      return r.outcome;
    }
    if (c.kind === 'delete') {
      const r = await sendDelete(service, s);
      if (r.outcome.type !== 'ok' || this.disposed) return r.outcome;
      await applyDelete(this.x, s);
      this.o.onApplied?.({ kind: 'delete', serverId: c.featureId });
      return r.outcome;
    }
    // An update of a record whose create has not gone yet waits (never happens in seq order; never dropped).
    if (s.row?.isInsert === 1)
      return { type: 'transient', message: 'Waiting for the record to be created first', status: null };
    const live = s.row && s.row.isDelete === 0;
    if (live && s.row?.isEdit === 1) {
      const r = await sendPut(service, s);
      if (r.outcome.type !== 'ok' || this.disposed) return r.outcome;
      if (r.value) await applyPut(this.x, s, r.value);
    }
    // Each waiting photo in order, each applied as soon as it is stored: a retry sends only those left.
    for (const p of live ? s.photos : []) {
      const r = await sendPhoto(service, c.featureId, c.id, p);
      if (r.outcome.type !== 'ok' || this.disposed) return r.outcome;
      if (p.cover === 1 && r.value !== undefined) {
        const made = await sendCover(service, c.featureId, r.value);
        if (made.outcome.type !== 'ok' || this.disposed) return made.outcome;
      }
      await applyPhoto(this.x, c.featureId, p.id as number);
    }
    await finish(this.x, c.id);
    this.o.onApplied?.({ kind: 'update', serverId: c.featureId });
    return { type: 'ok' };
  }

  /** Reports the state when it differs from the last report; reports go out in order. */
  private emit(): Promise<void> {
    this.emitting = this.emitting.then(() => this.emitNow());
    return this.emitting;
  }

  private async emitNow(): Promise<void> {
    try {
      const s = await this.state();
      const key = JSON.stringify(s);
      if (key === this.lastSent || this.disposed) return;
      this.lastSent = key;
      this.o.onState(s);
    } catch {
      // The database is closing (reload): nothing to report.
    }
  }

  /** Plans the automatic retry of the earliest failed change, unless paused for login or disposed. */
  private async schedule(): Promise<void> {
    if (this.disposed || this.needsLogin) return;
    let due = Infinity;
    try {
      for (const c of await this.x.db.outbox.where('state').equals('failed').toArray())
        due = Math.min(due, c.nextAttemptAt);
    } catch {
      return;
    }
    if (due === Infinity) return;
    const gen = ++this.timerGen;
    void this.sleep(Math.max(0, due - this.x.now())).then(() => {
      if (gen === this.timerGen && !this.disposed) void this.run();
    });
  }
}
