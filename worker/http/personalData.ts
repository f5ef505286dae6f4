import type { HttpClient } from './client.ts';
import { networkError } from './errors.ts';
import { fileNameOf } from './exports.ts';
import type { CallOptions, ExportFile } from './types.ts';

/** How long a person's whole archive may take to arrive (thousands of photos are gigabytes). */
export const PERSONAL_EXPORT_TIMEOUT_MS = 60 * 60_000;

/** Received bytes are gathered into one Blob every this many, so the browser may keep them on disk. */
const BLOB_STEP = 16 * 1024 * 1024;

/** 'Prenesi moje podatke': GET /api/me/export (server/api/me/routes.ts). */
export class PersonalDataApi {
  constructor(private readonly http: HttpClient) {}

  /**
   * The signed-in person's whole data as a ZIP, read as it streams in; `onBytes` hears how many
   * bytes have arrived so far (its length is unknown: the server writes it as it reads).
   */
  async archive(onBytes: (received: number) => void = () => undefined, o: CallOptions = {}): Promise<ExportFile> {
    const res = await this.http.send('GET', '/api/me/export', {
      signal: o.signal,
      timeoutMs: PERSONAL_EXPORT_TIMEOUT_MS,
    });
    const fileName = fileNameOf(res.headers.get('content-disposition')) ?? 'moji-podatki.zip';
    const type = 'application/zip';
    if (!res.body) return { blob: new Blob([await res.arrayBuffer()], { type }), fileName };
    const reader = res.body.getReader();
    let parts: BlobPart[] = [];
    let pending = 0;
    let received = 0;
    for (;;) {
      // The connection may break halfway: that is a lost connection, as before the first byte.
      const { done, value } = await reader.read().catch((e: unknown) => {
        throw networkError(e);
      });
      if (done) break;
      parts.push(value);
      pending += value.byteLength;
      received += value.byteLength;
      if (pending >= BLOB_STEP) {
        parts = [new Blob(parts)];
        pending = 0;
      }
      onBytes(received);
    }
    return { blob: new Blob(parts, { type }), fileName };
  }
}
