import type { Migration } from './migration.ts';
import { platform } from './01-platform.ts';
import { administration } from './02-administration.ts';
import { metaChanged } from './03-meta-changed.ts';
import { versions } from './04-versions.ts';
import { reviewHistory } from './05-review-history.ts';
import { publicPlaces } from './06-public-places.ts';
import { generalisedIndex } from './07-generalised-index.ts';
import { rateLimits } from './08-rate-limits.ts';
import { cleanPhotos } from './09-clean-photos.ts';
import { areaRtrees } from './10-area-rtrees.ts';
import { changeFeed } from './11-change-feed.ts';
import { people } from './12-people.ts';
import { photoOrder } from './13-photo-order.ts';
import { locationAccuracy } from './14-location-accuracy.ts';
import { viewCells } from './15-view-cells.ts';

/**
 * Every migration, in the order they run: a new one goes at the end with the next version. A
 * shipped migration is never edited or renumbered: migrate.ts records each version it applied in
 * schema_migrations and skips it on every later start.
 */
export const MIGRATIONS: readonly Migration[] = [
  platform,
  administration,
  metaChanged,
  versions,
  reviewHistory,
  publicPlaces,
  generalisedIndex,
  rateLimits,
  cleanPhotos,
  areaRtrees,
  changeFeed,
  people,
  photoOrder,
  locationAccuracy,
  viewCells,
];
