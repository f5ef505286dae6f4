/**
 * The public place of a find of a sensitive species (issue #21, domain/sensitivity.ts), computed
 * when a record is written and when a species' class changes, never per request: the centre of
 * the find's square of the national grid (EPSG:3794), stored as `pub_geometry` with the square's
 * EPSG:3857 extent as `pub_*`. A database trigger copies the exact place for everything else.
 */
import type { Queryable } from '../../db/index.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import {
  generalisationOf,
  gridSquare,
  sensitivityClassOf,
  squareCentre,
  type Generalisation,
  type SensitivityClass,
} from '../../../domain/sensitivity.ts';
import { mercatorToNationalGrid, nationalGridToMercator } from '../../geo/projection.ts';

/** The place the public gets of one record. */
export interface PublicPlace {
  generalised: Generalisation;
  /** EPSG:3857 centre of the square, or null when exact or withheld. */
  centre: [number, number] | null;
  /** EPSG:3857 extent of the square [minX, minY, maxX, maxY], or null when exact. */
  extent: [number, number, number, number] | null;
}

const EXACT: PublicPlace = { generalised: 0, centre: null, extent: null };

/**
 * The public place of an EPSG:3857 point under generalisation `g`: the centre and the EPSG:3857
 * extent of its square (the extent of the square's four corners, which holds the whole square).
 */
export function publicPlaceOf(x: number, y: number, g: Generalisation): PublicPlace {
  if (g === 0) return EXACT;
  const [e, n] = mercatorToNationalGrid(x, y);
  // A withheld find still gets a 10 km square's extent: it is never served to the public, but its
  // pub_* columns stay a superset of the exact place, as every bbox query assumes.
  const side = g === -1 ? 10000 : g;
  const sq = gridSquare(e, n, side);
  const corners = [
    [sq[0], sq[1]],
    [sq[2], sq[1]],
    [sq[2], sq[3]],
    [sq[0], sq[3]],
  ].map(([ce, cn]) => nationalGridToMercator(ce as number, cn as number));
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const extent: [number, number, number, number] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const centre = g === -1 ? null : nationalGridToMercator(...squareCentre(sq));
  return { generalised: g, centre, extent };
}

/** The species table of `meta` (the table its VRSTA foreign key points to), or null. */
async function speciesTableOf(q: Queryable, meta: TableMeta): Promise<TableMeta | null> {
  const fk = meta.roles.species?.fkTableId;
  if (!fk) return null;
  const units = await loadTable(q, meta.table.projectId, fk).catch(() => null);
  return units?.roles.pk && units.roles.sensitivity ? units : null;
}

/** The sensitivity class of every species of `meta`'s species table that has one above 0, by species id as text. */
export async function speciesClasses(q: Queryable, meta: TableMeta): Promise<Map<string, SensitivityClass>> {
  const units = await speciesTableOf(q, meta);
  const out = new Map<string, SensitivityClass>();
  if (!units?.roles.pk || !units.roles.sensitivity) return out;
  const rows = await q.query<{ id: string | null; cls: string | null }>(
    `select properties->>$2::text as id, properties->>$3::text as cls from records where table_id = $1 and not archived`,
    [units.table.id, String(units.roles.pk.id), String(units.roles.sensitivity.id)],
  );
  for (const r of rows) {
    const cls = sensitivityClassOf(r.cls);
    if (r.id !== null && cls > 0) out.set(r.id, cls);
  }
  return out;
}

/** Whether records of `meta` can be generalised at all: a point table with a species column. */
function generalisable(meta: TableMeta): boolean {
  return meta.table.geometryType === 2 && meta.roles.species !== null;
}

/** Rows written per statement when many public places change at once. */
const BATCH = 500;

/** Writes the public place of the rows of `meta` matched by `where`, from their stored species and point; returns how many changed. */
async function writePublicPlaces(
  q: Queryable,
  meta: TableMeta,
  classes: Map<string, SensitivityClass>,
  where: string,
  params: unknown[],
  force = false,
): Promise<number> {
  const species = meta.roles.species;
  if (!species) return 0;
  const rows = await q.query<{
    id: number;
    sp: string | null;
    x: number | null;
    y: number | null;
    generalised: number;
    placed: boolean;
  }>(
    `select id, properties->>${`$${params.length + 1}`}::text as sp, min_x as x, min_y as y, generalised,
            (pub_min_x is not null and (generalised = -1 or pub_geometry is not null)) as placed
       from records where ${where}`,
    [...params, String(species.id)],
  );
  const changes = rows.flatMap((r) => {
    const g = generalisationOf(classes.get(r.sp ?? '') ?? 0);
    // `force`: the point may have moved, so a generalised record is placed again.
    return g === r.generalised && (g === 0 || (r.placed && !force))
      ? []
      : [{ id: r.id, place: r.x === null || r.y === null ? EXACT : publicPlaceOf(r.x, r.y, g) }];
  });
  for (let i = 0; i < changes.length; i += BATCH) {
    const batch = changes.slice(i, i + BATCH).map(({ id, place }) => ({
      id,
      g: place.generalised,
      geom: place.centre ? { type: 'Point', coordinates: place.centre } : null,
      x1: place.extent?.[0] ?? null,
      y1: place.extent?.[1] ?? null,
      x2: place.extent?.[2] ?? null,
      y2: place.extent?.[3] ?? null,
    }));
    await q.query(
      `update records r set generalised = v.g, pub_geometry = v.geom, pub_min_x = v.x1, pub_min_y = v.y1, pub_max_x = v.x2, pub_max_y = v.y2
         from jsonb_to_recordset($1::jsonb) as v(id integer, g integer, geom jsonb, x1 float8, y1 float8, x2 float8, y2 float8)
        where r.id = v.id`,
      [JSON.stringify(batch)],
    );
  }
  return changes.length;
}

/** Brings the public place of record `id` up to date after a write (same transaction). */
export async function refreshPublicPlace(tx: Queryable, meta: TableMeta, id: number): Promise<void> {
  if (!generalisable(meta)) return;
  await writePublicPlaces(tx, meta, await speciesClasses(tx, meta), 'id = $1', [id], true);
}

/**
 * Brings the public place of every record of `meta` up to date, or of the finds of one species:
 * once after the seed or an upgrade (server/lifecycle/startup.ts), for a copied project, and when a
 * species' class changes.
 * Returns how many records changed.
 */
export async function refreshPublicPlaces(
  q: Queryable,
  meta: TableMeta,
  speciesId: string | null = null,
): Promise<number> {
  if (!generalisable(meta)) return 0;
  const classes = await speciesClasses(q, meta);
  const species = String(meta.roles.species?.id);
  if (speciesId !== null)
    return writePublicPlaces(q, meta, classes, `table_id = $1 and properties->>$2::text = $3::text`, [
      meta.table.id,
      species,
      speciesId,
    ]);
  // Only what can differ from the exact place: finds of a sensitive species, and finds still generalised.
  return writePublicPlaces(
    q,
    meta,
    classes,
    `table_id = $1 and (generalised <> 0 or properties->>$2::text = any($3::text[]))`,
    [meta.table.id, species, [...classes.keys()]],
  );
}

/**
 * After a record of a species table was written (its class may have changed, e.g. VAROVANJE edited
 * through the records API): the public place of that species' finds in every point table of the
 * project whose species column points at it. Nothing for other tables.
 */
export async function refreshForSpeciesRecord(tx: Queryable, units: TableMeta, recordId: number): Promise<number> {
  const pk = units.roles.pk;
  if (!pk || !units.roles.sensitivity) return 0;
  const [row] = await tx.query<{ sp: string | null }>(`select properties->>$2::text as sp from records where id = $1`, [
    recordId,
    String(pk.id),
  ]);
  if (!row?.sp) return 0;
  const tables = await tx.query<{ id: number }>(
    `select t.id from platform_tables t join platform_columns c on c.table_id = t.id
      where t.project_id = $1 and t.geometry_type = 2 and c.type = 'ForeignKey' and c.fk_table_id = $2
        and upper(c.db_name) = 'VRSTA' order by t.id`,
    [units.table.projectId, units.table.id],
  );
  let changed = 0;
  for (const t of tables)
    changed += await refreshPublicPlaces(tx, await loadTable(tx, units.table.projectId, t.id), row.sp);
  return changed;
}

/** refreshPublicPlaces for every point table of every project: a start-up job (server/lifecycle/startup.ts), once per cause. */
export async function refreshAllPublicPlaces(db: Queryable): Promise<number> {
  const tables = await db.query<{ id: number; project_id: number }>(
    'select id, project_id from platform_tables where geometry_type = 2 order by id',
  );
  let changed = 0;
  for (const t of tables) changed += await refreshPublicPlaces(db, await loadTable(db, t.project_id, t.id));
  return changed;
}
