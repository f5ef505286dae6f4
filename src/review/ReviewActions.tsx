import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { core } from '../core.ts';
import { catalogue } from '../state/appData.ts';
import { notify } from '../state/notices.ts';
import { online } from '../state/online.ts';
import { reviewRevision, reviewScope } from '../state/review.ts';
import { errorStatus, failureHint } from '../ui/errors.ts';
import { COL } from '../../domain/columns.ts';
import type { Properties } from '../../domain/model.ts';
import { STATUS_CONFIRMED, STATUS_NEEDS_INFO, STATUS_REJECTED, STATUS_WAITING } from '../../domain/statuses.ts';
import { reviewsGroup, verdictsFrom, type VerdictNote } from '../../domain/review.ts';

/** The button text of each verdict. */
const VERDICT_LABEL: Record<number, string> = {
  [STATUS_CONFIRMED]: sl.review.confirm,
  [STATUS_REJECTED]: sl.review.reject,
  [STATUS_NEEDS_INFO]: sl.review.ask,
  [STATUS_WAITING]: sl.review.reopen,
};

/** The label of the note a verdict needs. */
const NOTE_LABEL: Record<Exclude<VerdictNote, 'none'>, string> = {
  reason: sl.review.reasonLabel,
  question: sl.review.questionLabel,
  comment: sl.review.reopenLabel,
};

/** Props of ReviewActions. */
export interface ReviewActionsProps {
  recordId: number;
  properties: Properties;
  /** The version the reviewer sees (If-Match); undefined = no check. */
  version?: number;
  /** After a verdict or correction was saved (or refused as stale): read the record again. */
  onChanged: (record?: { version: number; properties: Properties }) => void;
  /** A verdict started from the keyboard (the queue's keys), with a counter; null = none. */
  command?: { verdict: number; n: number } | null;
}

/**
 * A reviewer's tools on a find: the verdicts its STATUS allows (domain/review.ts verdictsFrom), each
 * asking for its reason, question or comment when it needs one, and a species correction within the
 * reviewer's groups. The server checks all of it again.
 */
export function ReviewActions({ recordId, properties, version, onChanged, command = null }: ReviewActionsProps) {
  useSignals();
  const [pending, setPending] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [species, setSpecies] = useState<string>('');
  const allowed = verdictsFrom(properties[COL.status]);
  const groups = (catalogue.value?.groups ?? []).filter((g) => reviewsGroup(reviewScope.value, g.id));
  const send = async (input: { status?: number; species?: number; comment?: string }, done: string): Promise<void> => {
    if (!online.value) {
      notify('error', sl.review.needsConnection);
      return;
    }
    setBusy(true);
    // The answer carries the new version, so a next verdict right after this one is not refused as stale.
    let record: { version: number; properties: Properties } | undefined;
    try {
      record = await core.reviewRecord(recordId, input, version);
      notify('success', done);
      setPending(null);
      setNote('');
      setSpecies('');
    } catch (e) {
      notify('error', errorStatus(e) === 412 ? sl.review.stale : `${sl.review.failed} ${failureHint(e)}`.trim());
    } finally {
      setBusy(false);
      reviewRevision.value++;
      onChanged(record);
    }
  };
  const choose = (status: number): void => {
    const need = allowed.get(status);
    if (need === 'none') void send({ status }, sl.review.done(sl.review.status[status] ?? ''));
    else {
      setPending(status);
      setNoteError(false);
    }
  };
  // A key in the queue starts a verdict here (only one this record's STATUS allows).
  useEffect(() => {
    if (command && allowed.has(command.verdict) && !busy) choose(command.verdict);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each command once
  }, [command?.n]);
  const need = pending !== null ? allowed.get(pending) : undefined;
  const noteId = `review-note-${recordId}`;
  return (
    <div className="review-actions" data-testid="review-actions">
      <div className="button-row">
        {[...allowed.keys()].map((s) => (
          <button
            key={s}
            type="button"
            className={`button small verdict-${s}${s === STATUS_CONFIRMED ? ' primary' : ''}`}
            disabled={busy}
            aria-pressed={pending === s}
            onClick={() => choose(s)}
          >
            {VERDICT_LABEL[s]}
          </button>
        ))}
      </div>
      {pending !== null && need && need !== 'none' && (
        <form
          className="review-note"
          onSubmit={(e) => {
            e.preventDefault();
            if (!note.trim()) {
              setNoteError(true);
              return;
            }
            void send({ status: pending, comment: note.trim() }, sl.review.done(sl.review.status[pending] ?? ''));
          }}
        >
          <label className="field" htmlFor={noteId}>
            <span className="field-label">{NOTE_LABEL[need]}</span>
            <textarea
              id={noteId}
              rows={3}
              maxLength={2000}
              autoFocus
              value={note}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={noteError || undefined}
              aria-describedby={noteError ? `${noteId}-error` : undefined}
            />
          </label>
          {noteError && (
            <p className="field-error" id={`${noteId}-error`}>
              {sl.review.noteRequired}
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button small" onClick={() => setPending(null)}>
              {sl.review.cancel}
            </button>
            <button type="submit" className="button small primary" disabled={busy}>
              {sl.review.send}
            </button>
          </div>
        </form>
      )}
      {groups.length > 0 && (
        <div className="species-correction">
          <label className="field" htmlFor={`species-${recordId}`}>
            <span className="field-label">{sl.review.correctSpeciesLabel}</span>
            <select id={`species-${recordId}`} value={species} onChange={(e) => setSpecies(e.target.value)}>
              <option value="">—</option>
              {groups.map((g) => (
                <optgroup key={g.id} label={g.name}>
                  {[...g.species, g.other]
                    .filter((x) => x.id !== Number(properties[COL.species]))
                    .map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button small"
            disabled={busy || !species}
            onClick={() => void send({ species: Number(species) }, sl.review.speciesDone)}
          >
            {sl.review.correctSpecies}
          </button>
        </div>
      )}
    </div>
  );
}
