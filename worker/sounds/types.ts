/** A find's sound as the UI plays it: its bytes, where they are, and the server's attachment id. */
export interface FindSound {
  blob: Blob;
  mimeType: string;
  /** The attachment on the server; null for a sound still waiting on the device. */
  attachmentId: number | null;
  /** True while it waits on the device to be uploaded. */
  waiting: boolean;
  /** The server's reason when it refused the upload (kept on the device). */
  refused: string | null;
}

/** What the report form does with a find's sound when it saves. */
export type SoundChange =
  /** A new recording or file (replaces the find's current sound, `replaces` on the server). */
  | { type: 'add'; blob: Blob; mimeType: string; replaces: number | null }
  /** The current sound goes: `attachmentId` on the server, or null for one still waiting. */
  | { type: 'remove'; attachmentId: number | null };
