/** The photo types the picker accepts (SPEC: jpg, jpeg, png). */
export type PhotoType = 'image/jpeg' | 'image/png';

/** Tells the real type of a photo from its first bytes; null when it is neither JPEG nor PNG. */
export async function sniffPhotoType(photo: Blob): Promise<PhotoType | null> {
  const b = new Uint8Array(await photo.slice(0, 8).arrayBuffer());
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((v, i) => b[i] === v)) return 'image/png';
  return null;
}
