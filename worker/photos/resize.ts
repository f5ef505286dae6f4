/** Options of resizePhoto. */
export interface ResizeOptions {
  /** The long edge of the result in px; default 2048 (a 12 MB phone photo becomes ~1 MB). */
  maxEdge?: number;
  /** JPEG quality 0..1; default 0.85. */
  quality?: number;
}

/** A resized photo. */
export interface ResizedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

/**
 * Scales a photo down to `maxEdge` on its long side and encodes it as JPEG, upright: the
 * EXIF orientation is applied to the pixels, so the result shows as the camera saw it.
 */
export async function resizePhoto(photo: Blob, o: ResizeOptions = {}): Promise<ResizedPhoto> {
  const maxEdge = o.maxEdge ?? 2048;
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D context for resizing');
    ctx.imageSmoothingQuality = 'high';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: o.quality ?? 0.85 });
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}
