import type { Db } from '../../db/index.ts';
import { listen } from '../../db/notify.ts';
import { enableMetaCache, type MetaCache } from './cache.ts';

/** The channel the triggers of migration 3 notify on every metadata change. */
export const META_CHANNEL = 'sv_meta_changed';
/** application_name of the listening connection (pg_stat_activity). */
export const META_LISTENER_NAME = 'sv-meta-listener';

/** A started metadata cache. */
export interface MetaSync {
  cache: MetaCache;
  close(): Promise<void>;
}

/**
 * Turns on the metadata cache of a server's database. PGlite belongs to this one process, so
 * its own invalidations suffice. PostgreSQL may be shared by several server processes: their
 * changes arrive as notifications on META_CHANNEL, and the cache is used only while this
 * process listens (a lost connection means every lookup reads the database until it is back).
 */
export async function startMetaCache(db: Db, databaseUrl: string | null): Promise<MetaSync> {
  if (db.kind !== 'postgres' || !databaseUrl) return { cache: enableMetaCache(db, true), close: async () => undefined };
  const cache = enableMetaCache(db, false);
  const listener = await listen(
    databaseUrl,
    META_CHANNEL,
    {
      notify: () => cache.invalidate(),
      listening: (on) => cache.setTrusted(on),
    },
    { applicationName: META_LISTENER_NAME },
  );
  return { cache, close: () => listener.close() };
}
