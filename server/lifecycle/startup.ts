/**
 * The database work of a start, done once per fleet and once per cause instead of at every start:
 * a start of an up-to-date database reads two marker rows and does nothing table-wide, so that
 * many processes start in seconds even with millions of finds. Each job records the version it
 * ran at in `settings`; raise a job's version when a change of code or schema needs it to run
 * again on existing installations. The causes that arise while running (a species' class set, a
 * record written, a project copied) refresh their own rows as they happen.
 */
import type { Db, Session } from '../db/index.ts';
import { withStartupLock } from '../db/migrate.ts';
import { fillSensitivityClasses, seedIfEmpty } from '../seed/index.ts';
import { refreshAllPublicPlaces } from '../api/sensitivity/generalise.ts';

/**
 * The version of each start-up job. `public-places`: the public place of every sensitive find
 * (issue #21), for installations from before it or after a change of how it is computed.
 * `sensitivity-classes`: the catalogue's classes for species seeded before classes existed.
 */
export const STARTUP_JOBS = { 'public-places': 1, 'sensitivity-classes': 1 } as const;

/** A start-up job's name. */
export type StartupJob = keyof typeof STARTUP_JOBS;

/** The `settings` key that records the version a job last ran at. */
export const jobKey = (job: StartupJob): string => `startup-job:${job}`;

/** What a start did, for the log and the tests. */
export interface StartupReport {
  /** The sample data were inserted now. */
  seeded: boolean;
  /** The jobs that ran (table-wide work); empty on an up-to-date database. */
  ran: StartupJob[];
}

/** The versions the jobs last ran at. */
async function doneVersions(s: Session): Promise<Map<string, number>> {
  const rows = await s.query<{ key: string; value: unknown }>(
    `select key, value from settings where key like 'startup-job:%'`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.value)]));
}

/** Records that `job` ran at its current version. */
async function markDone(s: Session, job: StartupJob): Promise<void> {
  await s.query(
    `insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value`,
    [jobKey(job), JSON.stringify(STARTUP_JOBS[job])],
  );
}

/**
 * Seeds (when `seed` and the sample project is missing) and runs each start-up job whose recorded
 * version is not the current one, under the start-up advisory lock: processes started together
 * wait for the first, which does the work, and then find it done.
 */
export async function prepareDatabase(db: Db, opts: { seed: boolean }): Promise<StartupReport> {
  return withStartupLock(db, async (s) => {
    const done = await doneVersions(s);
    const due = (job: StartupJob): boolean => done.get(jobKey(job)) !== STARTUP_JOBS[job];
    const ran: StartupJob[] = [];
    const seeded = opts.seed ? await seedIfEmpty(s) : false;
    if (opts.seed && due('sensitivity-classes')) {
      await fillSensitivityClasses(s);
      await markDone(s, 'sensitivity-classes');
      ran.push('sensitivity-classes');
    }
    // New sample finds of sensitive species get their public place here, once.
    if (seeded || due('public-places')) {
      await refreshAllPublicPlaces(s);
      await markDone(s, 'public-places');
      ran.push('public-places');
    }
    return { seeded, ran };
  });
}
