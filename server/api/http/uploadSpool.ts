import { mkdirSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Semaphore } from '../../limits/semaphore.ts';
import { DEFAULT_LIMITS } from '../../limits/rules.ts';

/**
 * Uploaded files live on disk while their request runs (spooled by readForm, deleted when the
 * response closes, also after an error or an abort), and in memory only inside `withPhotoBytes`,
 * which at most `concurrency` uploads of the whole process enter at once: memory for uploads is
 * bounded per process (concurrency × 20 MB and the copies of one insert), whatever the number of
 * uploads on the wire, and per request (its photos one after the other).
 */
let settings = {
  tmpDir: null as string | null,
  gate: new Semaphore(DEFAULT_LIMITS.uploadConcurrency, Infinity, 'uploads'),
};

/** Sets where uploads are spooled (null: the system's temp directory) and how many may be in memory at once. */
export function configureUploads(o: { tmpDir: string | null; concurrency: number }): void {
  // Made at start, so that a wrong UPLOAD_TMP_DIR stops the server instead of failing every upload.
  if (o.tmpDir) mkdirSync(o.tmpDir, { recursive: true });
  settings = { tmpDir: o.tmpDir, gate: new Semaphore(o.concurrency, Infinity, 'uploads') };
}

/** A fresh directory for one request's files. */
export function makeSpoolDir(): Promise<string> {
  return mkdtemp(join(settings.tmpDir ?? tmpdir(), 'sv-upload-'));
}

/** Deletes a request's spool directory (never throws). */
export async function removeSpoolDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
}

/** The first `n` bytes of a file (fewer when it is shorter). */
export async function readHead(path: string, n: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Runs `fn` with the whole file in memory, in one of the process's upload slots (waiting for one). */
export function withPhotoBytes<T>(path: string, fn: (data: Buffer) => Promise<T>): Promise<T> {
  return settings.gate.run(async () => fn(await readFile(path)));
}

/** Runs `fn` (e.g. decoding the photo for its thumbnail) in one of the process's upload slots. */
export function inUploadSlot<T>(fn: () => Promise<T>): Promise<T> {
  return settings.gate.run(fn);
}
