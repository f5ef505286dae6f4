/** Most attachments one record may have (photos and other files, e.g. sound). */
export const MAX_ATTACHMENTS_PER_RECORD = 10;

/** True for an attachment that is a photo: a find may carry other files (e.g. sound), which are not shown as photos. */
export function isPhotoMime(mimeType: string): boolean {
  return mimeType.startsWith('image/');
}

/**
 * The error name of an offline save that would remove or move a photo already on the server: the
 * change queue sends new photos only, so that waits for a connection and nothing is saved.
 */
export const OFFLINE_PHOTO_LAYOUT = 'OfflinePhotoLayout';
