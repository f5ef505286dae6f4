import { useSignals } from '@preact/signals-react/runtime';
import { RefreshCw } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { syncState } from '../state/offline.ts';
import { online } from '../state/online.ts';
import { syncNow } from './syncActions.ts';

/** How many offline changes wait for the server; a tap sends them now. Hidden when none wait. */
export function SyncBadge() {
  useSignals();
  const s = syncState.value;
  // `pending` already counts the failed ones (worker/sync/outbox.ts countStates).
  const waiting = s.pending + s.conflicts;
  if (waiting === 0 && !s.running) return null;
  const label = s.running ? sl.offline.syncing : sl.offline.pending(waiting);
  return (
    <button
      type="button"
      className={`sync-badge${s.conflicts ? ' has-conflicts' : ''}`}
      onClick={() => void syncNow()}
      disabled={!online.value || s.running}
      title={online.value ? sl.offline.syncNow : sl.header.offlineHint}
      data-testid="sync-badge"
      aria-label={label}
    >
      <RefreshCw aria-hidden className={s.running ? 'spinning' : undefined} />
      <span className="badge-text">{label}</span>
      {waiting > 0 && (
        <span className="badge-count" aria-hidden>
          {waiting}
        </span>
      )}
    </button>
  );
}
