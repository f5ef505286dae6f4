import type OlMap from 'ol/Map.js';
import type { MapViewState } from './types.ts';

/** An OpenLayers map's view as the UI's copy (MapPort.view), or null before the map has a size. */
export function viewStateOf(map: OlMap): MapViewState | null {
  const v = map.getView();
  const c = v.getCenter();
  const resolution = v.getResolution();
  const zoom = v.getZoom();
  const size = map.getSize();
  if (!c || resolution === undefined || zoom === undefined || !size) return null;
  return { center: [c[0]!, c[1]!], zoom, resolution, rotation: v.getRotation(), size: [size[0]!, size[1]!] };
}
