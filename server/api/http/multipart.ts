import type {} from '@fastify/multipart';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { MAX_PHOTO_BYTES } from '../attachments/photoFiles.ts';
import { makeSpoolDir, removeSpoolDir } from './uploadSpool.ts';

/** A file part, spooled to a temporary file that lives until the response is done (uploadSpool.ts). */
export interface UploadedFile {
  field: string;
  filename: string;
  /** The temporary file holding its bytes. */
  path: string;
  /** Its size in bytes. */
  size: number;
}

/** A multipart form: field values (repeated fields kept in order) and files (on disk). */
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

/** The system calls of spooling to disk (a socket's read of a client going away is not among them). */
const FS_CALLS = new Set(['open', 'write', 'mkdtemp', 'mkdir', 'close']);

/** Reads a file part that is a JSON field into text; 413 past the field size. */
async function readTextPart(stream: AsyncIterable<unknown>, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMITS.fieldSize) throw new HttpError(413, `The field ${name} is too large`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a multipart/form-data body (415 for another content type; 413 when a file is over 20 MB
 * or the form over its limits). Each file is streamed to a temporary file of the request (never
 * held whole in memory), deleted once the response closes, whether it succeeded, failed or the
 * client went away. A file part named in `jsonFields` is read as a text field.
 */
export async function readForm(req: FastifyRequest, reply: FastifyReply, jsonFields: string[] = []): Promise<Form> {
  if (!req.isMultipart()) throw new HttpError(415, 'The body must be multipart/form-data');
  const form: Form = { fields: new Map(), files: [] };
  const add = (name: string, value: string): void => {
    form.fields.set(name, [...(form.fields.get(name) ?? []), value]);
  };
  let dir: Promise<string> | null = null;
  const spoolDir = (): Promise<string> => {
    if (!dir) {
      dir = makeSpoolDir();
      const made = dir;
      reply.raw.once('close', () => void made.then(removeSpoolDir, () => undefined));
    }
    return dir;
  };
  try {
    for await (const part of req.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        if (jsonFields.includes(part.fieldname)) {
          add(part.fieldname, await readTextPart(part.file, part.fieldname));
          continue;
        }
        const path = join(await spoolDir(), `${form.files.length}`);
        const out = createWriteStream(path);
        await pipeline(part.file, out);
        if (part.file.truncated) throw new HttpError(413, 'A file may be at most 20 MB');
        form.files.push({ field: part.fieldname, filename: part.filename, path, size: out.bytesWritten });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new HttpError(413, `The field ${part.fieldname} is too large`);
        add(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    // The server's own file system failing (no room, no directory) is a 500, not the client's fault.
    if (FS_CALLS.has(String((e as { syscall?: unknown }).syscall))) throw e;
    // More files than a record takes attachments: said plainly, not as the library's 'reach files limit'.
    if ((e as { code?: unknown }).code === 'FST_FILES_LIMIT')
      throw new HttpError(
        413,
        `A form may carry at most ${FORM_LIMITS.files} files (a record takes at most 10 attachments)`,
      );
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
