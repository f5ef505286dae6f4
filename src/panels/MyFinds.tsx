import { useEffect } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { FIND_ORDERS, orderFinds, type FindOrder } from '../state/findOrder.ts';
import { ZoomIn } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { loadMyFinds, myFinds } from '../state/myFinds.ts';
import { notify } from '../state/notices.ts';
import { mapController } from '../map/port/mapState.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { formatDateSl } from '../ui/format.ts';
import { COL } from '../../domain/columns.ts';
import { speciesName } from '../ui/species.ts';
import { StatusChip } from '../review/StatusChip.tsx';
import { latestVerdictNotes } from '../review/verdictNotes.ts';
import { inbox } from '../state/review.ts';
import { STATUS_NEEDS_INFO, STATUS_REJECTED, statusOf } from '../../domain/statuses.ts';

/** The chosen order of 'Moje najdbe' (newest first until the user picks another). */
const findOrder = signal<FindOrder>('newest');

/** 'Moje najdbe': the user's features with 'Vrsta', 'Datum' and a zoom button, newest first or as chosen. */
export function MyFinds() {
  useSignals();
  useEffect(() => {
    loadMyFinds().catch((e: unknown) => {
      console.error(e);
      notify('error', sl.map.loadError);
    });
  }, []);
  const loaded = myFinds.value;
  if (!loaded) return <div className="spinner" role="status" aria-label={sl.loading} />;
  if (loaded.length === 0) return <p className="muted">{sl.profile.noFinds}</p>;
  const list = orderFinds(
    loaded.map((f) => ({
      ...f,
      date: String(f.properties[COL.date] ?? ''),
      species: speciesName(catalogue.value, f.properties),
    })),
    findOrder.value,
  );
  const notes = latestVerdictNotes(inbox.value.entries);
  return (
    <>
      <label className="field inline-field">
        <span className="field-label">{sl.profile.sortLabel}</span>
        <select
          value={findOrder.value}
          onChange={(e) => (findOrder.value = e.target.value as FindOrder)}
          data-testid="my-finds-order"
        >
          {FIND_ORDERS.map((o) => (
            <option key={o} value={o}>
              {sl.profile.sortOrders[o]}
            </option>
          ))}
        </select>
      </label>
      <ul className="find-list" data-testid="my-finds">
        {list.map((f) => (
          <li key={f.id} className="find-item">
            <dl>
              <dt>{sl.profile.species}</dt>
              <dd>{f.species}</dd>
              <dt>{sl.profile.date}</dt>
              <dd>{formatDateSl(f.properties[COL.date])}</dd>
              <dt>{sl.review.statusLabel}</dt>
              <dd>
                <StatusChip value={f.properties[COL.status]} />
              </dd>
              <VerdictNote status={statusOf(f.properties[COL.status])} note={notes.get(f.id)} />
            </dl>
            <IconButton
              label={sl.profile.zoomTo}
              onClick={() => mapController.value?.fit([f.coord[0], f.coord[1], f.coord[0], f.coord[1]], 'feature')}
              icon={<ZoomIn aria-hidden />}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The reason of a rejection or the question of a request for evidence, under the status. */
function VerdictNote({ status, note }: { status: number | null; note: string | undefined }) {
  if (!note || (status !== STATUS_REJECTED && status !== STATUS_NEEDS_INFO)) return null;
  return (
    <>
      <dt>{status === STATUS_REJECTED ? sl.review.reason : sl.review.question}</dt>
      <dd className={`verdict-note status-${status}`} data-testid="my-finds-note">
        {note}
      </dd>
    </>
  );
}
