import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { signedInSuite } from './helpers/signedInSuite.ts';
import { attachmentForm } from './helpers/attachmentForm.ts';
import { SECRETS, jpegSegments, jpegWithMetadata, pngChunks, pngWithText } from '../helpers/photoMetadata.ts';

/**
 * Photos to others carry only the picture (issue #36), against the real server on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: another signed-in user and an anonymous caller get a photo and
 * its thumbnail without EXIF, XMP, IPTC or comments (checked by walking the bytes), turned upright
 * when its EXIF said so, also for a species that is not sensitive; the reporter and the reviewers
 * of the find's group get the original byte for byte. bukov kozliček (3402) is in group 7, which
 * pregled@example.si reviews; finds are public.
 */
const suite = signedInSuite('ana', 'bor', 'pregled');
type Who = 'ana' | 'bor' | 'pregled' | null;
const BEETLE = 3402; // bukov kozliček, not a sensitive species

/** Uploads `bytes` as ana's photo of a new find of hers; the attachment id. */
async function upload(bytes: Buffer, name: string): Promise<number> {
  const id = await suite.report('ana', BEETLE, [14.5, 46.05]);
  // Not generalised: the photo is stripped for everyone else also where the place is public.
  expect((await suite.call(null, 'GET', `/api/Features/35/48/${id}`)).body.generalised).toBeUndefined();
  const up = await suite.call(
    'ana',
    'POST',
    '/api/Records/35/attachment',
    attachmentForm(id, new Blob([new Uint8Array(bytes)]), name),
  );
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  return up.body.id as number;
}

/** The bytes of attachment `id` (thumb: its thumbnail) as `who` gets them. */
async function fetchPhoto(who: Who, id: number, thumb = false): Promise<Buffer> {
  const r = await fetch(`${suite.server.url}/api/Records/35/attachment/${id}${thumb ? '?thumb=true' : ''}`, {
    headers: who ? { authorization: `Bearer ${suite.token[who]}` } : {},
  });
  expect(r.status, String(who)).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

/** Asserts that a served JPEG carries no metadata segment and none of the test photo's secrets. */
function assertPictureOnly(jpeg: Buffer, label: string): void {
  const segments = jpegSegments(jpeg);
  for (const banned of ['APP1 Exif', 'APP1 XMP', 'APP1', 'APP13', 'COM']) expect(segments, label).not.toContain(banned);
  for (const s of SECRETS) expect(jpeg.includes(Buffer.from(s)), `${label}: ${s}`).toBe(false);
}

describe('photos to others', () => {
  it('carry only the picture; the reporter and her group reviewers get the original', async () => {
    const original = await jpegWithMetadata(400, 300);
    expect(jpegSegments(original)).toEqual(['APP1 XMP', 'APP13', 'COM', 'APP1 Exif', 'APP1 XMP', 'APP2 ICC']);
    const id = await upload(original, 'foto.jpg');
    for (const who of ['ana', 'pregled'] as const) {
      expect((await fetchPhoto(who, id)).equals(original), who).toBe(true);
    }
    for (const who of ['bor', null] as const) {
      const served = await fetchPhoto(who, id);
      assertPictureOnly(served, `${String(who)} original`);
      // The same picture, losslessly: the pixels and the colour profile are untouched.
      expect(jpegSegments(served)).toEqual(['APP2 ICC']);
      expect((await sharp(served).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
      assertPictureOnly(await fetchPhoto(who, id, true), `${String(who)} thumbnail`);
    }
    // The thumbnail is made without metadata for everyone.
    assertPictureOnly(await fetchPhoto('ana', id, true), 'ana thumbnail');
  });

  it('are turned upright by their EXIF orientation before it is removed', async () => {
    const original = await jpegWithMetadata(64, 48, 6);
    const id = await upload(original, 'pokonci.jpg');
    expect((await fetchPhoto('ana', id)).equals(original)).toBe(true);
    for (const who of ['bor', null, 'bor'] as const) {
      const served = await fetchPhoto(who, id);
      assertPictureOnly(served, String(who));
      const meta = await sharp(served).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([48, 64, undefined]);
    }
    const thumb = await sharp(await fetchPhoto('bor', id, true)).metadata();
    expect([thumb.width, thumb.height]).toEqual([48, 64]);
  });

  it('lose the text chunks of a PNG', async () => {
    const original = await pngWithText(40, 30);
    expect(pngChunks(original)).toContain('tEXt');
    const id = await upload(original, 'slika.png');
    expect((await fetchPhoto('ana', id)).equals(original)).toBe(true);
    const served = await fetchPhoto('bor', id);
    expect(pngChunks(served)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(served.includes(Buffer.from('comment-secret'))).toBe(false);
    expect((await sharp(served).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });
});
