/**
 * The shapes of the project, profile and column-administration answers (/api/Projects,
 * /api/BaseProfiles, /api/Columns): the OpenAPI document lists them and the data core reads its
 * types from them (Static).
 */
import { COLUMN_TYPES, type ColumnType, type Symbology } from '../model.ts';
import type { FilterInput } from '../filters/types.ts';
import { PROFILE_VIEW } from './admin.ts';
import { Dict, Nullable, Type, type Static } from './build.ts';

const Int = Type.Integer();

export const SelectValue = Type.Object({
  value: Type.Unsafe<string | number>({ type: ['string', 'number'] }),
  text: Type.String(),
});

/** A column's distinct stored values, ascending. */
export const DistinctValues = Type.Array(
  Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'] }),
);

export const Column = Type.Object({
  id: Int,
  tableId: Int,
  dbName: Type.String(),
  name: Type.String(),
  type: Type.Unsafe<ColumnType>({ enum: [...COLUMN_TYPES] }),
  isPk: Type.Boolean(),
  isSpecial: Type.Boolean(),
  fkTableId: Type.Optional(Nullable(Int)),
  fkKeyType: Type.Optional(Nullable(Type.Union([Type.Literal('integer'), Type.Literal('string')]))),
});

export const Table = Type.Object({
  id: Int,
  projectId: Int,
  name: Type.String(),
  geometryType: Nullable(Int),
  columns: Type.Array(Column),
});

export const Layer = Type.Object({
  id: Int,
  tableId: Int,
  tableViewId: Nullable(Int),
  name: Type.String(),
  symbology: Type.Unsafe<Symbology>({ type: 'object', additionalProperties: true }),
});

const BaseMap = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  overlay: Type.Boolean(),
  visible: Type.Boolean(),
  opacity: Type.Optional(Type.Number()),
  offline: Type.Optional(Type.Boolean()),
});

/** A node of a stored layer tree: a layer, or a group of nodes. */
export type StoredTreeNode =
  | { type: 'layer'; layerId: number; visible?: boolean }
  | { type: 'group'; name: string; visible?: boolean; expanded?: boolean; children: StoredTreeNode[] };

/** A stored layer tree's node, as the answer writes it (its shape is LayerTreeNode's, checked on the way in). */
const StoredTreeNodeShape = Type.Unsafe<StoredTreeNode>({
  type: 'object',
  additionalProperties: true,
});

export const Profile = Type.Object({
  id: Int,
  projectId: Int,
  name: Type.String(),
  tables: Type.Array(Int),
  tableViews: Type.Array(
    Type.Object({
      id: Int,
      tableId: Int,
      filters: Type.Unsafe<FilterInput | null>({ description: 'A filter tree or a flat list of conditions' }),
    }),
  ),
  layers: Type.Array(Layer),
  baseMaps: Type.Array(BaseMap),
  ...PROFILE_VIEW,
  layerTree: Type.Optional(
    Type.Array(StoredTreeNodeShape, {
      description: 'Set by PUT .../tree: order, visibility and grouping of the layers',
    }),
  ),
});

export const Project = Type.Object({
  id: Int,
  name: Type.String(),
  description: Type.Optional(Type.String()),
  public: Type.Boolean({ description: 'false: a draft, seen only by administrators' }),
  tables: Type.Array(Table),
  layers: Type.Array(Layer),
  selectValues: Dict(Type.Array(SelectValue), { description: 'Select values keyed by column id.' }),
  attachmentInfos: Type.Array(Type.Object({ id: Int, tableId: Int, name: Type.String() })),
});

export const ProjectSummary = Type.Object({
  id: Int,
  name: Type.String(),
  description: Type.String(),
  public: Type.Boolean(),
});

export const Deleted = Type.Object({ id: Int, deleted: Type.Literal(true) });

export const ThumbnailResult = Type.Object({ profileId: Int, mimeType: Type.String(), size: Int });

export const CastFailure = Type.Object({
  recordId: Int,
  value: Type.Unsafe<string | number | boolean | null>({}),
  reason: Type.String(),
});

export const CastResult = Type.Object({
  column: Column,
  fromType: Type.Unsafe<ColumnType>({ type: 'string' }),
  toType: Type.Unsafe<ColumnType>({ type: 'string' }),
  converted: Type.Integer({ description: 'Stored values converted' }),
  failed: Type.Array(CastFailure, {
    description:
      'Values that could not be converted: removed from the record and kept, with the reason, in the column_cast_failures store.',
  }),
  selectValuesAdded: Type.Array(SelectValue),
});

export type ProfileAnswer = Static<typeof Profile>;
export type ProjectAnswer = Static<typeof Project>;
