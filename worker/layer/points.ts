import type { PointBatch } from '../api.ts';
import { unconfirmedFlags } from './unconfirmed.ts';
import type { Feature, Properties } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { isPublicValue as isPublic } from '../../domain/visibility.ts';
import { thinLevels } from './thin.ts';
import { generalisedSide, SquareRings, type GridProjection } from './squares.ts';
import { packProperties } from '../../domain/packedProperties.ts';

/** A predicate over a record's properties. */
export type Predicate = (props: Properties) => boolean;

/** What selects and styles the layer's points. */
export interface PointBatchOptions {
  /** [minX, minY, maxX, maxY] in EPSG:3857; null = everything. */
  extent: [number, number, number, number] | null;
  /** The user's filter; null = all. */
  filter: Predicate | null;
  /** Compiled symbology rules in order; the first match wins; none = rules.length. */
  rules: Predicate[];
  /** The national grid, for the squares of generalised finds; default none (no squares). */
  grid?: GridProjection | null;
  /** The property keys the batch carries; default every key the features have (LayerQuery.propertyKeys). */
  propertyKeys?: readonly number[];
}

/**
 * Selects the visible point features (public, inside the extent, passing the filter), styles
 * each by the first matching rule, and packs them in typed arrays for one cheap transfer, with
 * the zoom level from which each point is drawn (`thinLevels`) and the squares of generalised
 * finds (squares.ts).
 */
export function buildPointBatch(features: readonly Feature[], o: PointBatchOptions): PointBatch {
  const n = features.length;
  const ids = new Float64Array(n);
  const coords = new Float64Array(n * 2);
  const styleIndex = new Uint16Array(n);
  const generalised = new Uint16Array(n);
  const properties: Properties[] = [];
  const [minX, minY, maxX, maxY] = o.extent ?? [-Infinity, -Infinity, Infinity, Infinity];
  let k = 0;
  for (const f of features) {
    const g = f.geometry;
    if (!g || g.type !== 'Point' || !Array.isArray(g.coordinates)) continue;
    const x = Number(g.coordinates[0]);
    const y = Number(g.coordinates[1]);
    if (!(x >= minX && x <= maxX && y >= minY && y <= maxY)) continue;
    if (!isPublic(f.properties[COL.public])) continue;
    if (o.filter && !o.filter(f.properties)) continue;
    let s = o.rules.length;
    for (let r = 0; r < o.rules.length; r++) {
      if (o.rules[r]!(f.properties)) {
        s = r;
        break;
      }
    }
    ids[k] = f.id;
    coords[2 * k] = x;
    coords[2 * k + 1] = y;
    styleIndex[k] = s;
    generalised[k] = generalisedSide(f);
    properties.push(f.properties);
    k++;
  }
  const packedCoords = coords.slice(0, 2 * k);
  const packedStyles = styleIndex.slice(0, k);
  const packedGeneralised = generalised.slice(0, k);
  const packedProperties = packProperties(properties, o.propertyKeys);
  return {
    ids: ids.slice(0, k),
    coords: packedCoords,
    styleIndex: packedStyles,
    minLevel: thinLevels(packedCoords, packedStyles),
    properties: packedProperties,
    unconfirmed: unconfirmedFlags(packedProperties),
    generalised: packedGeneralised,
    ...new SquareRings().of(
      packedCoords,
      packedGeneralised,
      { styleIndex: packedStyles, count: o.rules.length + 1 },
      o.grid ?? null,
    ),
  };
}
