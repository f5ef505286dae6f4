import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { stripJpegMetadata, stripMetadata, stripPngMetadata } from '../../../../server/geo/stripMetadata.ts';
import { exifOrientation } from '../../../../server/geo/exifOrientation.ts';
import { makeThumbnail } from '../../../../server/api/attachments/photoFiles.ts';
import { SECRETS, jpegSegments, jpegWithMetadata, pngChunks, pngWithText } from '../../../helpers/photoMetadata.ts';

const pixels = (b: Buffer): Promise<Buffer> => sharp(b).raw().toBuffer();
const noSecret = (b: Buffer): void => {
  for (const s of SECRETS) expect(b.includes(Buffer.from(s)), s).toBe(false);
};

describe('stripMetadata', () => {
  it('drops EXIF, XMP, extended XMP, APP13 and comments of a JPEG, keeps its ICC profile and pixels', async () => {
    const jpeg = await jpegWithMetadata(64, 48);
    expect(jpegSegments(jpeg)).toEqual(['APP1 XMP', 'APP13', 'COM', 'APP1 Exif', 'APP1 XMP', 'APP2 ICC']);
    for (const s of SECRETS) expect(jpeg.includes(Buffer.from(s)), s).toBe(true);
    const out = stripJpegMetadata(jpeg);
    expect(out).not.toBeNull();
    expect(jpegSegments(out!)).toEqual(['APP2 ICC']);
    noSecret(out!);
    expect((await pixels(out!)).equals(await pixels(jpeg))).toBe(true);
    expect((await sharp(out!).metadata()).icc).toBeDefined();
  });

  it('walks every scan of a progressive JPEG and drops what follows its end of image', async () => {
    const progressive = await sharp(await jpegWithMetadata(64, 48))
      .keepMetadata()
      .jpeg({ progressive: true })
      .toBuffer();
    const trailer = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.from('SerialNo-4711')]);
    const out = stripJpegMetadata(Buffer.concat([progressive, trailer]));
    expect(out).not.toBeNull();
    expect(jpegSegments(out!)).not.toContain('APP1 Exif');
    noSecret(out!);
    expect(out!.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect((await pixels(out!)).equals(await pixels(progressive))).toBe(true);
  });

  it('drops text and EXIF chunks of a PNG and keeps its pixels', async () => {
    const png = await pngWithText(20, 10);
    expect(pngChunks(png)).toContain('tEXt');
    const out = stripPngMetadata(png);
    expect(pngChunks(out!)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    noSecret(out!);
    expect((await pixels(out!)).equals(await pixels(png))).toBe(true);
  });

  it('answers null for anything that is not a well-formed JPEG or PNG', async () => {
    const jpeg = await jpegWithMetadata(16, 16);
    // Cut inside the metadata segments: malformed.
    expect(stripMetadata(jpeg.subarray(0, 100))).toBeNull();
    // Cut inside the image data: the picture so far, still without metadata.
    const cut = stripMetadata(jpeg.subarray(0, jpeg.length - 20));
    expect(jpegSegments(cut!)).toEqual(['APP2 ICC']);
    noSecret(cut!);
    expect(stripMetadata(Buffer.from('GIF89a'))).toBeNull();
    const png = await pngWithText(8, 8);
    expect(stripMetadata(png.subarray(0, 40))).toBeNull();
  });

  it('reads the EXIF orientation, 1 when there is none', async () => {
    expect(exifOrientation(await jpegWithMetadata(16, 8, 6))).toBe(6);
    expect(exifOrientation(await jpegWithMetadata(16, 8))).toBe(1);
    expect(exifOrientation(await pngWithText(8, 8))).toBe(1);
    const png = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#000' } })
      .png()
      .withMetadata({ orientation: 8 })
      .toBuffer();
    expect(exifOrientation(png)).toBe(8);
  });

  it('thumbnails carry no metadata at all', async () => {
    const thumb = await makeThumbnail(await jpegWithMetadata(640, 480, 6));
    expect(jpegSegments(thumb).filter((s) => s !== 'APP0')).toEqual([]);
    noSecret(thumb);
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 240, height: 320 });
  });
});
