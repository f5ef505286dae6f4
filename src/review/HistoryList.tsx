import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { core } from '../core.ts';
import { catalogue } from '../state/appData.ts';
import { notify } from '../state/notices.ts';
import { failureHint } from '../ui/errors.ts';
import { speciesName } from '../ui/species.ts';
import { formatDateTimeSl } from '../ui/format.ts';
import { COL } from '../../domain/columns.ts';
import { statusOf } from '../../domain/statuses.ts';
import type { HistoryEntry } from '../../worker/api.ts';
import type { HistoryState } from './useHistory.ts';

/** What changed, in words: the status and the species; other fields are only named as an edit. */
function changeLines(e: HistoryEntry): string[] {
  const out: string[] = [];
  const status = e.changes[COL.status];
  if (status && e.kind !== 'create') {
    const s = statusOf(status[1]);
    if (s !== null) out.push(sl.review.statusChange(sl.review.status[s] ?? String(s)));
  }
  const species = e.changes[COL.species];
  if (species) {
    const name = (id: unknown): string =>
      speciesName(catalogue.value, { [COL.species]: id as number }) || String(id ?? '');
    out.push(sl.review.speciesChange(name(species[0]), name(species[1])));
  }
  return out;
}

/** 'Zgodovina': every change, verdict and comment of a record, oldest first, and a box for a new comment. */
export function HistoryList({
  recordId,
  state,
  onAdded,
}: {
  recordId: number;
  state: HistoryState;
  onAdded: (e: HistoryEntry) => void;
}) {
  useSignals();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (): Promise<void> => {
    if (!text.trim()) {
      setError(sl.review.commentEmpty);
      return;
    }
    setBusy(true);
    try {
      onAdded(await core.addComment(recordId, text.trim()));
      setText('');
      setError(null);
      notify('success', sl.review.commentSent);
    } catch (e) {
      notify('error', `${sl.review.failed} ${failureHint(e)}`.trim());
    } finally {
      setBusy(false);
    }
  };
  const inputId = `comment-${recordId}`;
  return (
    <section className="history" aria-labelledby={`history-${recordId}`} data-testid="history">
      <h4 id={`history-${recordId}`}>{sl.review.history}</h4>
      {state.kind === 'loading' && <div className="spinner small" role="status" aria-label={sl.loading} />}
      {state.kind === 'offline' && <p className="muted">{sl.review.historyOffline}</p>}
      {state.kind === 'error' && <p className="muted">{sl.review.historyError}</p>}
      {state.kind === 'ok' &&
        (state.entries.length === 0 ? (
          <p className="muted">{sl.review.historyEmpty}</p>
        ) : (
          <ol className="history-list">
            {state.entries.map((e) => (
              <li key={e.id} className={`history-entry kind-${e.kind}`}>
                <div className="history-head">
                  <strong>{sl.review.kinds[e.kind] ?? e.kind}</strong>
                  <span className="muted">
                    {sl.review.byWhom(
                      e.actorErased ? sl.review.erasedActor : (e.actor ?? sl.review.unknownActor),
                      formatDateTimeSl(e.at),
                    )}
                  </span>
                </div>
                {changeLines(e).map((l) => (
                  <div key={l}>{l}</div>
                ))}
                {e.comment && <blockquote className="history-comment">{e.comment}</blockquote>}
              </li>
            ))}
          </ol>
        ))}
      {state.kind === 'ok' && (
        <div className="comment-form">
          <label className="field" htmlFor={inputId}>
            <span className="field-label">{sl.review.commentLabel}</span>
            <textarea
              id={inputId}
              rows={2}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
          </label>
          {error && (
            <p className="field-error" id={`${inputId}-error`}>
              {error}
            </p>
          )}
          <button type="button" className="button small" disabled={busy} onClick={() => void send()}>
            {sl.review.commentSend}
          </button>
        </div>
      )}
    </section>
  );
}
