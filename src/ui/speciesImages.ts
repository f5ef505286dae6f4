import type { AppConfig } from '../../worker/api.ts';

/** Where a catalogue image is shown from: a thumbnail, its full-size version, and the shipped copy. */
export interface SpeciesImageUrls {
  thumb: string;
  full: string;
  /** The drawing the app ships, used when the atlas host fails (offline, tests). */
  local: string;
}

/**
 * With an atlas host configured, thumbnails load from it and the 'thumbs' path part
 * is swapped for the full-size folder; without one, the shipped images are used.
 */
export function speciesImageUrls(image: string, cfg: Pick<AppConfig, 'speciesImages'> | null): SpeciesImageUrls {
  const local = `/${image}`;
  const si = cfg?.speciesImages;
  if (!si) return { thumb: local, full: local, local };
  const file = image.split('/').pop() ?? image;
  const thumb = new URL(file, si.base.endsWith('/') ? si.base : `${si.base}/`).toString();
  const full = thumb.replace(`/${si.thumbsPart}/`, `/${si.fullPart}/`);
  return { thumb, full, local };
}

/**
 * The img error handler of the fallback chain: a missing thumbnail (or non-200) loads the
 * full image; if that fails too, the shipped drawing.
 */
export function fallBack(img: HTMLImageElement, urls: SpeciesImageUrls): void {
  if (img.src === urls.thumb && urls.full !== urls.thumb) img.src = urls.full;
  else if (img.src !== new URL(urls.local, location.origin).toString()) img.src = urls.local;
}
