import type { LayerFilterState } from '../../../../worker/api.ts';
import type { LayerQuery } from '../../../../worker/layer/LayerIndex.ts';
import { layerStateFilter } from '../../../../worker/layer/filterState.ts';
import { nationalGrid } from '../../../../worker/nationalGrid.ts';
import { LAYER_RULES, LAYER_TABLE_COLUMNS } from '../../../../bench/scale/layerFeatures.ts';

/**
 * The map's query of the synthetic layer (bench/scale/layerFeatures.ts) for a filter panel state,
 * as the data core asks it: the profile's rules, the layer's columns and property keys, the
 * national grid, oseba0 (a creator of some finds) signed in.
 */
export function layerQuery(
  state: LayerFilterState,
  extent: [number, number, number, number] | null = null,
): LayerQuery {
  return {
    extent,
    filter: layerStateFilter(state),
    rules: LAYER_RULES,
    columns: LAYER_TABLE_COLUMNS,
    userEmail: 'oseba0@example.si',
    grid: nationalGrid,
    propertyKeys: LAYER_TABLE_COLUMNS.map((c) => c.id),
  };
}
