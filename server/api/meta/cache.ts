import type { Queryable } from '../../db/index.ts';

/** Most entries kept; past it the cache starts over (tables and projects are far fewer in practice). */
export const MAX_META_ENTRIES = 10_000;

/**
 * Table and project metadata of one database, cached in this process, so that a request for a
 * known table runs no metadata query (docs/architecture.md, "Metadata cache").
 *
 * Correctness rests on two rules. (1) Every write to projects, platform_tables,
 * platform_columns, select_values or attachment_infos made by this process is followed, after
 * its commit, by `invalidate()` (the routes use `withMetaChange`). Invalidation drops every
 * entry, including loads still in flight, so a load that is kept always started after the last
 * change committed. (2) Writes of other processes sharing a PostgreSQL database arrive as
 * notifications (triggers of migration 3 → LISTEN in server/db/notify.ts) and invalidate too;
 * while that connection is down the cache is not trusted and every lookup loads afresh.
 */
export class MetaCache {
  private trusted: boolean;
  private readonly entries = new Map<string, Promise<unknown>>();
  /** How many times the cache was emptied (for tests and diagnostics). */
  generation = 0;

  constructor(trusted: boolean) {
    this.trusted = trusted;
  }

  /** Drops everything: metadata changed, or may have. */
  invalidate(): void {
    this.entries.clear();
    this.generation++;
  }

  /** Whether cached values may be used; either way the cache starts over (changes may have been missed). */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.invalidate();
  }

  /** True while cached values are used. */
  get isTrusted(): boolean {
    return this.trusted;
  }

  /**
   * The value of `key`: the cached one, or `load()`'s. A load that fails or yields null is not
   * kept (unknown ids must not fill the cache), and neither is one overtaken by `invalidate()`.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.trusted) return load();
    const hit = this.entries.get(key);
    if (hit) return hit as Promise<T>;
    if (this.entries.size >= MAX_META_ENTRIES) this.entries.clear();
    const value = load();
    this.entries.set(key, value);
    const forget = (): void => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    };
    value.then((v) => {
      if (v === null) forget();
    }, forget);
    return value;
  }
}

const caches = new WeakMap<Queryable, MetaCache>();

/**
 * Turns the metadata cache on for `db` (a server's database; transactions and other query
 * objects never cache). `trusted` false: cached values are not used until `setTrusted(true)`.
 */
export function enableMetaCache(db: Queryable, trusted: boolean): MetaCache {
  const cache = new MetaCache(trusted);
  caches.set(db, cache);
  return cache;
}

/** The cache of `db`, if it has one. */
export function metaCacheOf(db: Queryable): MetaCache | undefined {
  return caches.get(db);
}

/** `load()` through the cache of `db` under `key`; straight `load()` when `db` has no cache. */
export function cachedMeta<T>(db: Queryable, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.get(key, load) : load();
}

/**
 * Runs `write` (which changes projects, tables, columns, Select values or attachment infos,
 * committed by the time it resolves) and then empties the cache of `db`, also when it fails
 * (a commit may have happened before the error).
 */
export async function withMetaChange<T>(db: Queryable, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    caches.get(db)?.invalidate();
  }
}
