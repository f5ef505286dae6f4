/** What loadOnce gives: the loaded value, and whether it has been asked for (and not failed since). */
export interface LoadOnce<T> {
  get(): Promise<T>;
  readonly asked: boolean;
}

/**
 * A lazily loaded module (or any value), loaded at the first `get` and kept. A load that failed is
 * forgotten, so the next `get` tries again: a chunk fetched with no signal, before the service
 * worker has cached the app, must not stay failed for the rest of the visit.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | null = null;
  return {
    get(): Promise<T> {
      loading ??= load().catch((e: unknown) => {
        loading = null;
        throw e;
      });
      return loading;
    },
    get asked(): boolean {
      return loading !== null;
    },
  };
}
