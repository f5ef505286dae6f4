/**
 * Retries of one network step of a download (a tile, the feature list, a thumbnail) with
 * exponential backoff, and the rules that turn its errors into a job's stop state.
 */
import { JobStop, isOfflineError, reasonOf } from './errors.ts';

/** The default waits before each retry, in ms: 0.5, 1, 2, 4 s, then the step has failed. */
export const DEFAULT_RETRY_DELAYS: readonly number[] = [500, 1000, 2000, 4000];

/** Options of `withRetry`. */
export interface RetryOptions {
  /** The job's signal: once aborted, no further attempt is made. */
  signal: AbortSignal;
  /** Waits ms (tests pass a fake). */
  sleep: (ms: number) => Promise<void>;
  /** Waits before retries 1..n; its length is the number of retries. */
  delays: readonly number[];
}

/** The stop a job's aborted signal stands for: the JobStop it was aborted with, else a cancel. */
export function stopFromSignal(signal: AbortSignal): JobStop {
  const r: unknown = signal.reason;
  return r instanceof JobStop ? r : new JobStop('cancelled', 'cancelled');
}

/** Waits ms, or rejects with the job's stop as soon as its signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal, sleep: (ms: number) => Promise<void>): Promise<void> {
  if (signal.aborted) return Promise.reject(stopFromSignal(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(stopFromSignal(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    sleep(ms).then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Runs `attempt` until it succeeds. A cancel (aborted signal) throws the job's stop; a lost
 * connection throws JobStop('paused', 'offline') at once (retrying offline only burns battery);
 * any other error is retried after each of `delays`, then throws JobStop('failed', reason).
 */
export async function withRetry<T>(what: string, attempt: () => Promise<T>, o: RetryOptions): Promise<T> {
  for (let i = 0; ; i++) {
    if (o.signal.aborted) throw stopFromSignal(o.signal);
    try {
      return await attempt();
    } catch (e) {
      if (o.signal.aborted) throw stopFromSignal(o.signal);
      if (e instanceof JobStop) throw e;
      if (isOfflineError(e)) throw new JobStop('paused', 'offline');
      const delay = o.delays[i];
      if (delay === undefined) throw new JobStop('failed', `${what}: ${reasonOf(e)}`);
      await abortableSleep(delay, o.signal, o.sleep);
    }
  }
}
