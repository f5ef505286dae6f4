/** What bench/scale reads of a page's course: the data core's marks and the steps printed from them. */
import type { Page } from 'playwright-core';

/** One step of a first visit: a `layer:` mark of the data core or a drawing of the page, in ms from navigation start. */
export interface LoadStep {
  at: number;
  what: string;
}

/** A `layer:` mark of the data core (worker/layer/loadMarks.ts), at ms since the epoch. */
export type Mark = { name: string; at: number; detail: unknown };

/** The data core's `layer:` marks so far (every worker of the page is asked; only the data core marks). */
export async function workerMarks(page: Page): Promise<Mark[]> {
  const all = await Promise.all(
    page.workers().map((w) =>
      w
        .evaluate(() =>
          performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('layer:'))
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
