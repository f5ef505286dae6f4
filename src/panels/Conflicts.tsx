import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { conflicts } from '../state/offline.ts';
import { catalogue } from '../state/appData.ts';
import { speciesName } from '../ui/species.ts';
import { discardChange, keepMyChange, saveChangeAsNew } from '../app/syncActions.ts';
import { ConflictVersions } from './ConflictVersions.tsx';

/**
 * The changes the server refused, each with its reason and a choice. A change refused because the
 * record changed on the server meanwhile (412) shows both versions and 'Obdrži mojo' /
 * 'Obdrži strežniško'; any other refusal: 'Zavrzi', or 'Shrani kot novo'.
 */
export function Conflicts() {
  useSignals();
  if (conflicts.value.length === 0) return null;
  return (
    <section className="conflicts" aria-labelledby="conflicts-title">
      <h3 id="conflicts-title">{sl.offline.conflictsTitle}</h3>
      <ul className="find-list">
        {conflicts.value.map((c) => (
          <li key={c.changeId} className="find-item conflict-item" data-testid="conflict">
            <div>
              <strong>{c.feature ? speciesName(catalogue.value, c.feature.properties) : `#${c.featureId}`}</strong>
              {c.server ? (
                <>
                  <p>{c.kind === 'delete' ? sl.offline.deletedChangedMeanwhile : sl.offline.changedMeanwhile}</p>
                  {c.kind === 'update' && <ConflictVersions mine={c.feature} theirs={c.server} />}
                </>
              ) : (
                c.reason && <p className="muted">{sl.offline.conflictReason(c.reason)}</p>
              )}
            </div>
            <div className="button-row">
              {c.server ? (
                <>
                  <button type="button" className="button small" onClick={() => void discardChange(c.changeId)}>
                    {sl.offline.keepTheirs}
                  </button>
                  <button type="button" className="button small primary" onClick={() => void keepMyChange(c.changeId)}>
                    {c.kind === 'delete' ? sl.offline.deleteAnyway : sl.offline.keepMine}
                  </button>
                </>
              ) : (
                <>
                  <button type="button" className="button small" onClick={() => void discardChange(c.changeId)}>
                    {sl.offline.discard}
                  </button>
                  {c.kind !== 'delete' && (
                    <button
                      type="button"
                      className="button small primary"
                      onClick={() => void saveChangeAsNew(c.changeId)}
                    >
                      {sl.offline.saveAsNew}
                    </button>
                  )}
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
