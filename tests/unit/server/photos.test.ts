import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkPhoto, cleanFileName, makeThumbnail, sniffImage } from '../../../server/api/attachments/photoFiles.ts';
import { type HttpError } from '../../../server/http/errors.ts';

describe('photos', () => {
  it('sniffs JPEG and PNG by magic bytes only', async () => {
    expect(
      sniffImage(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('image/jpeg');
    expect(
      sniffImage(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      ),
    ).toBe('image/png');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('refuses other types (415), empty (400) and over 20 MB (413)', () => {
    const status = (b: Uint8Array) => {
      try {
        checkPhoto(b);
        return 0;
      } catch (e) {
        return (e as HttpError).status;
      }
    };
    expect(status(Buffer.from('hello'))).toBe(415);
    expect(status(Buffer.alloc(0))).toBe(400);
    expect(status(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20 * 1024 * 1024)]))).toBe(413);
  });

  it('makes an upright JPEG thumbnail with a long edge of 320 px, never enlarging', async () => {
    const src = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0a0' } })
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    expect(await sharp(await makeThumbnail(src)).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 320 });
    const small = await sharp({ create: { width: 100, height: 50, channels: 4, background: '#0a08' } })
      .png()
      .toBuffer();
    expect(await sharp(await makeThumbnail(small)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 100,
      height: 50,
    });
    await expect(
      makeThumbnail(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10)])),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('cleans file names', () => {
    expect(cleanFileName('../../etc/passwd', 'image/jpeg')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\a"b.jpg', 'image/jpeg')).toBe('ab.jpg');
    expect(cleanFileName('', 'image/png')).toBe('fotografija.png');
    expect(cleanFileName(undefined, 'image/jpeg')).toBe('fotografija.jpg');
  });
});
