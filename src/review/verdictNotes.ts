import type { HistoryEntry } from '../../domain/review.ts';

/** The reason of a rejection or the question of a request for evidence: the note of the verdict that set the current status. */
export function verdictNote(entries: readonly HistoryEntry[]): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.kind === 'verdict') return e.comment;
  }
  return null;
}

/**
 * The note of the latest verdict on each record, from entries newest first (the inbox): what
 * 'Moje najdbe' shows under a rejected find or one handed back for evidence, also offline.
 */
export function latestVerdictNotes(newestFirst: readonly HistoryEntry[]): Map<number, string> {
  const notes = new Map<number, string>();
  for (const e of newestFirst) {
    if (e.kind === 'verdict' && e.comment && !notes.has(e.recordId)) notes.set(e.recordId, e.comment);
  }
  return notes;
}
