/**
 * The query parameters of an export (the map's filter state, the visible extent, a RecordQuery
 * filter): their schema, their parsing (a filter may not read others' creator e-mails), and the
 * map's filter state as a filter on a table's columns.
 */
import type { Column } from '../../../domain/model.ts';
import type { FilterInput, FilterNode } from '../../../domain/filters/types.ts';
import { mapStateFilter as domainMapStateFilter, type MapFilterState } from '../../../domain/mapFilter.ts';
import { parseExtent } from '../../geo/validate.ts';
import { badRequest } from '../../http/errors.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { Type } from '../../../domain/shapes/build.ts';

/** The query parameters of every export route (the map's filter state; all optional). */
export const EXPORT_QUERYSTRING = Type.Object({
  year: Type.Optional(
    Type.Integer({
      minimum: 1000,
      maximum: 9999,
      description: 'Only finds of this year (Datum najdbe, 1 Jan to 31 Dec)',
    }),
  ),
  speciesId: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Only finds of this species (Vrsta, id of table 53)' }),
  ),
  mine: Type.Optional(
    Type.Boolean({ description: "true: only the caller's own finds ('Samo moje najdbe'; nothing when anonymous)" }),
  ),
  status: Type.Optional(
    Type.Integer({ enum: [1, 2, 3, 5], description: 'Only finds with this STATUS (5 takes an empty STATUS too)' }),
  ),
  extent: Type.Optional(
    Type.String({
      description:
        'minx,miny,maxx,maxy in EPSG:3857: only finds whose place, as the caller may know it, meets it (the visible map)',
    }),
  ),
  filters: Type.Optional(
    Type.String({
      maxLength: 20000,
      description: 'A RecordQuery filter as JSON (tree or flat list of conditions), AND-ed with the rest',
    }),
  ),
});

/** The map's filter state (domain/mapFilter.ts). */
export type { MapFilterState };

/**
 * The filter of the map's filter state: domain/mapFilter.ts, the rule the map applies, on this
 * table's columns; 400 when the table lacks a column the state needs.
 */
export function mapStateFilter(meta: TableMeta, state: MapFilterState): FilterNode | null {
  const { status, species, creator } = meta.roles;
  const date = columnByDbName(meta, 'DATUM_NAJDBE');
  if (state.year !== null && !date) throw badRequest(`Table ${meta.table.id} has no date column to filter by year`);
  if (state.speciesId !== null && !species) throw badRequest(`Table ${meta.table.id} has no species column`);
  if (state.mineOnly && !creator) throw badRequest(`Table ${meta.table.id} has no creator column`);
  if (state.status !== null && !status) throw badRequest(`Table ${meta.table.id} has no STATUS column`);
  // A column the state does not use may be missing: -1 never reaches a condition.
  const cols = {
    date: date?.id ?? -1,
    species: species?.id ?? -1,
    creator: creator?.id ?? -1,
    status: status?.id ?? -1,
  };
  return domainMapStateFilter(state, cols) as FilterNode | null;
}

/** The column of a table with `dbName`, or null. */
export function columnByDbName(meta: TableMeta, dbName: string): Column | null {
  return meta.table.columns.find((c) => c.dbName.toUpperCase() === dbName.toUpperCase()) ?? null;
}

/** A validated export query. */
export interface ExportQuery {
  state: MapFilterState;
  extent: [number, number, number, number] | null;
  filters: FilterInput | null;
}

/** Throws 400 when a filter reads the creator e-mail other than by equalsUserEmail (it would tell others' e-mails). */
function checkCreatorUse(node: unknown, creatorId: number, depth = 0): void {
  if (depth > 200) throw badRequest('filters are nested too deeply');
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((n) => checkCreatorUse(n, creatorId, depth + 1));
  const o = node as Record<string, unknown>;
  if (String(o.columnId) === String(creatorId) && o.operationType !== 'equalsUserEmail') {
    throw badRequest(
      `filters may read column ${creatorId} (the creator e-mail) only with equalsUserEmail; use mine=true`,
    );
  }
  for (const v of Object.values(o)) checkCreatorUse(v, creatorId, depth + 1);
}

/** Reads the (already type-checked by the route's schema) query parameters; 400 for a bad extent or filter. */
export function parseExportQuery(meta: TableMeta, raw: unknown): ExportQuery {
  const q = (raw ?? {}) as {
    year?: number;
    speciesId?: number;
    mine?: boolean;
    status?: number;
    extent?: string;
    filters?: string;
  };
  let filters: FilterInput | null = null;
  if (q.filters !== undefined && q.filters !== '') {
    try {
      filters = JSON.parse(q.filters) as FilterInput;
    } catch {
      throw badRequest('filters must be JSON: a filter tree or a list of conditions');
    }
    if (filters === null || typeof filters !== 'object')
      throw badRequest('filters must be a filter object or a list of conditions');
    if (meta.roles.creator) checkCreatorUse(filters, meta.roles.creator.id);
  }
  return {
    state: {
      year: q.year ?? null,
      speciesId: q.speciesId ?? null,
      mineOnly: q.mine === true,
      status: q.status ?? null,
    },
    extent: q.extent === undefined || q.extent === '' ? null : parseExtent(q.extent),
    filters,
  };
}
