/** Shared set-up of the sync tests: a database over fake-indexeddb, a real HttpClient with a short timeout, a fake clock. */
import 'fake-indexeddb/auto';
import { HttpClient, type RequestOptions } from '../../../../worker/http/client.ts';
import { RecordService } from '../../../../worker/records/service.ts';
import { openOfflineDb, type OfflineDb } from '../../../../worker/store/db.ts';
import {
  OfflineRecords,
  SyncEngine,
  type AppliedChange,
  type OfflinePhoto,
  type OfflineTarget,
  type SyncState,
} from '../../../../worker/sync/index.ts';
import type { Feature, Geometry } from '../../../../domain/model.ts';
import type { FakeRecord, FakeServer } from './fakeServer.ts';

/** The sightings table 48 of project 35 (profile 18, photo attachment info 1). */
export const TARGET: OfflineTarget = { projectId: 35, profileId: 18, tableId: 48, attachmentInfoId: 1 };

/** A point in EPSG:3857 inside Slovenia. */
/** A record held by the fake server as the Feature a download gives the data core. */
export const asFeature = (r: FakeRecord): Feature => ({
  type: 'Feature',
  id: r.id,
  geometry: r.geometry as Feature['geometry'],
  properties: { ...r.properties } as Feature['properties'],
});

export const point = (i = 0): Geometry => ({ type: 'Point', coordinates: [1_600_000 + i, 5_800_000 + i] });

/** A fake JPEG whose bytes are `content` (the fake server keeps them as text). */
export const photo = (content: string): OfflinePhoto => ({
  blob: new Blob([content], { type: 'image/jpeg' }),
  name: 'slika.jpg',
  mimeType: 'image/jpeg',
});

/** An HttpClient that gives every request at most `timeoutMs` (RecordService uses 30-120 s defaults). */
export class ShortTimeoutClient extends HttpClient {
  constructor(
    origin: string,
    token: () => string,
    private readonly timeoutMs: number,
  ) {
    super({ origin, token });
  }

  override send(method: string, path: string, o: RequestOptions = {}): Promise<Response> {
    return super.send(method, path, { ...o, timeoutMs: Math.min(o.timeoutMs ?? 30_000, this.timeoutMs) });
  }
}

/** A clock the test moves. */
export class FakeClock {
  t = 1_700_000_000_000;
  readonly now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

/** The seeded PRNG (domain/prng.ts). */
export { mulberry32 as prng } from '../../../../domain/prng.ts';

let dbCount = 0;

/** Everything a sync test works with. */
export interface Rig {
  name: string;
  db: OfflineDb;
  records: OfflineRecords;
  engine: SyncEngine;
  clock: FakeClock;
  states: SyncState[];
  applied: AppliedChange[];
  sleeps: number[];
  /** The token the client sends. */
  token: { value: string };
  /** Rebuilds records and engine on a freshly opened database of the same name (a page reload). */
  reload(): void;
}

/** Options of a rig. */
export interface RigOptions {
  /** Per-request time-out; default 1.5 s (below the fake server's 2 s stall, above a loaded CI machine's slowest answer). */
  timeoutMs?: number;
  random?: () => number;
  /** Automatic retries: off (default) or resolved at once after advancing the clock. */
  autoRetry?: boolean;
}

/** Builds a rig against a fake server. */
export function rig(server: FakeServer, o: RigOptions = {}): Rig {
  const name = `sync-test-${++dbCount}-${Math.random()}`;
  const clock = new FakeClock();
  const token = { value: server.token };
  const r = { name, clock, token, states: [], applied: [], sleeps: [] } as unknown as Rig;
  const build = (): void => {
    r.db = openOfflineDb(name);
    const http = new ShortTimeoutClient(server.origin, () => token.value, o.timeoutMs ?? 1500);
    r.records = new OfflineRecords(r.db, TARGET, { now: clock.now, ...(o.random ? { random: o.random } : {}) });
    r.engine = new SyncEngine({
      db: r.db,
      service: new RecordService(http, TARGET),
      target: TARGET,
      onState: (s) => r.states.push(s),
      onApplied: (e) => r.applied.push(e),
      now: clock.now,
      sleep: (ms) => {
        r.sleeps.push(ms);
        if (!o.autoRetry) return new Promise<void>(() => {});
        clock.advance(ms);
        return Promise.resolve();
      },
    });
  };
  r.reload = () => {
    r.engine.dispose();
    r.db.close();
    build();
  };
  build();
  return r;
}

/** Stores server records as the features of a downloaded area (extentId 1), as a map download would. */
export async function downloadArea(db: OfflineDb, features: Feature[], extentId = 1): Promise<void> {
  await db.features.bulkAdd(
    features.map((feature) => ({
      extentId,
      tableId: TARGET.tableId,
      featureId: feature.id,
      isInsert: 0,
      isEdit: 0,
      isDelete: 0,
      feature,
      profileId: TARGET.profileId,
    })),
  );
}

/** Runs the engine until nothing is pending (conflicts aside), moving the clock past every backoff; returns the runs it took. */
export async function drain(
  r: Pick<Rig, 'engine' | 'clock'> | (() => Pick<Rig, 'engine' | 'clock'>),
  maxRuns = 500,
): Promise<number> {
  const get = typeof r === 'function' ? r : () => r;
  for (let i = 1; i <= maxRuns; i++) {
    const { engine, clock } = get();
    await engine.run();
    if ((await get().engine.state()).pending === 0) return i;
    clock.advance(301_000);
  }
  throw new Error(`Outbox not drained after ${maxRuns} runs`);
}
