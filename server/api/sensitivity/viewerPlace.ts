/**
 * Where a caller sees a record (issue #21, domain/sensitivity.ts): its creator and the reviewers of
 * its group see the exact place; everyone else the stored public place, which for a sensitive
 * species is the centre of its national-grid square, and a class 3 find not at all (visibleSql).
 * Every read route takes the place, and filters by area, through these functions, so that a
 * query can never tell more about a point than its square.
 */
import type { Geometry } from '../../../domain/model.ts';
import type { Viewer } from '../../../domain/review.ts';
import { readGeneralisation } from '../../../domain/sensitivity.ts';
import { canSeeCreator, seesCreatorSql, type OwnedRow } from '../access/recordAccess.ts';
import type { TableMeta } from '../meta/tableMeta.ts';

/** A stored row's place columns. */
export interface PlacedRow extends OwnedRow {
  geometry: Geometry | null;
  generalised?: number;
  pub_geometry?: Geometry | null;
  /** The location's measured accuracy (records.location_accuracy_m), told with the exact place only. */
  location_accuracy_m?: number | null;
}

/** The columns PlacedRow reads, for select lists. */
export const PLACE_COLUMNS = 'r.generalised, r.pub_geometry';

/** The place of a row as the viewer may see it: the geometry, and the square's side when generalised. */
export function placeOf(
  meta: TableMeta,
  row: PlacedRow,
  viewer: Viewer,
): { geometry: Geometry | null; generalised?: 1000 | 10000; accuracyMetres?: number } {
  const g = readGeneralisation(row.generalised);
  if (g === 0 || canSeeCreator(meta, row, viewer)) {
    const m = row.location_accuracy_m;
    return m === null || m === undefined ? { geometry: row.geometry } : { geometry: row.geometry, accuracyMetres: m };
  }
  // A withheld find (-1) never reaches here for a viewer without the exact place (visibleSql hides it).
  if (g === -1 || !row.pub_geometry) return { geometry: null };
  return { geometry: row.pub_geometry, generalised: g };
}

/** SQL for the place of `alias` as the viewer may see it. */
export interface PlaceSql {
  /** true when the viewer sees the exact place. */
  exact: string;
  /** The geometry (jsonb) the viewer gets. */
  geometry: string;
  /** 0, or the square's side in metres when the viewer gets the place generalised. */
  generalised: string;
  /** True when what the viewer may know of the place meets the extent given as four SQL values. */
  intersects(minX: string, minY: string, maxX: string, maxY: string): string;
}

/** PlaceSql of `alias` for the viewer. */
export function placeSql(meta: TableMeta, alias: string, params: unknown[], viewer: Viewer): PlaceSql {
  const exact = seesCreatorSql(meta, alias, params, viewer);
  const a = alias;
  return {
    exact,
    geometry: `(case when ${a}.generalised = 0 or ${exact} then ${a}.geometry else ${a}.pub_geometry end)`,
    generalised: `(case when ${a}.generalised = 0 or ${exact} then 0 else ${a}.generalised end)`,
    // Two arms, each with its own R-tree (the planner ORs their bitmaps;
    // server/db/migrations/10-area-rtrees.ts): a record shown at its exact place by its box; a
    // generalised one by its public square, where the creator and reviewers are then held to the
    // exact box. The boxes are written exactly as the indexes' expressions, or the planner cannot
    // use them.
    intersects: (x1, y1, x2, y2) => {
      const query = `box(point(${x1}, ${y1}), point(${x2}, ${y2}))`;
      const bbox = `box(point(${a}.min_x, ${a}.min_y), point(${a}.max_x, ${a}.max_y)) && ${query}`;
      const square = `box(point(${a}.pub_min_x, ${a}.pub_min_y), point(${a}.pub_max_x, ${a}.pub_max_y)) && ${query}`;
      return `((${a}.generalised = 0 and ${bbox}) or (${a}.generalised <> 0 and ${square} and (not ${exact} or (${bbox}))))`;
    },
  };
}
