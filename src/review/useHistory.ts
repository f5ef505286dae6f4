import { useEffect, useState } from 'react';
import { core } from '../core.ts';
import { online } from '../state/online.ts';
import { reviewRevision } from '../state/review.ts';
import type { HistoryEntry } from '../../worker/api.ts';

/** A record's history as a card shows it: loading, the entries, or why there are none. */
export type HistoryState =
  { kind: 'loading' } | { kind: 'ok'; entries: HistoryEntry[] } | { kind: 'offline' } | { kind: 'error' };

/** Loads a record's history (again after every verdict or comment); `enabled` false = not the user's to read. */
export function useHistory(recordId: number, enabled: boolean): [HistoryState, (e: HistoryEntry) => void] {
  const [state, setState] = useState<HistoryState>({ kind: 'loading' });
  const revision = reviewRevision.value;
  const isOnline = online.value;
  useEffect(() => {
    if (!enabled) return;
    if (!isOnline) {
      setState({ kind: 'offline' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    core
      .getHistory(recordId)
      .then((entries) => live && setState({ kind: 'ok', entries }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, [recordId, enabled, revision, isOnline]);
  const append = (e: HistoryEntry): void =>
    setState((s) => (s.kind === 'ok' ? { kind: 'ok', entries: [...s.entries, e] } : s));
  return [state, append];
}
