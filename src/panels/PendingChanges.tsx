import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { RefreshCw, Trash2 } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { online } from '../state/online.ts';
import { loadPendingChanges, pendingChanges, syncState } from '../state/offline.ts';
import { findPhotoUrl } from '../state/shortInfo.ts';
import { storageAtRisk } from '../state/persistence.ts';
import { speciesName } from '../ui/species.ts';
import { ConfirmDelete } from '../ui/ConfirmDelete.tsx';
import { PendingBackup } from './PendingBackup.tsx';
import { discardChange, syncNow } from '../app/syncActions.ts';
import type { PendingChangeInfo } from '../../worker/api.ts';

function timeOf(ms: number): string {
  return new Date(ms).toLocaleTimeString('sl-SI', { hour: '2-digit', minute: '2-digit' });
}

function stateLabel(c: PendingChangeInfo): string {
  if (c.state === 'uploading') return sl.offline.stateUploading;
  if (c.state === 'failed') return sl.offline.stateFailed(timeOf(c.nextAttemptAt ?? Date.now()));
  return sl.offline.stateQueued;
}

/** The photo waiting with a change, small; nothing when there is none. */
function Thumb({ featureId }: { featureId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    findPhotoUrl(featureId, true)
      .then((u) => {
        made = u;
        if (live) setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [featureId]);
  return url ? <img className="pending-thumb" src={url} alt="" /> : <span className="pending-thumb" aria-hidden />;
}

/** The waiting changes, each with its photo, what it is, where it stands, and its retry and discard buttons. */
function ChangeList(p: {
  list: PendingChangeInfo[];
  name: (c: PendingChangeInfo) => string;
  busy: boolean;
  ask: (c: PendingChangeInfo) => void;
}) {
  useSignals();
  const { list, name, busy, ask } = p;
  return (
    <ul className="find-list">
      {list.map((c) => (
        <li key={c.changeId} className="find-item pending-item" data-testid="pending-change" data-state={c.state}>
          {c.hasPhoto ? <Thumb featureId={c.featureId} /> : <span className="pending-thumb" aria-hidden />}
          <div className="pending-text">
            <strong>{name(c)}</strong>
            {c.hasPhoto && <span className="muted"> ({sl.offline.withPhoto})</span>}
            <p className={`state-chip state-${c.state}`}>{stateLabel(c)}</p>
          </div>
          <div className="button-row">
            <button
              type="button"
              className="button small"
              disabled={!online.value || busy}
              onClick={() => void syncNow()}
            >
              <RefreshCw aria-hidden /> {sl.offline.retry}
            </button>
            {/* An edit of a find whose create is still waiting goes with the create (discard that one). */}
            {c.discardable && (
              <button type="button" className="button small" disabled={c.state === 'uploading'} onClick={() => ask(c)}>
                <Trash2 aria-hidden /> {sl.offline.discard}
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Spremembe, ki čakajo na pošiljanje': each change still on its way, with its photo, what it is
 * and where it stands (čaka / pošiljam / ni uspelo, poskusim znova ob …), to be retried now or
 * discarded. Refused changes are listed apart (Conflicts). Below the list: the backup of all of them
 * to a file, and its import (PendingBackup).
 */
export function PendingChanges() {
  useSignals();
  const [asking, setAsking] = useState<PendingChangeInfo | null>(null);
  const s = syncState.value;
  const waiting = s.pending + s.failed;
  // The list follows the outbox while it is on screen.
  useEffect(() => {
    void loadPendingChanges();
  }, [waiting, s.running]);
  const list = pendingChanges.value;
  // With nothing waiting, only the import of a backup is offered (a new browser, or after a reset).
  const shown = waiting > 0 && list.length > 0;
  const name = (c: PendingChangeInfo): string =>
    `${sl.offline.kindNames[c.kind]}: ${c.feature ? speciesName(catalogue.value, c.feature.properties) : `#${c.featureId}`}`;
  return (
    <section
      className="pending-changes"
      aria-labelledby={shown ? 'pending-title' : 'backup-title'}
      data-testid={shown ? 'pending-changes' : undefined}
    >
      {/* One tree whether or not changes wait: the backup control below keeps its state (its result) when the list comes. */}
      {shown && (
        <>
          <h3 id="pending-title">{sl.offline.pendingTitle}</h3>
          {storageAtRisk.value && (
            <p className="storage-risk" role="note" data-testid="storage-at-risk">
              {sl.offline.storageAtRisk}
            </p>
          )}
          <ChangeList list={list} name={name} busy={s.running} ask={setAsking} />
        </>
      )}
      <PendingBackup canExport={shown || s.conflicts > 0} />
      {asking && (
        <ConfirmDelete
          header={sl.offline.discardTitle}
          message={sl.offline.discardQuestion(name(asking))}
          onClose={() => setAsking(null)}
          onConfirm={() => void discardChange(asking.changeId).then(loadPendingChanges)}
        />
      )}
    </section>
  );
}
