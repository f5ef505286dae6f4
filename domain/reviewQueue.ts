/** The query of the reviewer's queue (issue #20), shared by the data core and the UI, and that of its first page. */
import { STATUS_WAITING } from './statuses.ts';

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

/** The first page (of `limit` finds) of the waiting finds of every group, species, date and place. */
export function waitingQueue(limit: number): QueueQuery {
  return {
    statuses: [STATUS_WAITING],
    group: null,
    species: null,
    from: null,
    to: null,
    extent: null,
    offset: 0,
    limit,
  };
}
