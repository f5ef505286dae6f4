import { describe, expect, it } from 'vitest';
import {
  MAX_PHOTOS,
  addPhotos,
  coverKey,
  movePhoto,
  photoListSnapshot,
  photosToSave,
  removePhoto,
  setCover,
  type FormPhotoItem,
  type PhotoList,
} from '../../../../src/records/photoList.ts';

/** A new photo item named `key` (its file carries the same name). */
const fresh = (key: string): FormPhotoItem => ({
  key,
  source: { kind: 'new', file: new File(['x'], `${key}.jpg`, { type: 'image/jpeg' }) },
  previewUrl: null,
});
const stored = (id: number): FormPhotoItem => ({
  key: `stored-${id}`,
  source: { kind: 'stored', id },
  previewUrl: null,
});
const keys = (l: PhotoList): string[] => l.items.map((p) => p.key);
const empty: PhotoList = { items: [], cover: null };

describe('the report form’s photo list', () => {
  it('adds photos at the end, at most 10; the rest are refused', () => {
    const three = addPhotos(empty, [fresh('a'), fresh('b'), fresh('c')]);
    expect(keys(three)).toEqual(['a', 'b', 'c']);
    expect(three.refused).toEqual([]);
    const many = addPhotos(
      three,
      Array.from({ length: 9 }, (_, i) => fresh(`n${i}`)),
    );
    expect(many.items).toHaveLength(MAX_PHOTOS);
    expect(MAX_PHOTOS).toBe(10);
    expect(many.refused.map((p) => p.key)).toEqual(['n7', 'n8']);
  });

  it('moves a photo left and right, never past either end', () => {
    const l: PhotoList = { items: [fresh('a'), fresh('b'), fresh('c')], cover: null };
    expect(keys(movePhoto(l, 'c', -1))).toEqual(['a', 'c', 'b']);
    expect(keys(movePhoto(l, 'a', 1))).toEqual(['b', 'a', 'c']);
    expect(movePhoto(l, 'a', -1)).toBe(l);
    expect(movePhoto(l, 'c', 1)).toBe(l);
    expect(movePhoto(l, 'nope', 1)).toBe(l);
  });

  it('the cover is the chosen photo wherever it moves, else the first', () => {
    const l: PhotoList = { items: [fresh('a'), fresh('b'), fresh('c')], cover: null };
    expect(coverKey(l)).toBe('a');
    const chosen = setCover(l, 'b');
    expect(coverKey(chosen)).toBe('b');
    const moved = movePhoto(chosen, 'b', 1);
    expect(keys(moved)).toEqual(['a', 'c', 'b']);
    expect(coverKey(moved)).toBe('b');
    expect(photosToSave(moved).cover).toBe(2);
    expect(setCover(l, 'nope')).toBe(l);
    expect(coverKey(empty)).toBeNull();
  });

  it('removing the cover hands it to the first photo; removing another keeps it', () => {
    const l: PhotoList = { items: [fresh('a'), fresh('b'), fresh('c')], cover: 'c' };
    const noA = removePhoto(l, 'a');
    expect(keys(noA)).toEqual(['b', 'c']);
    expect(coverKey(noA)).toBe('c');
    const noC = removePhoto(l, 'c');
    expect(keys(noC)).toEqual(['a', 'b']);
    expect(noC.cover).toBeNull();
    expect(coverKey(noC)).toBe('a');
  });

  it('saves stored photos by id and new ones with their file and key, in order', () => {
    const l: PhotoList = { items: [stored(41), fresh('n1'), stored(40)], cover: 'n1' };
    const { photos, cover } = photosToSave(l);
    expect(cover).toBe(1);
    expect(photos[0]).toEqual({ kind: 'stored', id: 41 });
    expect(photos[1]).toMatchObject({ kind: 'new', name: 'n1.jpg', key: 'n1' });
    expect(photos[2]).toEqual({ kind: 'stored', id: 40 });
    expect(photosToSave(empty)).toEqual({ photos: [], cover: null });
  });

  it('tells a change of order or cover from none', () => {
    const l: PhotoList = { items: [stored(1), stored(2)], cover: null };
    const before = photoListSnapshot(l);
    expect(photoListSnapshot({ ...l, cover: 'stored-1' })).toBe(before); // the first is the cover anyway
    expect(photoListSnapshot(setCover(l, 'stored-2'))).not.toBe(before);
    expect(photoListSnapshot(movePhoto(l, 'stored-2', -1))).not.toBe(before);
    expect(photoListSnapshot(removePhoto(l, 'stored-1'))).not.toBe(before);
  });
});
