import sharp from 'sharp';

/** The multipart form of an upload of `file` (named `name`) to record `recordId` of table 48, attachment info 1. */
export function attachmentForm(recordId: number, file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('TableId', '48');
  form.append('RecordId', String(recordId));
  form.append('TableAttachmentInfoId', '1');
  form.append('File', file, name);
  return form;
}

/** The upload form of a plain PNG p.png of `width` × `height` pixels in `background` to record `recordId`. */
export async function pngAttachmentForm(
  recordId: number,
  png: { width: number; height: number; background: string },
): Promise<FormData> {
  const bytes = await sharp({ create: { ...png, channels: 3 } })
    .png()
    .toBuffer();
  return attachmentForm(recordId, new Blob([bytes]), 'p.png');
}
