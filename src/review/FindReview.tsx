import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { core } from '../core.ts';
import { online } from '../state/online.ts';
import { reviewScope } from '../state/review.ts';
import { session } from '../state/session.ts';
import { COL } from '../../domain/columns.ts';
import type { Properties } from '../../domain/model.ts';
import { STATUS_NEEDS_INFO, STATUS_REJECTED, statusOf } from '../../domain/statuses.ts';
import { reviewsGroup } from '../../domain/review.ts';
import { HistoryList } from './HistoryList.tsx';
import { ReviewActions } from './ReviewActions.tsx';
import { useHistory } from './useHistory.ts';
import { verdictNote } from './verdictNotes.ts';

/** Props of FindReview. */
export interface FindReviewProps {
  recordId: number;
  properties: Properties;
  /** The record as read again after a verdict (new status, species, version). */
  onRecord: (properties: Properties) => void;
  /** A verdict the reviewer started from the keyboard (the queue), or null. */
  command?: { verdict: number; n: number } | null;
}

/**
 * The review part of a find card, for its reporter and the reviewers of its group: the reason of a
 * rejection or the question of a request for evidence, the history with comments, and for a reviewer
 * her verdicts. Nothing for anyone else.
 */
export function FindReview({ recordId, properties, onRecord, command = null }: FindReviewProps) {
  useSignals();
  const email = session.value?.email?.toLowerCase() ?? null;
  const creator =
    typeof properties[COL.createdByEmail] === 'string'
      ? (properties[COL.createdByEmail] as string).toLowerCase()
      : null;
  const own = email !== null && creator === email;
  const reviews = !own && reviewsGroup(reviewScope.value, properties[COL.group]);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [history, append] = useHistory(recordId, own || reviews);
  // An answer for a record the card no longer shows (the queue moved on) is dropped.
  const shown = useRef(recordId);
  shown.current = recordId;
  const refresh = (known?: { version: number; properties: Properties }): void => {
    if (known) {
      setVersion(known.version);
      onRecord(known.properties);
      return;
    }
    if (!online.value || recordId < 0) return;
    const asked = recordId;
    core
      .getRecord(asked)
      .then((r) => {
        if (shown.current !== asked) return;
        setVersion(r.version);
        onRecord(r.properties);
      })
      .catch(() => undefined);
  };
  // A reviewer's verdict is based on the version she sees: read it (and the current values) once.
  useEffect(() => {
    if (reviews) refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per record
  }, [recordId, reviews]);
  useEffect(
    () => () => {
      shown.current = -1;
    },
    [],
  );
  if (!own && !reviews) return null;
  const status = statusOf(properties[COL.status]);
  const note =
    history.kind === 'ok' && (status === STATUS_REJECTED || status === STATUS_NEEDS_INFO)
      ? verdictNote(history.entries)
      : null;
  return (
    <div className="find-review">
      {note && (
        <div className={`verdict-note status-${status}`} role="note" data-testid="verdict-note">
          <strong>{status === STATUS_REJECTED ? sl.review.reason : sl.review.question}:</strong> {note}
        </div>
      )}
      {reviews && (
        <ReviewActions
          recordId={recordId}
          properties={properties}
          version={version}
          onChanged={refresh}
          command={command}
        />
      )}
      <HistoryList recordId={recordId} state={history} onAdded={append} />
    </div>
  );
}
