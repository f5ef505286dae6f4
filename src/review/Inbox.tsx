import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { MapPin } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { inbox, loadReviewState, markInboxSeen } from '../state/review.ts';
import { mapController } from '../map/port/mapState.ts';
import { openLinkedFind } from '../map/port/deepLink.ts';
import { loadMyFinds, myFinds } from '../state/myFinds.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { speciesName } from '../ui/species.ts';
import { formatDateTimeSl } from '../ui/format.ts';
import { COL } from '../../domain/columns.ts';
import { statusOf } from '../../domain/statuses.ts';
import type { HistoryEntry } from '../../worker/api.ts';

/** What an inbox entry says: the verdict's status, the new species, or the kind. */
function headline(e: HistoryEntry): string {
  const s = e.changes[COL.status] ? statusOf(e.changes[COL.status]![1]) : null;
  if (s !== null) return sl.review.status[s] ?? '';
  return sl.review.kinds[e.kind] ?? e.kind;
}

/**
 * 'Obvestila': verdicts, corrections and comments of others on the user's finds, newest first, from
 * the copy stored on the device (so it works offline), refreshed when the panel opens online. Opening
 * it marks everything seen (the count on 'Profil' goes).
 */
export function Inbox() {
  useSignals();
  useEffect(() => {
    void loadReviewState()
      .catch(() => undefined)
      .finally(() => void markInboxSeen());
    // The finds' species names come from 'Moje najdbe'.
    if (!myFinds.value) void loadMyFinds().catch(() => undefined);
  }, []);
  const entries = inbox.value.entries;
  const nameOf = (id: number): string => {
    const f = myFinds.value?.find((x) => x.id === id);
    return (f && speciesName(catalogue.value, f.properties)) || `#${id}`;
  };
  return (
    <section className="inbox" aria-labelledby="inbox-title" data-testid="inbox">
      <h3 id="inbox-title">{sl.review.inbox}</h3>
      {entries.length === 0 ? (
        <p className="muted">{sl.review.inboxEmpty}</p>
      ) : (
        <ul className="find-list">
          {entries.map((e) => (
            <li key={e.id} className="find-item inbox-item" data-testid="inbox-item">
              <div>
                <strong>{sl.review.inboxItem(headline(e), nameOf(e.recordId))}</strong>
                {e.comment && <p className="history-comment">{e.comment}</p>}
                <p className="muted">{formatDateTimeSl(e.at)}</p>
              </div>
              <IconButton
                label={sl.review.openFind}
                onClick={() => {
                  const mc = mapController.value;
                  if (mc) void openLinkedFind(mc, e.recordId);
                }}
                icon={<MapPin aria-hidden />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
