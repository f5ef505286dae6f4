import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ZoomIn } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { loadMyFinds, myFinds } from '../state/myFinds.ts';
import { notify } from '../state/notices.ts';
import { mapController } from '../map/mapState.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { formatDateSl } from '../ui/format.ts';
import { COL } from '../../worker/columns.ts';
import { speciesName } from '../ui/species.ts';

/** 'Moje najdbe': the user's features with 'Vrsta', 'Datum' and a zoom button. */
export function MyFinds() {
  useSignals();
  useEffect(() => {
    loadMyFinds().catch((e: unknown) => {
      console.error(e);
      notify('error', sl.map.loadError);
    });
  }, []);
  const list = myFinds.value;
  if (!list) return <div className="spinner" role="status" aria-label={sl.loading} />;
  if (list.length === 0) return <p className="muted">{sl.profile.noFinds}</p>;
  return (
    <ul className="find-list" data-testid="my-finds">
      {list.map((f) => (
        <li key={f.id} className="find-item">
          <dl>
            <dt>{sl.profile.species}</dt>
            <dd>{speciesName(catalogue.value, f.properties)}</dd>
            <dt>{sl.profile.date}</dt>
            <dd>{formatDateSl(f.properties[COL.date])}</dd>
          </dl>
          <IconButton
            label={sl.profile.zoomTo}
            onClick={() => mapController.value?.fit([f.coord[0], f.coord[1], f.coord[0], f.coord[1]], 'feature')}
            icon={<ZoomIn aria-hidden />}
          />
        </li>
      ))}
    </ul>
  );
}
