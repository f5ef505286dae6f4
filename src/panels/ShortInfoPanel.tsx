import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { shortInfo, type ClickedFeature } from '../state/shortInfo.ts';
import { closePanels } from '../state/panel.ts';
import { Panel } from '../ui/Panel.tsx';
import { toNationalGrid } from '../map/coords/projections.ts';
import { toMgrs } from '../map/coords/mgrs.ts';
import { toLonLat } from 'ol/proj.js';
import { FindCard } from './FindCard.tsx';

/** Props of ShortInfoPanel. */
export interface ShortInfoPanelProps {
  onEdit?: (find: ClickedFeature) => void;
}

/** Short info of a map click: E and N in D96-TM (whole metres) and a card per feature. */
export function ShortInfoPanel({ onEdit }: ShortInfoPanelProps) {
  useSignals();
  const info = shortInfo.value;
  if (!info) return null;
  const { e, n } = toNationalGrid(info.coord);
  const [lon, lat] = toLonLat(info.coord);
  const mgrs = toMgrs(lon!, lat!);
  return (
    <Panel title={sl.shortInfo.title} onClose={closePanels}>
      <p className="coords" data-testid="coords">
        <span>
          {sl.shortInfo.e} <strong>{e}</strong>
        </span>
        <span>
          {sl.shortInfo.n} <strong>{n}</strong>
        </span>
      </p>
      <p className="coords secondary" data-testid="coords-gps">
        <span title={sl.shortInfo.wgs84Hint}>
          {sl.shortInfo.wgs84}{' '}
          <strong>
            {lat!.toFixed(5)}° N, {lon!.toFixed(5)}° E
          </strong>
        </span>
        {mgrs && (
          <span title={sl.shortInfo.mgrsHint}>
            {sl.shortInfo.mgrs} <strong>{mgrs}</strong>
          </span>
        )}
      </p>
      {info.features.length === 0 ? (
        <p className="muted">{sl.shortInfo.noFeatures}</p>
      ) : (
        <div className="find-cards">
          {info.features.map((f) => (
            <FindCard key={f.id} find={f} onEdit={onEdit} />
          ))}
        </div>
      )}
    </Panel>
  );
}
