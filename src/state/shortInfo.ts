import { signal } from '@preact/signals-react';
import type { Properties } from '../../domain/model.ts';
import { core } from '../core.ts';

/** A feature under a map click. */
export interface ClickedFeature {
  id: number;
  coord: [number, number];
  properties: Properties;
  /** The side in metres of the national-grid square shown instead of the exact place (issue #21); absent = exact. */
  generalised?: number;
}

/** What the short-info panel shows: where the map was clicked and the features there. */
export interface ShortInfo {
  /** The click in EPSG:3857. */
  coord: [number, number];
  features: ClickedFeature[];
}

/** The last map click's short info. */
export const shortInfo = signal<ShortInfo | null>(null);

/** A find's photo as an object URL (revoke it when done), or null when it has none. */
export async function findPhotoUrl(id: number, thumb: boolean): Promise<string | null> {
  const blob = await core.getPhoto(id, thumb);
  return blob ? URL.createObjectURL(blob) : null;
}
