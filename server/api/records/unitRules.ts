import type { Properties } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../http/errors.ts';
import { catalogueUnits, loadCatalogue } from '../../seed/catalogue.ts';
import { loadColumns, type TableMeta } from '../meta/tableMeta.ts';

/** Longest free-text name of an 'other' species. */
export const MAX_OTHER_NAME = 200;

let otherIds: Set<number> | null = null;

/** Ids of the catalogue's 'other' entries (one per group), read once; none when the catalogue is missing. */
function otherUnitIds(): Set<number> {
  if (otherIds) return otherIds;
  try {
    otherIds = new Set(
      catalogueUnits(loadCatalogue())
        .filter((u) => u.isOther)
        .map((u) => u.id),
    );
  } catch {
    otherIds = new Set();
  }
  return otherIds;
}

/** The key column of a referenced table (its primary column), or null to match by record id. */
async function keyColumnOf(q: Queryable, tableId: number): Promise<{ key: number | null; text: number | null }> {
  const cols = await loadColumns(q, [tableId]);
  return {
    key: cols.find((c) => c.isPk)?.id ?? null,
    text: cols.find((c) => c.type === 'Text' || c.type === 'LongText')?.id ?? null,
  };
}

/** The properties of the record of `tableId` whose key is `key`, or null. */
async function findByKey(
  q: Queryable,
  tableId: number,
  keyColumn: number | null,
  key: string | number,
): Promise<Properties | null> {
  const rows =
    keyColumn === null
      ? await q.query<{ properties: Properties }>(
          'select properties from records where table_id = $1 and id::text = $2::text and not archived limit 1',
          [tableId, String(key)],
        )
      : await q.query<{ properties: Properties }>(
          'select properties from records where table_id = $1 and properties->>$2::text = $3::text and not archived limit 1',
          [tableId, String(keyColumn), String(key)],
        );
  return rows[0]?.properties ?? null;
}

/** 400 unless every foreign key in `changed` points at an existing record of its table. */
export async function checkForeignKeys(q: Queryable, meta: TableMeta, changed: Properties): Promise<void> {
  for (const [id, v] of Object.entries(changed)) {
    const c = meta.columns.get(Number(id));
    if (!c || c.type !== 'ForeignKey' || v === null || !c.fkTableId) continue;
    const { key } = await keyColumnOf(q, c.fkTableId);
    if (!(await findByKey(q, c.fkTableId, key, v as string | number))) {
      throw badRequest(`column ${c.id} (${c.dbName}): ${JSON.stringify(v)} does not exist in table ${c.fkTableId}`);
    }
  }
}

/** The groups a unit belongs to, from the project's group-unit relation table (null when there is none). */
async function groupsOfUnit(q: Queryable, meta: TableMeta, unitId: string | number): Promise<string[] | null> {
  const rel = await q.query<{ table_id: number; g: number; u: number }>(
    `select t.id as table_id, g.id as g, u.id as u from platform_tables t
       join platform_columns g on g.table_id = t.id and upper(g.db_name) = 'SKUPINA' and g.type = 'Integer'
       join platform_columns u on u.table_id = t.id and upper(u.db_name) = 'VRSTA' and u.type = 'Integer'
      where t.project_id = $1 and t.id <> $2 order by t.id limit 1`,
    [meta.table.projectId, meta.table.id],
  );
  const r = rel[0];
  if (!r) return null;
  const rows = await q.query<{ g: string }>(
    'select properties->>$2::text as g from records where table_id = $1 and properties->>$3::text = $4::text and not archived',
    [r.table_id, String(r.g), String(r.u), String(unitId)],
  );
  return rows.map((x) => x.g);
}

/**
 * Fills the values the server computes from the species (VRSTA): VRSTA_JAVN (its name), VRSTA_ORIG
 * (when the species is set or changed: its name, or the reporter's free text for an 'other'
 * entry) and SKUPINA (from the group-unit relation when missing; 400 when it contradicts it).
 */
export async function applyUnitRules(
  q: Queryable,
  meta: TableMeta,
  props: Properties,
  raw: Record<string, unknown>,
  speciesChanged: boolean,
): Promise<void> {
  const { species, speciesPublic, speciesOriginal, group } = meta.roles;
  if (!species || !species.fkTableId) return;
  const unitId = props[String(species.id)];
  if (unitId === null || unitId === undefined) {
    if (speciesPublic) props[String(speciesPublic.id)] = null;
    if (speciesOriginal && speciesChanged) props[String(speciesOriginal.id)] = null;
    return;
  }
  const { key, text } = await keyColumnOf(q, species.fkTableId);
  const unit = await findByKey(q, species.fkTableId, key, unitId as string | number);
  if (!unit) throw badRequest(`column ${species.id} (${species.dbName}): ${JSON.stringify(unitId)} does not exist`);
  const name = text === null ? null : (unit[String(text)] ?? null);
  if (speciesPublic) props[String(speciesPublic.id)] = name;
  if (speciesOriginal && speciesChanged) {
    const free = raw[String(speciesOriginal.id)];
    const isOther = otherUnitIds().has(Number(unitId));
    if (isOther && typeof free === 'string' && free.trim() !== '') {
      if (free.trim().length > MAX_OTHER_NAME)
        throw badRequest(`The species name may have at most ${MAX_OTHER_NAME} characters`);
      props[String(speciesOriginal.id)] = free.trim();
    } else {
      props[String(speciesOriginal.id)] = name;
    }
  }
  if (!group) return;
  const groups = await groupsOfUnit(q, meta, unitId as string | number);
  if (!groups || groups.length === 0) return;
  const g = props[String(group.id)];
  if (g === null || g === undefined) {
    const values = meta.selectValues.get(group.id) ?? [];
    const hit = values.find((v) => String(v.value) === groups[0]);
    if (hit) props[String(group.id)] = hit.value;
  } else if (!groups.includes(String(g))) {
    throw badRequest(
      `Species ${JSON.stringify(unitId)} does not belong to group ${JSON.stringify(g)} (column ${group.id} ${group.dbName})`,
    );
  }
}
