import type { Profile, SymbolStyle, SymbologyRule } from '../../domain/model.ts';
import type { Catalogue } from './catalogue.ts';
import { COL, PROFILE_ID, PROJECT_ID, RELATION_TABLE_ID, SIGHTINGS_TABLE_ID, UNITS_TABLE_ID } from './model.ts';

/** The table view of the sightings layer (SPEC: tableViewId 2). */
export const TABLE_VIEW_ID = 2;
/** The sightings layer (SPEC: layerId 86). */
export const LAYER_ID = 86;
/** Grey of features that match no group rule (and of the 'other' entries). */
export const DEFAULT_COLOR = '#848484';

/** A circle marker of radius 7 in `color` with a white stroke of width 2. */
export function circleStyle(color: string): SymbolStyle {
  return { marker: { type: 'circle', radius: 7, fill: { color }, stroke: { color: '#FFFFFF', width: 2 } } };
}

/** Profile 18: the tables, the sightings layer coloured by group, the base maps and the initial view. */
export function buildProfile(catalogue: Catalogue): Profile {
  const rules: SymbologyRule[] = catalogue.groups.map((g) => ({
    name: g.name,
    filter: { type: 'condition', columnId: COL.group, operationType: 'equals', values: [g.id] },
    style: circleStyle(g.color),
  }));
  return {
    id: PROFILE_ID,
    projectId: PROJECT_ID,
    name: 'Sporoči vrsto',
    tables: [SIGHTINGS_TABLE_ID, UNITS_TABLE_ID, RELATION_TABLE_ID],
    tableViews: [{ id: TABLE_VIEW_ID, tableId: SIGHTINGS_TABLE_ID, filters: null }],
    layers: [
      {
        id: LAYER_ID,
        tableId: SIGHTINGS_TABLE_ID,
        tableViewId: TABLE_VIEW_ID,
        name: 'Najdbe',
        symbology: { type: 'complex', rules, style: circleStyle(DEFAULT_COLOR) },
      },
    ],
    baseMaps: [
      {
        id: 'ortho',
        name: 'Ortofoto',
        url: '/tiles/ortho/{z}_{x}_{y}.png',
        overlay: false,
        visible: true,
        offline: true,
      },
      { id: 'topo', name: 'Topografska karta', url: '/tiles/topo/{z}_{x}_{y}.png', overlay: false, visible: false },
      {
        id: 'hillshade',
        name: 'Senčenje reliefa',
        url: '/tiles/hillshade/{z}_{x}_{y}.png',
        overlay: true,
        visible: false,
        opacity: 0.5,
      },
    ],
    initalCenterLong: 14.82,
    initalCenterLat: 46.12,
    initalZoom: 8,
    minZoom: 7,
    maxZoom: 19,
  };
}
