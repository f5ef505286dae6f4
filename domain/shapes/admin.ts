/** The shapes of the administration calls' bodies: projects, profiles, layer trees, column casts. */
import { Id, Type, type Static, type TSchema } from './build.ts';

/** Most levels of groups in a layer tree. */
export const MAX_TREE_DEPTH = 10;

/** A project or profile name: a non-empty text of at most 200 characters. */
export const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

/** A project's description: at most 4000 characters. */
const Description = Type.String({ maxLength: 4000 });

export const ProjectCreate = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  public: Type.Optional(Type.Boolean({ default: true, description: 'false: a draft, seen only by administrators' })),
});

export const ProjectInput = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description), public: Type.Optional(Type.Boolean()) },
  { description: 'The fields given change; the others are kept.' },
);

export const ProjectCopyRequest = Type.Object({
  projectId: Id,
  name: Type.Optional(Name),
  public: Type.Optional(Type.Boolean({ default: false, description: 'The copy starts as a draft unless true' })),
  includeRecords: Type.Optional(
    Type.Boolean({ default: false, description: 'Also copy records (with their attachments)' }),
  ),
});

/** The initial view of a profile: the properties Profile and ProfileInput share. */
export const PROFILE_VIEW = {
  initalCenterLong: Type.Number(),
  initalCenterLat: Type.Number(),
  initalZoom: Type.Number(),
  minZoom: Type.Number(),
  maxZoom: Type.Number(),
};

/** A layer tree node at `depth` levels of groups from the top: a layer, or a group of nodes (no deeper than MAX_TREE_DEPTH). */
function treeNode(depth: number): TSchema {
  const layer = Type.Object({ type: Type.Literal('layer'), layerId: Id, visible: Type.Optional(Type.Boolean()) });
  if (depth >= MAX_TREE_DEPTH) return layer;
  const group = Type.Object({
    type: Type.Literal('group'),
    name: Name,
    visible: Type.Optional(Type.Boolean()),
    expanded: Type.Optional(Type.Boolean()),
    children: Type.Array(treeNode(depth + 1)),
  });
  return Type.Union([layer, group]);
}

/** A node of a layer tree (the layer ids are checked against the profile by the server). */
export const LayerTreeNode = treeNode(0);

export const LayerTree = Type.Object(
  { tree: Type.Array(LayerTreeNode) },
  {
    description: "Order (first = top), visibility and grouping of the profile's layers; every layer at most once.",
  },
);

export const ProfileInput = Type.Object(
  {
    name: Type.Optional(Type.String()),
    tables: Type.Optional(Type.Array(Id)),
    tableViews: Type.Optional(Type.Array(Type.Unknown())),
    layers: Type.Optional(Type.Array(Type.Unknown())),
    baseMaps: Type.Optional(Type.Array(Type.Unknown())),
    initalCenterLong: Type.Optional(PROFILE_VIEW.initalCenterLong),
    initalCenterLat: Type.Optional(PROFILE_VIEW.initalCenterLat),
    initalZoom: Type.Optional(PROFILE_VIEW.initalZoom),
    minZoom: Type.Optional(PROFILE_VIEW.minZoom),
    maxZoom: Type.Optional(PROFILE_VIEW.maxZoom),
    layerTree: Type.Optional(Type.Array(Type.Unknown())),
  },
  {
    description:
      'A Profile without id and projectId (the path gives them). On PUT, top-level fields not given are kept. Tables, table views, layers (with their symbology), base maps and the layer tree are checked against the project by the server.',
  },
);

export const ProfileCopyRequest = Type.Object({ profileId: Id, name: Type.Optional(Name) });

/** The cast targets of POST /api/Columns/{projectId}/cast/{type}. */
export const CAST_TARGETS = ['int', 'number', 'text', 'longtext', 'select', 'bool', 'datetime', 'fk'] as const;

/** A cast target. */
export type CastTarget = (typeof CAST_TARGETS)[number];

export const CastRequest = Type.Object({
  columnId: Id,
  fkTableId: Type.Optional(Id),
  fkKeyType: Type.Optional(
    Type.Union([Type.Literal('integer'), Type.Literal('string')], {
      default: 'integer',
      description: 'cast/fk: the key type',
    }),
  ),
});

export type ProjectInputBody = Static<typeof ProjectInput>;
export type ProjectCopyBody = Static<typeof ProjectCopyRequest>;
export type ProfileCopyBody = Static<typeof ProfileCopyRequest>;
export type CastBody = Static<typeof CastRequest>;
