import { waitFor } from './harness.ts';
import type { LoadFigures } from './reporters.ts';

/** What the fleet and outage tests watch while their reporters run: recovery and progress. */

/** A GET bounded to 2 s: its status, or 0 without an answer. */
async function status(url: string, token?: string): Promise<number> {
  try {
    const r = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(2000),
    });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return 0;
  }
}

/** Whether `base` answers again: GET /readyz is 200, and a real API call (reading find `id`) is 200. */
export async function answers(base: string, token: string, id: number): Promise<boolean> {
  return (await status(`${base}/readyz`)) === 200 && (await status(`${base}/api/Features/35/48/${id}`, token)) === 200;
}

/** Milliseconds from now until every one of `bases` answers (polled every 100 ms); rejects after `timeoutMs`. */
export async function recoveryMs(bases: string[], token: string, id: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const pending = new Set(bases);
  await waitFor(
    async () => {
      for (const b of [...pending]) if (await answers(b, token, id)) pending.delete(b);
      return pending.size === 0;
    },
    timeoutMs,
    `${[...pending].join(', ')} to answer /readyz and an API call again`,
  );
  return Date.now() - started;
}

/** Waits until the reporters have `more` acknowledgements beyond what they had when called. */
export async function progress(figures: LoadFigures, more: number, timeoutMs: number, what: string): Promise<void> {
  const target = figures.acked.size + more;
  await waitFor(async () => figures.acked.size >= target, timeoutMs, `${more} more finds acknowledged ${what}`);
}

/** The status of GET `url` within 2 s (0 without an answer), for checks while the database is down. */
export { status as probeStatus };
