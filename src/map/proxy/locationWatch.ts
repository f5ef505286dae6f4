/**
 * The device's position for a map drawn in a worker (workers have no geolocation): watched here
 * with high accuracy, as OpenLayers' Geolocation does, each fix handed on
 * as longitude/latitude, accuracy (m) and heading (radians, null when unknown).
 */
import type { LocationFix } from '../../../mapscene/types.ts';

/** Starts watching; returns the function that stops. */
export function watchLocation(onFix: (fix: LocationFix) => void, onError: (code: number) => void): () => void {
  const id = navigator.geolocation.watchPosition(
    (p) => {
      const heading = p.coords.heading;
      onFix({
        lonLat: [p.coords.longitude, p.coords.latitude],
        accuracy: p.coords.accuracy,
        heading: heading === null || Number.isNaN(heading) ? null : (heading * Math.PI) / 180,
      });
    },
    (e) => onError(e.code),
    { enableHighAccuracy: true },
  );
  return () => navigator.geolocation.clearWatch(id);
}
