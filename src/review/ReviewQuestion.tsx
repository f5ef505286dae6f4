import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { STATUS_NEEDS_INFO, statusOf } from '../../domain/statuses.ts';
import { useHistory } from './useHistory.ts';
import { verdictNote } from './verdictNotes.ts';

/**
 * Above the edit form of a find handed back for evidence ('Potrebna dopolnitev'): the reviewer's
 * question, so the reporter sees what to add while she edits (saving sends it back to review).
 */
export function ReviewQuestion({ recordId, status }: { recordId: number; status: unknown }) {
  useSignals();
  const asked = statusOf(status) === STATUS_NEEDS_INFO;
  const [history] = useHistory(recordId, asked);
  if (!asked) return null;
  const note = history.kind === 'ok' ? verdictNote(history.entries) : null;
  return (
    <div className="verdict-note status-3" role="note" data-testid="form-question">
      <strong>{sl.review.question}:</strong> {note ?? (history.kind === 'offline' ? sl.review.historyOffline : '…')}
      <p className="muted">{sl.review.answerHint}</p>
    </div>
  );
}
