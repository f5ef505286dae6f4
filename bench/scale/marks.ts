/** What bench/scale reads of a page's course: the data core's marks and the steps printed from them. */
import type { Page } from 'playwright-core';

/** One step of a first visit: a `layer:` mark of the data core or a drawing of the page, in ms from navigation start. */
export interface LoadStep {
  at: number;
  what: string;
}

/** A `layer:` mark of the data core (worker/layer/loadMarks.ts) or a `map:` mark of the map worker (mapscene/MapScene.ts), at ms since the epoch. */
export type Mark = { name: string; at: number; detail: unknown };

/** The data core's `layer:` marks and the map worker's `map:` marks so far (every worker of the page is asked). */
export async function workerMarks(page: Page): Promise<Mark[]> {
  const all = await Promise.all(
    page.workers().map((w) =>
      w
        .evaluate(() =>
          performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('layer:') || m.name.startsWith('map:'))
            .map((m) => ({
              name: m.name,
              at: performance.timeOrigin + m.startTime,
              detail: (m as PerformanceMark).detail as unknown,
            })),
        )
        .catch(() => [] as Mark[]),
    ),
  );
  return all.flat();
}

/**
 * The data core's marks and the page's drawings (`data-sightings`) since navigation start, in
 * order, and the page's time origin (ms since the epoch).
 */
export async function pageSteps(page: Page): Promise<{ origin: number; steps: LoadStep[] }> {
  const marks = await workerMarks(page);
  const { origin, log } = await page.evaluate(() => ({
    origin: performance.timeOrigin,
    log: (window as unknown as { __sightingsLog: { at: number; n: number }[] }).__sightingsLog,
  }));
  const steps = [
    ...marks.map((m) => ({ at: m.at - origin, what: `${m.name} ${m.detail ? JSON.stringify(m.detail) : ''}` })),
    ...log.map((l) => ({ at: l.at, what: `page: data-sightings=${l.n}` })),
  ];
  return { origin, steps: steps.sort((a, b) => a.at - b.at) };
}
