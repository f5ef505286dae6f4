/**
 * The layer's compact columnar wire format (docs/layer-wire-format.md): a list of features of one
 * table as typed-array columns, written by the server (server/api/changes/columnsAnswer.ts) and read by the
 * data core without building an object per find.
 *
 * A message is `SVC1`, the header's length (u32, little-endian), the header as JSON (UTF-8),
 * zero padding to a multiple of 8, then each column's buffers in the header's order, each padded
 * to a multiple of 8 (so every typed array is a view on the message, aligned, not a copy).
 * Typed arrays are little-endian (every platform the app runs on). A body may hold several
 * messages back to back: a full load sends each table in blocks of BLOCK_ROWS rows.
 */

/** The first four bytes of a message. */
export const MAGIC = 'SVC1';

/** Rows per block of a full load, and per block of the device's stored copy. */
export const BLOCK_ROWS = 16_384;

/** The media type of a message. */
export const COLUMNS_MEDIA_TYPE = 'application/vnd.sporoci.columns';

/**
 * The header with a columns answer's length before compression: Content-Length counts the
 * compressed bytes, while a browser's reader of the body gets them decompressed, so the device's
 * progress of a full load counts against this one.
 */
export const BODY_BYTES_HEADER = 'x-body-bytes';

/**
 * Coordinates travel as integers in this fraction of a metre (EPSG:3857): 1 = metres. A point is
 * off by at most half a metre, under a pixel at the map's closest zoom; the exact place of a find is
 * read with its record (its card, an edit).
 */
export const COORDINATE_SCALE = 1;

/** How a column's values are written. */
export type Encoding =
  /** Integers, each written as its difference from the row before (Int32): the ids. */
  | 'delta'
  /** A property equal to the row's id on every row: nothing is sent. */
  | 'sameAsId'
  /** Integers (Int32). */
  | 'int32'
  /** ISO 8601 instants in UTC to the minute (`2024-06-20T18:54:00.000Z`) as minutes since 1970 (Int32). */
  | 'minutes'
  /** Distinct values in the header, a code per row. */
  | 'dict';

/** The width of a column's codes. */
export type CodeWidth = 1 | 2 | 4;

/**
 * One column in the header. `key` is 'id', 'x', 'y' (the point), 'version', 'generalised' (the
 * feature's members) or a property key. Buffers: `values` (typed encodings) then `codes`.
 *
 * Codes: for 'dict', 0 = the key is absent, k = `other[k - 1]`; for the typed encodings (when
 * `codeWidth` is set) 0 = the typed value, 1 = absent, k >= 2 = `other[k - 2]`. The point's
 * codes are on 'x': a feature without a point has its geometry (or null) in `other`.
 */
export interface ColumnHead {
  key: string;
  encoding: Encoding;
  /** The dictionary ('dict') or the values the typed encoding cannot hold. */
  other?: unknown[];
  /** Present when there are codes: their width in bytes. */
  codeWidth?: CodeWidth;
}

/** One table's features in a message. */
export interface TableHead {
  /** Number of features. */
  n: number;
  columns: ColumnHead[];
  /** Removed ids (a change feed answer). */
  removed?: number[];
}

/** A message's header: tables by id, and whatever the route adds (a feed answer's cursor). */
export interface MessageHead {
  tables: Record<string, TableHead>;
  cursor?: string;
  viewer?: string;
  reset?: boolean;
}

/** The byte length of a column's typed values at `n` rows (0 for encodings without values). */
export function valueBytes(encoding: Encoding, n: number): number {
  return encoding === 'dict' || encoding === 'sameAsId' ? 0 : 4 * n;
}

/** Rounds up to a multiple of 8. */
export const pad8 = (n: number): number => (n + 7) & ~7;

/**
 * The header as bytes: JSON with every character past ASCII escaped (`\uXXXX`), so it is ASCII
 * and needs no text codec (the domain runs where TextEncoder may not be declared).
 */
export function headerBytes(head: MessageHead): Uint8Array {
  const json = JSON.stringify(head).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const out = new Uint8Array(json.length);
  for (let i = 0; i < json.length; i++) out[i] = json.charCodeAt(i);
  return out;
}

/** The header read back from its ASCII bytes. */
export function readHeader(bytes: Uint8Array): MessageHead {
  let json = '';
  for (let i = 0; i < bytes.length; i += 8192)
    json += String.fromCharCode(...bytes.subarray(i, Math.min(i + 8192, bytes.length)));
  return JSON.parse(json) as MessageHead;
}

/** The magic as bytes, and whether `bytes` start with it. */
export const magicBytes = (): Uint8Array => Uint8Array.from(MAGIC, (c) => c.charCodeAt(0));
export const hasMagic = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && [...MAGIC].every((c, i) => bytes[i] === c.charCodeAt(0));
