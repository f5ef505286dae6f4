/**
 * bench/scale, a filter change in the app (browser.ts runs it after the returning starts, the
 * phone profile still on): the year picked in *Filtri*, then no year, then another year, each
 * timed from the select's `change` event to the page's next `data-sightings`, which the page
 * sets once the map worker says the data core's new batch is drawn (src/map/port/sightingsActions.ts).
 * The whole path a user waits for: the page, the data core's re-filter and batch, the map worker's
 * redraw, at the view the start left (the country on a phone).
 */
import type { Page } from 'playwright-core';
import { pageSteps, workerMarks, type LoadStep, type Mark } from './marks.ts';

/** How long the layer may take to settle whole after a returning start (its feed answered, redrawn). */
const SETTLE_TIMEOUT_MS = 180_000;
/**
 * The layer counts as settled when neither `data-sightings` nor the workers' marks have changed
 * for this long: the data core's work after a start (the rows from the feed, the filter panel's
 * columns warmed, its years' batches assembled ahead: `layer:warmed`, `layer:ahead`) is done, as
 * it is by the time a user has opened *Filtri* and picked a year. A year picked before its batch
 * was assembled ahead is assembled then (45–84 ms more at 1M with the workers slowed).
 */
const SETTLED_MS = 3000;
/** How long one filter change may take. */
const CHANGE_TIMEOUT_MS = 60_000;

type Log = { at: number; n: number }[];
const logLength = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __sightingsLog: Log }).__sightingsLog.length);

/** Waits until the page's `data-sightings` and the workers' marks have stayed the same for SETTLED_MS. */
export async function settled(page: Page): Promise<void> {
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  const state = async (): Promise<string> => `${await logLength(page)} ${(await workerMarks(page)).length}`;
  let seen = await state();
  let since = Date.now();
  while (Date.now() < until) {
    await page.waitForTimeout(500);
    const now = await state();
    if (now !== seen) [seen, since] = [now, Date.now()];
    else if (Date.now() - since >= SETTLED_MS) return;
  }
  throw new Error('the layer did not settle after the returning start');
}

/** What the filter changes measured. */
export interface FilterChanges {
  /** Ms from each of the three picks to the map's drawing of it. */
  ms: number[];
  /** The finds drawn after each. */
  drawn: number[];
  /**
   * The workers' own ms in each: the data core's batch (`layer:points`, its selection included)
   * and the map worker's drawing (`map:drawn`), as they time themselves; null when the marks do
   * not pair with the changes.
   */
  workers: number[] | null;
  /** The data core's marks and the page's drawings meanwhile, in ms after the first pick. */
  steps: LoadStep[];
}

/** Each of `changes` changes' workers' own ms from their marks since `since` (ms since the epoch), or null. */
function workersMs(marks: Mark[], since: number, changes: number): number[] | null {
  const msOf = (name: string): number[] =>
    marks
      .filter((m) => m.name === name && m.at >= since)
      .sort((a, b) => a.at - b.at)
      .map((m) => Number((m.detail as { ms?: unknown } | null)?.ms));
  const parts = ['layer:points', 'map:drawn'].map(msOf);
  if (parts.some((p) => p.length < changes || p.slice(0, changes).some((ms) => !Number.isFinite(ms)))) return null;
  return Array.from({ length: changes }, (_, c) => parts.reduce((sum, p) => sum + p[c]!, 0));
}

/**
 * Ms from each of three year changes in *Filtri* to the map's drawing of it, the finds drawn after
 * each, the workers' own part of each, and what happened meanwhile.
 */
export async function filterChanges(page: Page): Promise<FilterChanges> {
  await settled(page);
  await page.getByRole('button', { name: 'Filtri' }).click();
  const year = page.getByRole('complementary', { name: 'Filtri' }).getByLabel('Leto');
  // The panel's chunk and its choices may still be loading.
  await year.locator('option').nth(3).waitFor({ state: 'attached', timeout: CHANGE_TIMEOUT_MS });
  const years = (
    await year.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter((v) => v !== '');
  const ms: number[] = [];
  const drawn: number[] = [];
  const startedAt = Date.now();
  for (const value of [years[1] ?? years[0]!, '', years[2] ?? years[0]!]) {
    const before = await logLength(page);
    await page.evaluate(() => {
      const w = window as unknown as { __filterAt?: number };
      w.__filterAt = undefined;
      document.addEventListener('change', () => (w.__filterAt = performance.now()), { once: true, capture: true });
    });
    await year.selectOption(value);
    await page.waitForFunction(
      (n) => (window as unknown as { __sightingsLog: Log }).__sightingsLog.length > n,
      before,
      { timeout: CHANGE_TIMEOUT_MS, polling: 50 },
    );
    const r = await page.evaluate(() => {
      const w = window as unknown as { __sightingsLog: Log; __filterAt: number };
      const last = w.__sightingsLog[w.__sightingsLog.length - 1]!;
      return { ms: last.at - w.__filterAt, n: last.n };
    });
    ms.push(r.ms);
    drawn.push(r.n);
  }
  const workers = workersMs(await workerMarks(page), startedAt, ms.length);
  await page.getByRole('button', { name: 'Ponastavi' }).click();
  const { origin, steps } = await pageSteps(page);
  const since = startedAt - origin;
  return { ms, drawn, workers, steps: steps.map((s) => ({ ...s, at: s.at - since })).filter((s) => s.at >= 0) };
}
