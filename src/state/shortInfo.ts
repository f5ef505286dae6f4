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

/** A find's photos as object URLs in their order (revoke them when done), and which one is the cover. */
export interface FindPhotoUrls {
  urls: string[];
  /** The index of the cover: the chosen one, else the first. */
  cover: number;
}

/** Every photo of a find as object URLs (full size, or thumbnails), in the reporter's order. */
export async function findPhotoUrls(id: number, thumb: boolean): Promise<FindPhotoUrls> {
  const photos = await core.getPhotos(id, thumb);
  return {
    urls: photos.map((p) => URL.createObjectURL(p.blob)),
    cover: Math.max(
      0,
      photos.findIndex((p) => p.cover),
    ),
  };
}
