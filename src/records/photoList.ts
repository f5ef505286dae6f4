import type { FormPhoto } from '../../worker/api.ts';
import { MAX_ATTACHMENTS_PER_RECORD } from '../../domain/attachments.ts';

/** Most photos one find may have: as many as a record takes attachments. */
export const MAX_PHOTOS = MAX_ATTACHMENTS_PER_RECORD;

/** A photo in the report form's row of thumbnails. */
export interface FormPhotoItem {
  /** Unique in the form: the React key, and for a new photo the Idempotency-Key of its upload. */
  key: string;
  /** A photo the find had (its id) or one picked now (the original file). */
  source: { kind: 'stored'; id: number } | { kind: 'new'; file: File };
  /** A small upright preview (an object URL), or null when none could be made. */
  previewUrl: string | null;
}

/** The form's photos in order and the cover (by key; null: the first photo is the cover). */
export interface PhotoList {
  items: FormPhotoItem[];
  cover: string | null;
}

/** The photos after adding `added` at the end, at most MAX_PHOTOS in all; `refused` are those past the limit. */
export function addPhotos(list: PhotoList, added: FormPhotoItem[]): PhotoList & { refused: FormPhotoItem[] } {
  const room = Math.max(0, MAX_PHOTOS - list.items.length);
  return { items: [...list.items, ...added.slice(0, room)], cover: list.cover, refused: added.slice(room) };
}

/** The photos with `key` moved `delta` places (-1 left, +1 right), kept inside the row. */
export function movePhoto(list: PhotoList, key: string, delta: number): PhotoList {
  const from = list.items.findIndex((p) => p.key === key);
  if (from < 0) return list;
  const to = Math.max(0, Math.min(list.items.length - 1, from + delta));
  if (to === from) return list;
  const items = [...list.items];
  const [moved] = items.splice(from, 1);
  items.splice(to, 0, moved!);
  return { items, cover: list.cover };
}

/** The photos with `key` as the cover. */
export function setCover(list: PhotoList, key: string): PhotoList {
  return list.items.some((p) => p.key === key) ? { items: list.items, cover: key } : list;
}

/** The photos without `key`; a removed cover hands the cover back to the first photo. */
export function removePhoto(list: PhotoList, key: string): PhotoList {
  return { items: list.items.filter((p) => p.key !== key), cover: list.cover === key ? null : list.cover };
}

/** The key of the photo shown for the find: the chosen cover, else the first photo; null without photos. */
export function coverKey(list: PhotoList): string | null {
  if (list.cover !== null && list.items.some((p) => p.key === list.cover)) return list.cover;
  return list.items[0]?.key ?? null;
}

/** What the core saves: the photos in order and the cover's index (null: the first). */
export function photosToSave(list: PhotoList): { photos: FormPhoto[]; cover: number | null } {
  const photos: FormPhoto[] = list.items.map((p) =>
    p.source.kind === 'stored'
      ? { kind: 'stored', id: p.source.id }
      : { kind: 'new', file: p.source.file, name: p.source.file.name, key: p.key },
  );
  const at = list.items.findIndex((p) => p.key === coverKey(list));
  return { photos, cover: at < 0 ? null : at };
}

/** The photos' order and cover as one comparable string (to tell whether the user changed them). */
export function photoListSnapshot(list: PhotoList): string {
  return JSON.stringify([list.items.map((p) => p.key), coverKey(list)]);
}
