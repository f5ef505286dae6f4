import { badRequest } from '../../http/errors.ts';
import { assertNoNul } from '../http/nulGuard.ts';
import {
  MAX_ATTACHMENTS_PER_RECORD,
  assertAttachmentInfo,
  preparePhoto,
  tooManyAttachments,
} from '../attachments/store.ts';
import type { NewPhoto } from './mutations.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { field, fieldList, filesOf, type Form } from '../http/multipart.ts';

/** The JSON value of a form field; 400 when it is missing or not JSON. */
export function jsonField(form: Form, name: string, what: string): unknown {
  const raw = field(form, name);
  if (raw === undefined) throw badRequest(`The form needs a "${name}" field with the ${what} as JSON`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`The "${name}" field is not valid JSON`);
  }
  assertNoNul(value, `The "${name}" field`);
  return value;
}

/**
 * The photos of a create form: AttachmentFiles with one AttachmentInfoIds value per file (or one
 * for all; default the table's first attachment info), each checked (415/413/400); at most
 * MAX_ATTACHMENTS_PER_RECORD (400 before any is checked). AttachmentCover names the cover by its index.
 */
export async function formPhotos(form: Form, meta: TableMeta): Promise<NewPhoto[]> {
  const files = filesOf(form, 'AttachmentFiles');
  const infoIds = fieldList(form, 'AttachmentInfoIds').map((s) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN));
  if (infoIds.some((n) => !Number.isInteger(n) || n < 1))
    throw badRequest('AttachmentInfoIds must be positive integers');
  if (files.length > 0 && infoIds.length !== files.length && infoIds.length > 1) {
    throw badRequest('Give one AttachmentInfoIds value per file, or one for all files');
  }
  const unknownFile = form.files.find((f) => !files.includes(f));
  if (unknownFile) throw badRequest(`Unexpected file field ${JSON.stringify(unknownFile.field)}; use AttachmentFiles`);
  if (files.length > MAX_ATTACHMENTS_PER_RECORD) throw tooManyAttachments();
  const cover = coverIndex(field(form, 'AttachmentCover'), files.length);
  const photos: NewPhoto[] = [];
  for (const [i, file] of files.entries()) {
    const infoId = infoIds[i] ?? infoIds[0] ?? meta.attachmentInfoIds[0];
    if (infoId === undefined) throw badRequest(`Table ${meta.table.id} takes no attachments`);
    assertAttachmentInfo(meta, infoId);
    photos.push({ infoId, photo: await preparePhoto(file), cover: i === cover });
  }
  return photos;
}

/** The AttachmentCover field: the index of one of `files` files, or null when absent; 400 otherwise. */
function coverIndex(raw: string | undefined, files: number): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const i = /^\s*\d{1,3}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(i < files)) throw badRequest(`AttachmentCover must be the index (0 to ${files - 1}) of one of the files`);
  return i;
}
