import type { OfflineDb } from './db.ts';

/** Builds the project-specific cache key of a response (read back when offline). */
export function cacheKey(projectId: number, ...parts: Array<string | number>): string {
  return `p${projectId}:${parts.join(':')}`;
}

/**
 * Network first, then the stored copy: a successful `load` is stored under `key`; when it
 * fails (offline, server down) the last stored answer is returned, or the error rethrown.
 */
export async function cachedLoad<T>(db: OfflineDb, key: string, online: boolean, load: () => Promise<T>): Promise<T> {
  if (online) {
    try {
      const body = await load();
      await db.responses.put({ key, savedAt: Date.now(), body }).catch((e: unknown) => {
        console.warn('Response cache write failed', e);
      });
      return body;
    } catch (e) {
      const stored = await db.responses.get(key);
      if (stored) return stored.body as T;
      throw e;
    }
  }
  const stored = await db.responses.get(key);
  if (stored) return stored.body as T;
  return load();
}
