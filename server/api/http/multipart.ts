import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { MAX_PHOTO_BYTES } from '../attachments/photoFiles.ts';

/** A file part read into memory. */
export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

/** A multipart form read into memory: field values (repeated fields kept in order) and files. */
export interface Form {
  fields: Map<string, string[]>;
  files: UploadedFile[];
}

/** Limits of one multipart form. */
export const FORM_LIMITS = {
  fileSize: MAX_PHOTO_BYTES,
  files: 10,
  fields: 50,
  fieldSize: 1024 * 1024,
  parts: 60,
  fieldNameSize: 200,
} as const;

/**
 * Reads a multipart/form-data body (415 for another content type; 413 when a file is over 20 MB
 * or the form over its limits). A file part named in `jsonFields` is read as a text field.
 */
export async function readForm(req: FastifyRequest, jsonFields: string[] = []): Promise<Form> {
  if (!req.isMultipart()) throw new HttpError(415, 'The body must be multipart/form-data');
  const form: Form = { fields: new Map(), files: [] };
  const add = (name: string, value: string): void => {
    form.fields.set(name, [...(form.fields.get(name) ?? []), value]);
  };
  try {
    for await (const part of req.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, 'A file may be at most 20 MB');
        if (jsonFields.includes(part.fieldname)) {
          if (data.length > FORM_LIMITS.fieldSize) throw new HttpError(413, `The field ${part.fieldname} is too large`);
          add(part.fieldname, data.toString('utf8'));
        } else {
          form.files.push({ field: part.fieldname, filename: part.filename, data });
        }
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new HttpError(413, `The field ${part.fieldname} is too large`);
        add(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const status = (e as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      throw new HttpError(status === 406 ? 415 : status, (e as Error).message);
    }
    throw new HttpError(400, 'The multipart body could not be read');
  }
  return form;
}

/** The one value of a field, matched case-insensitively (TableId or tableId), or undefined. */
export function field(form: Form, name: string): string | undefined {
  for (const [k, v] of form.fields) if (k.toLowerCase() === name.toLowerCase()) return v[0];
  return undefined;
}

/** All values of a field (case-insensitive), each split on commas. */
export function fieldList(form: Form, name: string): string[] {
  const out: string[] = [];
  for (const [k, v] of form.fields) {
    if (k.toLowerCase() === name.toLowerCase() || k.toLowerCase() === `${name.toLowerCase()}[]`) {
      for (const s of v)
        out.push(
          ...s
            .split(',')
            .map((x) => x.trim())
            .filter((x) => x !== ''),
        );
    }
  }
  return out;
}

/** The files of a field (case-insensitive). */
export function filesOf(form: Form, name: string): UploadedFile[] {
  return form.files.filter(
    (f) => f.field.toLowerCase() === name.toLowerCase() || f.field.toLowerCase() === `${name.toLowerCase()}[]`,
  );
}
