/**
 * The data core's API client's own types, which are no API shape: call options, files, read
 * progress, an extent. The request and answer types are the API's shapes (domain/shapes/:
 * RequestBody and ResponseBody by name).
 */

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds before the request is given up; default: the client's (30 s, uploads 120 s). */
  timeoutMs?: number;
}

/** Options of a change to an existing record. */
export interface ChangeOptions extends CallOptions {
  /** The record version the change is based on, sent as If-Match (412 when the server's is newer). */
  baseVersion?: number;
}

/** How far a body has been read: bytes received, of `total` when the server said how many (else null). */
export interface ReadProgress {
  received: number;
  total: number | null;
}

/** A downloaded export. */
export interface ExportFile {
  blob: Blob;
  /** From the answer's Content-Disposition. */
  fileName: string;
}

/** A file to upload. */
export interface UploadFile {
  blob: Blob;
  name: string;
}

/** The bbox [minx, miny, maxx, maxy] in EPSG:3857. */
export type Extent = [number, number, number, number];
