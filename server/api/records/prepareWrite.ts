import type { Properties } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { validateGeometry, type ValidGeometry } from '../../geo/validate.ts';
import { bodyObject } from '../http/input.ts';
import { coerceProperties } from './coerceValues.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { updateRecord, type RecordRow } from './store.ts';
import { statusAfterReporterEdit } from '../../../domain/statuses.ts';
import { applyUnitRules, checkForeignKeys } from './unitRules.ts';
import { isAccuracyMetres, MAX_ACCURACY_METRES } from '../../../domain/locationAccuracy.ts';

/**
 * A validated write: the full new properties and, when given, the geometry; the location's
 * accuracy in metres (null: none; undefined on an update: kept).
 */
export interface PreparedWrite {
  properties: Properties;
  geo: ValidGeometry | null;
  accuracyMetres: number | null | undefined;
}

/**
 * The body's `accuracyMetres`: a number of metres from 0 to 100000 (domain/locationAccuracy.ts) or
 * null; undefined when the body has none. Anything else is 400.
 */
function accuracyOf(b: Record<string, unknown>): number | null | undefined {
  const v = b.accuracyMetres;
  if (v === undefined || v === null) return v;
  if (!isAccuracyMetres(v))
    throw badRequest(`accuracyMetres must be a number of metres from 0 to ${MAX_ACCURACY_METRES}, or null`);
  return v;
}

/** What the platform's special columns hold on create: STATUS 5 (editable by the creator), public, the app as the source. */
export const CREATE_DEFAULTS = { status: 5, isPublic: true, source: 'sporoci-vrsto' } as const;

/** The raw properties object of a body (for the free-text species name), or {}. */
function rawProperties(b: Record<string, unknown>): Record<string, unknown> {
  const p = b.properties;
  return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : {};
}

/** The geometry of a body for a table: required when the table has one, refused when it has none. */
function geometryOf(meta: TableMeta, g: unknown, required: boolean): ValidGeometry | null {
  if (meta.table.geometryType == null) {
    if (g !== undefined && g !== null) throw badRequest(`Table ${meta.table.id} has no geometry`);
    return null;
  }
  if (g === undefined || g === null) {
    if (required) throw badRequest('geometry is required');
    return null;
  }
  return validateGeometry(g, meta.table.geometryType);
}

/**
 * Validates a create body `{type: 'Feature', geometry, properties}`: writable columns only,
 * coerced; calculated values filled; STATUS 5, JAVNO true, VIR 'sporoci-vrsto' and the creator
 * e-mail from the token.
 */
export async function prepareCreate(
  q: Queryable,
  meta: TableMeta,
  body: unknown,
  email: string,
): Promise<PreparedWrite> {
  const b = bodyObject(body, 'The feature');
  if (b.type !== undefined && b.type !== 'Feature') throw badRequest('type must be "Feature"');
  const properties = coerceProperties(b.properties, meta.columns, meta.selectValues);
  const geo = geometryOf(meta, b.geometry, true);
  const accuracyMetres = geo ? (accuracyOf(b) ?? null) : null;
  await checkForeignKeys(q, meta, properties);
  await applyUnitRules(q, meta, properties, rawProperties(b), true);
  const { status, isPublic, source, creator } = meta.roles;
  if (status) properties[String(status.id)] = CREATE_DEFAULTS.status;
  if (isPublic) properties[String(isPublic.id)] = CREATE_DEFAULTS.isPublic;
  if (source && (meta.selectValues.get(source.id) ?? []).some((v) => v.value === CREATE_DEFAULTS.source)) {
    properties[String(source.id)] = CREATE_DEFAULTS.source;
  }
  if (creator) properties[String(creator.id)] = email;
  return { properties, geo, accuracyMetres };
}

/**
 * STATUS (column 974) is the reviewers' verdict: an edit that would change it is refused
 * with 403 instead of being silently ignored (it used to answer 200, so a reporter believed she had
 * confirmed her own find). Sending the value the record already has is fine (clients that send
 * every property back).
 */
function assertNoStatusChange(meta: TableMeta, row: RecordRow, raw: Record<string, unknown>): void {
  const status = meta.roles.status ? String(meta.roles.status.id) : null;
  if (status === null || !(status in raw)) return;
  const same = (a: unknown, b: unknown): boolean => (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');
  if (!same(raw[status], row.properties[status]))
    throw forbidden(`STATUS (column ${status}) is set by reviewers, not by an edit`);
}

/**
 * Validates an update body `{properties, geometry?}`: the given writable columns replace the
 * stored ones (null clears), the rest are kept; special columns never change here.
 */
export async function prepareUpdate(
  q: Queryable,
  meta: TableMeta,
  row: RecordRow,
  body: unknown,
): Promise<PreparedWrite> {
  const b = bodyObject(body);
  assertNoStatusChange(meta, row, rawProperties(b));
  const changed = coerceProperties(b.properties, meta.columns, meta.selectValues);
  const geo = geometryOf(meta, b.geometry, false);
  // The accuracy belongs to the location: a geometry that moves without one has none.
  const moved = geo !== null && JSON.stringify(geo.geometry) !== JSON.stringify(row.geometry);
  const given = accuracyOf(b);
  const accuracyMetres = given !== undefined ? given : moved ? null : undefined;
  await checkForeignKeys(q, meta, changed);
  const properties: Properties = { ...row.properties, ...changed };
  const species = meta.roles.species ? String(meta.roles.species.id) : null;
  const speciesChanged = species !== null && species in changed && changed[species] !== row.properties[species];
  const group = meta.roles.group ? String(meta.roles.group.id) : null;
  if (speciesChanged && group !== null && !(group in changed)) properties[group] = null;
  await applyUnitRules(q, meta, properties, rawProperties(b), speciesChanged);
  if (meta.roles.status) {
    const s = String(meta.roles.status.id);
    properties[s] = statusAfterReporterEdit(row.properties[s]) as Properties[string];
  }
  return { properties, geo, accuracyMetres };
}

/**
 * A photo added to or removed from a record handed back for evidence ('Potrebna dopolnitev') is the
 * reporter's answer: the record waits for review again (domain/statuses.ts statusAfterReporterEdit).
 */
export async function backToReviewAfterPhoto(tx: Queryable, meta: TableMeta, row: RecordRow): Promise<void> {
  if (!meta.roles.status) return;
  const s = String(meta.roles.status.id);
  const next = statusAfterReporterEdit(row.properties[s]);
  if (next !== row.properties[s])
    await updateRecord(tx, row.id, { ...row.properties, [s]: next as Properties[string] }, null);
}
