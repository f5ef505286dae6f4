/** The shapes of review (issue #20) that cross to the UI: the queue and the reporter's inbox (types only). */
import type { Properties } from '../../domain/model.ts';
import type { HistoryEntry } from '../../domain/review.ts';

export type { QueueQuery } from '../../domain/reviewQueue.ts';

/** One record of the queue. */
export interface QueueItem {
  id: number;
  properties: Properties;
  /** EPSG:3857. */
  coord: [number, number] | null;
  /** The record's version (If-Match of a verdict); undefined when the server did not give it. */
  version?: number;
  /** Other finds (anyone's) likely the same find: same species, <= 100 m, same Ljubljana day (domain/duplicates.ts). */
  duplicates: number[];
}

/** A page of the queue, with the count of every status within the reviewer's groups and the other filters. */
export interface QueuePage {
  items: QueueItem[];
  total: number;
  counts: Record<number, number>;
}

/** The reporter's inbox: what others did to her finds, newest first, and how many she has not seen. */
export interface Inbox {
  entries: HistoryEntry[];
  unseen: number;
}
