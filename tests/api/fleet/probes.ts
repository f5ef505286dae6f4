import { waitFor } from './harness.ts';
import type { LoadFigures } from './reporters.ts';

/** What the fleet and outage tests watch while their reporters run: recovery and progress. */

/** A GET bounded to 5 s: its status, or 0 without an answer. */
async function status(url: string, token?: string): Promise<number> {
  try {
    const r = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(5000),
    });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return 0;
  }
}

/** What GET /readyz and a real API call (reading find `id`) answered, e.g. `readyz 200, api 200`. */
async function answered(base: string, token: string, id: number): Promise<string> {
  return `readyz ${await status(`${base}/readyz`)}, api ${await status(`${base}/api/Features/35/48/${id}`, token)}`;
}

/** Milliseconds from now until every one of `bases` answers (polled every 100 ms); rejects after `timeoutMs`. */
export async function recoveryMs(bases: string[], token: string, id: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const last = new Map(bases.map((b) => [b, 'nothing yet']));
  await waitFor(
    async () => {
      for (const [b, was] of last) {
        if (was === 'ok') continue;
        const now = await answered(b, token, id);
        last.set(b, now === 'readyz 200, api 200' ? 'ok' : now);
      }
      return [...last.values()].every((v) => v === 'ok');
    },
    timeoutMs,
    () => `/readyz and an API call to answer 200 again (last: ${JSON.stringify(Object.fromEntries(last))})`,
  );
  return Date.now() - started;
}

/** Waits until the reporters have `more` acknowledgements beyond what they had when called. */
export async function progress(figures: LoadFigures, more: number, timeoutMs: number, what: string): Promise<void> {
  const target = figures.acked.size + more;
  await waitFor(async () => figures.acked.size >= target, timeoutMs, `${more} more finds acknowledged ${what}`);
}

/** The status of GET `url` within 5 s (0 without an answer), for checks while the database is down. */
export { status as probeStatus };

/**
 * The id of a find acknowledged to a reporter that used the first token (reporters r with
 * r % tokens = 0), so that a read with that token may see it; waits for one up to 60 s.
 */
export async function firstOwnFind(figures: LoadFigures, tokens: number): Promise<number> {
  let id: number | undefined;
  await waitFor(
    async () => {
      id = [...figures.acked].find(([key]) => Number(/-r(\d+)-f/.exec(key)?.[1]) % tokens === 0)?.[1];
      return id !== undefined;
    },
    60_000,
    'a find acknowledged to a reporter of the first token',
  );
  return id as number;
}
