import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { conflicts } from '../state/offline.ts';
import { catalogue } from '../state/appData.ts';
import { speciesName } from '../ui/species.ts';
import { discardChange, saveChangeAsNew } from '../app/syncActions.ts';

/** The changes the server refused, each with its reason and a choice: discard, or save as new. */
export function Conflicts() {
  useSignals();
  if (conflicts.value.length === 0) return null;
  return (
    <section className="conflicts" aria-labelledby="conflicts-title">
      <h3 id="conflicts-title">{sl.offline.conflictsTitle}</h3>
      <ul className="find-list">
        {conflicts.value.map((c) => (
          <li key={c.changeId} className="find-item conflict-item">
            <div>
              <strong>{c.feature ? speciesName(catalogue.value, c.feature.properties) : `#${c.featureId}`}</strong>
              {c.reason && <p className="muted">{sl.offline.conflictReason(c.reason)}</p>}
            </div>
            <div className="button-row">
              <button type="button" className="button small" onClick={() => void discardChange(c.changeId)}>
                {sl.offline.discard}
              </button>
              {c.kind !== 'delete' && (
                <button type="button" className="button small primary" onClick={() => void saveChangeAsNew(c.changeId)}>
                  {sl.offline.saveAsNew}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
