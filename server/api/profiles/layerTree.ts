import { badRequest } from '../../http/errors.ts';
import { bodyObject, positiveInt } from '../http/input.ts';

/** A node of a profile's layer tree: a layer, or a named group of nodes. */
export type LayerTreeNode =
  | { type: 'layer'; layerId: number; visible: boolean }
  | { type: 'group'; name: string; visible: boolean; expanded: boolean; children: LayerTreeNode[] };

/** Deepest nesting of groups. */
export const MAX_TREE_DEPTH = 10;
/** Most nodes in a tree. */
export const MAX_TREE_NODES = 1000;

/**
 * Validates a layer tree (first node = top of the map): every layer node names a layer of the
 * profile, each layer at most once; groups have a name and children. `visible` defaults to true,
 * `expanded` to true. Layers left out of the tree keep their place after it. 400 with the path otherwise.
 */
export function parseLayerTree(input: unknown, layerIds: number[]): LayerTreeNode[] {
  const seen = new Set<number>();
  let count = 0;
  const flag = (v: unknown, path: string): boolean => {
    if (v === undefined) return true;
    if (typeof v !== 'boolean') throw badRequest(`${path} must be true or false`);
    return v;
  };
  const nodes = (v: unknown, path: string, depth: number): LayerTreeNode[] => {
    if (!Array.isArray(v)) throw badRequest(`${path} must be an array of layer tree nodes`);
    if (depth > MAX_TREE_DEPTH) throw badRequest(`${path}: groups may be nested at most ${MAX_TREE_DEPTH} deep`);
    return v.map((n, i) => {
      const p = `${path}[${i}]`;
      if (++count > MAX_TREE_NODES) throw badRequest(`A layer tree may have at most ${MAX_TREE_NODES} nodes`);
      const o = bodyObject(n, p);
      if (o.type === 'layer') {
        const layerId = positiveInt(o.layerId, `${p}.layerId`);
        if (!layerIds.includes(layerId)) throw badRequest(`${p}.layerId ${layerId} is not a layer of the profile`);
        if (seen.has(layerId)) throw badRequest(`${p}: layer ${layerId} is in the tree twice`);
        seen.add(layerId);
        return { type: 'layer', layerId, visible: flag(o.visible, `${p}.visible`) };
      }
      if (o.type !== 'group') throw badRequest(`${p}.type must be "layer" or "group"`);
      if (typeof o.name !== 'string' || o.name.trim() === '' || o.name.length > 200)
        throw badRequest(`${p}.name must be a non-empty text of at most 200 characters`);
      return {
        type: 'group',
        name: o.name,
        visible: flag(o.visible, `${p}.visible`),
        expanded: flag(o.expanded, `${p}.expanded`),
        children: nodes(o.children, `${p}.children`, depth + 1),
      };
    });
  };
  return nodes(input, 'tree', 0);
}

/** The tree without the layers that are no longer in `layerIds` (groups are kept). */
export function pruneLayerTree(tree: LayerTreeNode[], layerIds: number[]): LayerTreeNode[] {
  return tree.flatMap((n): LayerTreeNode[] => {
    if (n.type === 'layer') return layerIds.includes(n.layerId) ? [n] : [];
    return [{ ...n, children: pruneLayerTree(n.children, layerIds) }];
  });
}
