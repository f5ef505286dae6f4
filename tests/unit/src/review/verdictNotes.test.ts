import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../domain/review.ts';
import { latestVerdictNotes, verdictNote } from '../../../../src/review/verdictNotes.ts';

const entry = (id: number, recordId: number, kind: HistoryEntry['kind'], comment: string | null): HistoryEntry => ({
  id,
  recordId,
  at: `2026-11-${String(id).padStart(2, '0')}T10:00:00Z`,
  actor: 'pregled@example.si',
  actorErased: false,
  kind,
  changes: {},
  comment,
});

describe('verdict notes', () => {
  it('takes the newest verdict per record from the inbox (newest first), skipping comments and empty notes', () => {
    const inbox = [
      entry(9, 1, 'comment', 'Hvala'),
      entry(8, 1, 'verdict', 'Fotografija je premalo ostra.'),
      entry(7, 2, 'verdict', null),
      entry(6, 1, 'verdict', 'Starejše vprašanje'),
      entry(5, 2, 'verdict', 'Ni vrsta s seznama.'),
    ];
    const notes = latestVerdictNotes(inbox);
    expect(notes.get(1)).toBe('Fotografija je premalo ostra.');
    expect(notes.get(2)).toBe('Ni vrsta s seznama.');
    expect(notes.has(3)).toBe(false);
  });

  it("agrees with the card's rule on a record's own history (oldest first)", () => {
    const history = [entry(1, 4, 'verdict', 'prvo'), entry(2, 4, 'comment', 'x'), entry(3, 4, 'verdict', 'drugo')];
    expect(latestVerdictNotes([...history].reverse()).get(4)).toBe(verdictNote(history));
  });
});
