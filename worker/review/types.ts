/** The shapes of review (issue #20) that cross to the UI: the queue and the reporter's inbox (types only). */
import type { Properties } from '../../domain/model.ts';
import type { HistoryEntry } from '../../domain/review.ts';

/** What the review queue asks for (issue #20): statuses, group, species, a date range and an area. */
export interface QueueQuery {
  /** STATUS values to list (empty counts as 5); [] = every status. */
  statuses: number[];
  group: number | null;
  species: number | null;
  /** Find dates, YYYY-MM-DD, inclusive; null = open. */
  from: string | null;
  to: string | null;
  /** EPSG:3857 [minX, minY, maxX, maxY]; null = everywhere. */
  extent: [number, number, number, number] | null;
  offset: number;
  limit: number;
}

/** One record of the queue. */
export interface QueueItem {
  id: number;
  properties: Properties;
  /** EPSG:3857. */
  coord: [number, number] | null;
  /** The record's version (If-Match of a verdict); undefined when the server did not give it. */
  version?: number;
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
