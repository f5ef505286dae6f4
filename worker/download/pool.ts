/**
 * Bounded concurrency for the download's network steps (Chromium opens at most 6 connections per host over HTTP/1.1: 6-8 parallel
 * fetches saturate HTTP/1.1).
 */
import { stopFromSignal } from './retry.ts';

/**
 * Runs `work` for the items of `source` with at most `concurrency` in flight. The first error
 * stops handing out items and is rethrown once the lanes have ended (`onError` runs at once, so
 * the caller can abort the fetches still in flight); an aborted signal ends it with the job's stop.
 */
export async function runPool<T>(
  source: Iterator<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
  signal: AbortSignal,
  onError: (e: unknown) => void = () => {},
): Promise<void> {
  let failure: { error: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (!failure && !signal.aborted) {
      const next = source.next();
      if (next.done) return;
      try {
        await work(next.value);
      } catch (e) {
        if (!failure) {
          failure = { error: e };
          onError(e);
        }
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  if (signal.aborted) throw stopFromSignal(signal);
}
