/**
 * Pixels and coordinates from a copy of the map's view (pure math, no OpenLayers): what the UI
 * computes from `MapPort.view`, whichever thread draws the map. The same formulas as OpenLayers'
 * frame state: a pixel's offset from the centre, scaled by the resolution, rotated by the view's
 * rotation, y up on the map and down on the screen.
 */
import type { MapCoord, MapExtent, MapViewState } from './mapPort.ts';

/** The map coordinate under a pixel (CSS px from the map's top left). */
export function pixelToCoordinate(v: MapViewState, pixel: readonly [number, number]): MapCoord {
  const dx = (pixel[0] - v.size[0] / 2) * v.resolution;
  const dy = (v.size[1] / 2 - pixel[1]) * v.resolution;
  const cos = Math.cos(v.rotation);
  const sin = Math.sin(v.rotation);
  return [v.center[0] + dx * cos - dy * sin, v.center[1] + dx * sin + dy * cos];
}

/** The pixel (CSS px from the map's top left) of a map coordinate. */
export function coordinateToPixel(v: MapViewState, coord: readonly [number, number]): [number, number] {
  const x = coord[0] - v.center[0];
  const y = coord[1] - v.center[1];
  const cos = Math.cos(v.rotation);
  const sin = Math.sin(v.rotation);
  return [v.size[0] / 2 + (x * cos + y * sin) / v.resolution, v.size[1] / 2 - (-x * sin + y * cos) / v.resolution];
}

/** The extent the view shows (its bounding box when rotated). */
export function viewExtent(v: MapViewState): MapExtent {
  const [w, h] = v.size;
  const corners = [
    pixelToCoordinate(v, [0, 0]),
    pixelToCoordinate(v, [w, 0]),
    pixelToCoordinate(v, [0, h]),
    pixelToCoordinate(v, [w, h]),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
