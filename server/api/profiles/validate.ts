import type {
  BaseMap,
  Column,
  Profile,
  ProfileLayer,
  SymbolStyle,
  Symbology,
  TableView,
} from '../../../domain/model.ts';
import type { FilterInput } from '../../../domain/filters/types.ts';
import { FilterError } from '../../../domain/filters/FilterError.ts';
import { validate } from '../../../domain/filters/validate.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../http/errors.ts';
import { parseLayerTree, type LayerTreeNode } from './layerTree.ts';
import { loadColumns } from '../meta/tableMeta.ts';
import { bodyObject, positiveInt } from '../http/input.ts';

/** A profile as stored: the SPEC Profile plus the optional layer tree. */
export type StoredProfile = Profile & { layerTree?: LayerTreeNode[] };

/** Most tables, table views, layers, rules or base maps in one profile. */
export const MAX_PROFILE_ITEMS = 200;

type Obj = Record<string, unknown>;

const text = (v: unknown, path: string, max = 200): string => {
  if (typeof v !== 'string' || v.trim() === '' || v.length > max)
    throw badRequest(`${path} must be a non-empty text of at most ${max} characters`);
  return v;
};
const num = (v: unknown, path: string, min: number, max: number): number => {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
    throw badRequest(`${path} must be a number from ${min} to ${max}`);
  return v;
};
const list = (v: unknown, path: string): unknown[] => {
  if (!Array.isArray(v) || v.length > MAX_PROFILE_ITEMS)
    throw badRequest(`${path} must be an array of at most ${MAX_PROFILE_ITEMS} items`);
  return v;
};
const flag = (v: unknown, path: string): boolean => {
  if (typeof v !== 'boolean') throw badRequest(`${path} must be true or false`);
  return v;
};
const uniqueIds = (ids: number[], path: string): void => {
  if (new Set(ids).size !== ids.length) throw badRequest(`${path} has the same id twice`);
};

/** Validates a filter against a table's columns; 400 with the path otherwise. */
function filterOf(v: unknown, columns: Column[], path: string): FilterInput | null {
  if (v === undefined || v === null) return null;
  try {
    validate(v as FilterInput, { columns });
  } catch (e) {
    if (e instanceof FilterError) throw badRequest(`${path}: invalid filter: ${e.message}`);
    throw e;
  }
  return v as FilterInput;
}

/** Validates a style: an icon needs svgString, a fill color, a text columnId, stroke and fill; anything else is invalid. */
function styleOf(v: unknown, columns: Column[], path: string): SymbolStyle {
  const s = bodyObject(v, path);
  const color = (o: unknown, p: string): void => {
    text(bodyObject(o, p).color, `${p}.color`, 100);
  };
  const stroke = (o: unknown, p: string): void => {
    color(o, p);
    const w = (o as Obj).width;
    if (w !== undefined) num(w, `${p}.width`, 0, 1000);
  };
  let parts = 0;
  if (s.fill !== undefined) {
    color(s.fill, `${path}.fill`);
    parts++;
  }
  if (s.stroke !== undefined) {
    stroke(s.stroke, `${path}.stroke`);
    parts++;
  }
  if (s.marker !== undefined) {
    const m = bodyObject(s.marker, `${path}.marker`);
    if (!['circle', 'square', 'triangle', 'rectangle', 'star', 'cross'].includes(String(m.type)))
      throw badRequest(`${path}.marker.type is not a marker type`);
    num(m.radius, `${path}.marker.radius`, 0, 1000);
    if (m.fill !== undefined) color(m.fill, `${path}.marker.fill`);
    if (m.stroke !== undefined) stroke(m.stroke, `${path}.marker.stroke`);
    parts++;
  }
  if (s.icon !== undefined) {
    text(bodyObject(s.icon, `${path}.icon`).svgString, `${path}.icon.svgString`, 200_000);
    parts++;
  }
  if (s.text !== undefined) {
    const t = bodyObject(s.text, `${path}.text`);
    const id = positiveInt(t.columnId, `${path}.text.columnId`);
    if (!columns.some((c) => c.id === id))
      throw badRequest(`${path}.text.columnId ${id} is not a column of the layer's table`);
    color(t.fill, `${path}.text.fill`);
    stroke(t.stroke, `${path}.text.stroke`);
    parts++;
  }
  if (parts === 0) throw badRequest(`${path}: Invalid json style (it needs a fill, stroke, marker, icon or text)`);
  return s as SymbolStyle;
}

/** Validates a simple or complex symbology. */
function symbologyOf(v: unknown, columns: Column[], path: string): Symbology {
  const s = bodyObject(v, path);
  if (s.type === 'simple') return { type: 'simple', style: styleOf(s.style, columns, `${path}.style`) };
  if (s.type !== 'complex') throw badRequest(`${path}.type must be "simple" or "complex"`);
  const rules = list(s.rules, `${path}.rules`).map((r, i) => {
    const o = bodyObject(r, `${path}.rules[${i}]`);
    return {
      ...(o.name === undefined ? {} : { name: text(o.name, `${path}.rules[${i}].name`) }),
      filter: filterOf(o.filter, columns, `${path}.rules[${i}].filter`),
      style: styleOf(o.style, columns, `${path}.rules[${i}].style`),
    };
  });
  return {
    type: 'complex',
    rules,
    ...(s.style === undefined ? {} : { style: styleOf(s.style, columns, `${path}.style`) }),
  };
}

/** Validates a base map: texts, an http(s) URL or a path on this server, flags, opacity 0-1. */
function baseMapOf(v: unknown, path: string): BaseMap {
  const o = bodyObject(v, path);
  const url = text(o.url, `${path}.url`, 2000);
  if (!/^(https?:\/\/|\/)/i.test(url)) throw badRequest(`${path}.url must be an http(s) URL or a path starting with /`);
  return {
    id: text(o.id, `${path}.id`, 100),
    name: text(o.name, `${path}.name`),
    url,
    overlay: flag(o.overlay, `${path}.overlay`),
    visible: flag(o.visible, `${path}.visible`),
    ...(o.opacity === undefined ? {} : { opacity: num(o.opacity, `${path}.opacity`, 0, 1) }),
    ...(o.offline === undefined ? {} : { offline: flag(o.offline, `${path}.offline`) }),
  };
}

/**
 * Validates a whole profile of project `projectId` with id `id`: tables of the project, table
 * views and layers on those tables (filters and styles checked against the columns), base maps,
 * the initial view and the layer tree. Unknown fields are dropped. 400 with the path otherwise.
 */
export async function validateProfile(q: Queryable, projectId: number, id: number, input: Obj): Promise<StoredProfile> {
  const projectTables = new Set(
    (await q.query<{ id: number }>('select id from platform_tables where project_id = $1', [projectId])).map(
      (r) => r.id,
    ),
  );
  const tables = list(input.tables, 'tables').map((t, i) => {
    const tid = positiveInt(t, `tables[${i}]`);
    if (!projectTables.has(tid)) throw badRequest(`tables[${i}]: table ${tid} is not a table of project ${projectId}`);
    return tid;
  });
  uniqueIds(tables, 'tables');
  const columns = await loadColumns(q, tables);
  const columnsOf = (tid: number, path: string): Column[] => {
    if (!tables.includes(tid)) throw badRequest(`${path}: table ${tid} is not in the profile's tables`);
    return columns.filter((c) => c.tableId === tid);
  };
  const tableViews: TableView[] = list(input.tableViews ?? [], 'tableViews').map((v, i) => {
    const o = bodyObject(v, `tableViews[${i}]`);
    const tableId = positiveInt(o.tableId, `tableViews[${i}].tableId`);
    return {
      id: positiveInt(o.id, `tableViews[${i}].id`),
      tableId,
      filters: filterOf(o.filters, columnsOf(tableId, `tableViews[${i}]`), `tableViews[${i}].filters`),
    };
  });
  uniqueIds(
    tableViews.map((v) => v.id),
    'tableViews',
  );
  const layers: ProfileLayer[] = list(input.layers ?? [], 'layers').map((l, i) => {
    const o = bodyObject(l, `layers[${i}]`);
    const tableId = positiveInt(o.tableId, `layers[${i}].tableId`);
    const cols = columnsOf(tableId, `layers[${i}]`);
    const viewId =
      o.tableViewId === undefined || o.tableViewId === null
        ? null
        : positiveInt(o.tableViewId, `layers[${i}].tableViewId`);
    if (viewId !== null && !tableViews.some((v) => v.id === viewId && v.tableId === tableId)) {
      throw badRequest(`layers[${i}].tableViewId ${viewId} is not a table view of table ${tableId}`);
    }
    return {
      id: positiveInt(o.id, `layers[${i}].id`),
      tableId,
      tableViewId: viewId,
      name: text(o.name, `layers[${i}].name`),
      symbology: symbologyOf(o.symbology, cols, `layers[${i}].symbology`),
    };
  });
  uniqueIds(
    layers.map((l) => l.id),
    'layers',
  );
  const minZoom = num(input.minZoom ?? 0, 'minZoom', 0, 30);
  const maxZoom = num(input.maxZoom ?? 19, 'maxZoom', minZoom, 30);
  const out: StoredProfile = {
    id,
    projectId,
    name: text(input.name, 'name'),
    tables,
    tableViews,
    layers,
    baseMaps: list(input.baseMaps ?? [], 'baseMaps').map((b, i) => baseMapOf(b, `baseMaps[${i}]`)),
    initalCenterLong: num(input.initalCenterLong, 'initalCenterLong', -180, 180),
    initalCenterLat: num(input.initalCenterLat, 'initalCenterLat', -90, 90),
    initalZoom: num(input.initalZoom, 'initalZoom', minZoom, maxZoom),
    minZoom,
    maxZoom,
  };
  if (new Set(out.baseMaps.map((b) => b.id)).size !== out.baseMaps.length)
    throw badRequest('baseMaps has the same id twice');
  if (input.layerTree !== undefined && input.layerTree !== null)
    out.layerTree = parseLayerTree(
      input.layerTree,
      layers.map((l) => l.id),
    );
  return out;
}
