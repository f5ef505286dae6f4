import { mkdirSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Semaphore } from '../../limits/semaphore.ts';
import { DEFAULT_LIMITS } from '../../limits/rules.ts';

/**
 * Uploaded files live on disk while their request runs (spooled by readForm, deleted when the
 * response closes, also after an error or an abort), and in memory only through an `UploadSlot`,
 * of which at most `concurrency` uploads of the whole process enter at once: memory for uploads is
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

/** A held upload slot: the one way to have an upload's bytes in memory, valid while its slot is held. */
export interface UploadSlot {
  /** The whole spooled file. */
  read(path: string): Promise<Buffer>;
}

/**
 * Runs `fn` in one of the process's upload slots (waiting for one): decoding a photo, or reading
 * uploads to store them. A caller that stores takes its slot before it takes a database
 * connection and holds it to the commit: waiting for a slot while holding a connection (and the
 * record's row lock) would let uploads fill the pool, queue behind each other's locks, and turn
 * a burst of uploads into 503s for everyone.
 */
export function inUploadSlot<T>(fn: (slot: UploadSlot) => Promise<T>): Promise<T> {
  return settings.gate.run(async () => {
    let held = true;
    const slot: UploadSlot = {
      read: (path) => (held ? readFile(path) : Promise.reject(new Error('The upload slot was released'))),
    };
    try {
      return await fn(slot);
    } finally {
      held = false;
    }
  });
}
