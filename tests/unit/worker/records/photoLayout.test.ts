import { describe, expect, it } from 'vitest';
import { pendingLayout } from '../../../../worker/records/writes.ts';
import { photosChanged } from '../../../../worker/records/recordsCore.ts';
import type { Attachment } from '../../../../domain/model.ts';
import type { FormPhoto } from '../../../../worker/records/types.ts';
import { OFFLINE_PHOTO_LAYOUT } from '../../../../domain/attachments.ts';

const kept = (id: number): FormPhoto => ({ kind: 'stored', id });
const fresh = (key: string): FormPhoto => ({ kind: 'new', file: new Blob(['x']), name: `${key}.jpg`, key });
const att = (id: number, mimeType = 'image/jpeg', cover = false): Attachment => ({
  id,
  recordId: 1,
  tableAttachmentInfoId: 1,
  name: `${id}.jpg`,
  mimeType,
  size: 1,
  cover,
});

describe('an offline edit of the photos (pendingLayout)', () => {
  // The device has the server's cover (row 1, stored) and two photos waiting (rows 2 and 3).
  const device = [
    { id: 1, pending: false },
    { id: 2, pending: true },
    { id: 3, pending: true },
  ];

  it('orders, drops and makes the cover among the photos waiting on the device', () => {
    expect(pendingLayout({ photos: [kept(1), kept(3), kept(2), fresh('n')], cover: 1 }, device)).toEqual({
      keep: [3, 2],
      cover: 3,
    });
    expect(pendingLayout({ photos: [kept(1), kept(2)], cover: null }, device)).toEqual({ keep: [2], cover: null });
    // A new photo as the cover: no waiting row is.
    expect(pendingLayout({ photos: [kept(1), fresh('n')], cover: 1 }, device)).toEqual({ keep: [], cover: null });
  });

  it('refuses to remove or move a photo already on the server', () => {
    for (const photos of [
      [kept(2), kept(3)], // the server's photo removed
      [kept(2), kept(1), kept(3)], // a waiting photo put before it
      [fresh('n'), kept(1)],
    ]) {
      expect(() => pendingLayout({ photos, cover: null }, device)).toThrow(
        expect.objectContaining({ name: OFFLINE_PHOTO_LAYOUT }),
      );
    }
  });

  it('a form opened online names the server photos by their server ids: only their place is checked', () => {
    expect(pendingLayout({ photos: [kept(900), kept(901), fresh('n')], cover: 2 }, device)).toEqual({
      keep: [],
      cover: null,
    });
    expect(() => pendingLayout({ photos: [fresh('n'), kept(900)], cover: null }, device)).toThrow();
  });
});

describe('photosChanged (an online edit touches the photos only when they changed)', () => {
  const had = [att(10), att(11, 'image/jpeg', true), att(12, 'audio/mpeg')];

  it('is false for the same photos, order and cover; other attachments (sound) do not count', () => {
    expect(photosChanged(had, { photos: [kept(10), kept(11)], cover: 1 })).toBe(false);
    expect(photosChanged([att(10), att(11)], { photos: [kept(10), kept(11)], cover: null })).toBe(false);
    expect(photosChanged([att(10), att(11)], { photos: [kept(10), kept(11)], cover: 0 })).toBe(false);
  });

  it('is true for a photo added, removed or moved, or another cover', () => {
    expect(photosChanged(had, { photos: [kept(10), kept(11), fresh('n')], cover: 1 })).toBe(true);
    expect(photosChanged(had, { photos: [kept(10)], cover: null })).toBe(true);
    expect(photosChanged(had, { photos: [kept(11), kept(10)], cover: 0 })).toBe(true);
    expect(photosChanged(had, { photos: [kept(10), kept(11)], cover: 0 })).toBe(true);
  });
});
