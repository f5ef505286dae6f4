import type { Column, ColumnType, SelectValue } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { coerceValue, MAX_TEXT, type Value } from '../records/coerceValues.ts';
import { loadColumns, selectValueOf, toColumn } from '../meta/tableMeta.ts';
import type { CAST_TARGETS } from '../../../domain/shapes/admin.ts';

/** A cast target of the path. */
export type CastTarget = (typeof CAST_TARGETS)[number];

/** The column type of each cast target. */
export const CAST_TYPE: Readonly<Record<CastTarget, ColumnType>> = {
  int: 'Integer',
  number: 'Number',
  text: 'Text',
  longtext: 'LongText',
  select: 'Select',
  bool: 'Boolean',
  datetime: 'DateTime',
  fk: 'ForeignKey',
};

/** A value that could not be converted. */
export interface CastFailure {
  recordId: number;
  value: Value;
  reason: string;
}

/** What a cast did. */
export interface CastResult {
  column: Column;
  fromType: ColumnType;
  toType: ColumnType;
  converted: number;
  failed: CastFailure[];
  selectValuesAdded: SelectValue[];
}

/** The options of cast/fk. */
export interface FkOptions {
  fkTableId: number;
  fkKeyType: 'integer' | 'string';
}

/** Rows per UPDATE statement. */
const CHUNK = 1000;
/** Column types whose values are never cast. */
const FIXED = new Set<ColumnType>(['Geometry', 'Calculated', 'Interpolated']);

/** The keys of the records of table `tableId` (its key column, else the record id), as text. */
async function keysOf(tx: Queryable, tableId: number): Promise<Set<string>> {
  const pk = (await loadColumns(tx, [tableId])).find((c) => c.isPk);
  const rows = pk
    ? await tx.query<{ k: string | null }>(
        'select distinct properties->>$2::text as k from records where table_id = $1 and not archived',
        [tableId, String(pk.id)],
      )
    : await tx.query<{ k: string | null }>('select id::text as k from records where table_id = $1 and not archived', [
        tableId,
      ]);
  return new Set(rows.flatMap((r) => (r.k === null ? [] : [r.k])));
}

/** Converts one stored value to the target column; throws HttpError with the reason when it cannot. */
function convert(target: Column, v: Value, keys: Set<string> | null): Value {
  if (target.type === 'Select') {
    const s = typeof v === 'string' ? v : String(v);
    if (s.trim() === '') throw badRequest('an empty text is not a Select value');
    if (s.length > MAX_TEXT) throw badRequest(`a Select value may have at most ${MAX_TEXT} characters`);
    return selectValueOf(s);
  }
  if (typeof v === 'boolean' && (target.type === 'Integer' || target.type === 'Number')) return v ? 1 : 0;
  if (typeof v === 'number' && target.type === 'DateTime') throw badRequest(`the number ${v} is not a date`);
  const out = coerceValue(target, v, undefined);
  if (keys && out !== null && !keys.has(String(out)))
    throw badRequest(`no record of table ${target.fkTableId} has the key ${JSON.stringify(out)}`);
  return out;
}

/** 400 unless the column may be cast: not the key, not special, not geometry, calculated or interpolated. */
export function assertCastable(c: Column): void {
  if (c.isPk) throw badRequest(`Column ${c.id} (${c.dbName}) is the key column and cannot be cast`);
  if (c.isSpecial) throw badRequest(`Column ${c.id} (${c.dbName}) is set by the platform and cannot be cast`);
  if (FIXED.has(c.type)) throw badRequest(`A ${c.type} column cannot be cast`);
}

/**
 * Casts column `c` (locked by the caller's transaction) to `target`: its type and every stored
 * value, archived records included. A value that cannot be converted is taken out of its record
 * and kept in column_cast_failures with the reason, and reported; nothing is silently dropped.
 * Casting to Select adds a Select value for each distinct stored value it does not have yet;
 * casting away from Select removes the column's Select values.
 */
export async function castColumn(tx: Queryable, c: Column, to: CastTarget, fk: FkOptions | null): Promise<CastResult> {
  assertCastable(c);
  const type = CAST_TYPE[to];
  const target: Column = { ...c, type, fkTableId: fk?.fkTableId ?? null, fkKeyType: fk?.fkKeyType ?? null };
  const keys = fk ? await keysOf(tx, fk.fkTableId) : null;
  const key = String(c.id);
  const rows = await tx.query<{ id: number; v: Value }>(
    `select id, properties->$2::text as v from records
      where table_id = $1 and properties->$2::text is not null and jsonb_typeof(properties->$2::text) <> 'null' order by id for update`,
    [c.tableId, key],
  );
  const changed: { id: number; v: Value }[] = [];
  const failed: CastFailure[] = [];
  let converted = 0;
  for (const r of rows) {
    try {
      const v = convert(target, r.v, keys);
      converted++;
      if (JSON.stringify(v) !== JSON.stringify(r.v)) changed.push({ id: r.id, v });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      failed.push({ recordId: r.id, value: r.v, reason: e.message });
    }
  }
  for (let i = 0; i < changed.length; i += CHUNK) {
    await tx.query(
      `update records r set properties = jsonb_set(r.properties, array[$2::text], x.v), updated_at = now(), version = r.version + 1
         from jsonb_to_recordset($1::jsonb) as x(id integer, v jsonb) where r.id = x.id`,
      [JSON.stringify(changed.slice(i, i + CHUNK)), key],
    );
  }
  for (let i = 0; i < failed.length; i += CHUNK) {
    const part = failed.slice(i, i + CHUNK);
    await tx.query(
      `insert into column_cast_failures (column_id, record_id, from_type, to_type, value, reason)
       select $2, x."recordId", $3, $4, x.value, x.reason from jsonb_to_recordset($1::jsonb) as x("recordId" integer, value jsonb, reason text)`,
      [JSON.stringify(part), c.id, c.type, type],
    );
    await tx.query(
      'update records set properties = properties - $2::text, updated_at = now(), version = version + 1 where id = any($1::int[])',
      [part.map((f) => f.recordId), key],
    );
  }
  const added: SelectValue[] = [];
  if (type === 'Select') {
    const have = await tx.query<{ value: string; position: number }>(
      'select value, position from select_values where column_id = $1',
      [c.id],
    );
    const known = new Set(have.map((h) => h.value));
    let position = have.reduce((m, h) => Math.max(m, h.position), -1);
    const failedIds = new Set(failed.map((f) => f.recordId));
    const fresh = [...new Set(rows.filter((r) => !failedIds.has(r.id)).map((r) => String(convert(target, r.v, null))))]
      .filter((s) => !known.has(s))
      .sort((a, b) => a.localeCompare(b, 'sl'));
    for (const s of fresh) {
      await tx.query('insert into select_values (column_id, value, text, position) values ($1, $2, $3, $4)', [
        c.id,
        s,
        s,
        ++position,
      ]);
      added.push({ value: selectValueOf(s), text: s });
    }
  } else if (c.type === 'Select') {
    await tx.query('delete from select_values where column_id = $1', [c.id]);
  }
  const [updated] = await tx.query<Parameters<typeof toColumn>[0]>(
    `update platform_columns set type = $2, fk_table_id = $3, fk_key_type = $4 where id = $1
     returning id, table_id, db_name, name, type, is_pk, is_special, fk_table_id, fk_key_type`,
    [c.id, type, target.fkTableId ?? null, target.fkKeyType ?? null],
  );
  return {
    column: toColumn(updated as Parameters<typeof toColumn>[0]),
    fromType: c.type,
    toType: type,
    converted,
    failed,
    selectValuesAdded: added,
  };
}
