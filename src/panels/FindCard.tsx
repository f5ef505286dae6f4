import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Info, Pencil } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { appConfig, catalogue } from '../state/appData.ts';
import { session } from '../state/session.ts';
import { openGallery } from '../state/gallery.ts';
import { showSpecies } from '../state/speciesInfo.ts';
import { formatDateSl } from '../ui/format.ts';
import { speciesName } from '../ui/species.ts';
import { recordPhotoUrl } from '../ui/media.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { canEdit } from '../records/permissions.ts';
import { COL } from '../../worker/columns.ts';
import type { ClickedFeature } from '../state/shortInfo.ts';

/** Props of FindCard. */
export interface FindCardProps {
  find: ClickedFeature;
  onEdit?: (find: ClickedFeature) => void;
}

/** A 'Najdba' card: GID, Skupina, Vrsta, Datum najdbe, Slika; edit for the creator while editable. */
export function FindCard({ find, onEdit }: FindCardProps) {
  useSignals();
  const [photo, setPhoto] = useState<'loading' | 'ok' | 'none'>('loading');
  const cfg = appConfig.value;
  const cat = catalogue.value;
  const p = find.properties;
  const group = cat?.groups.find((g) => g.id === Number(p[COL.group]));
  const name = speciesName(cat, p);
  const speciesId = Number(p[COL.species]);
  const isOther = !!cat?.groups.some((g) => g.other.id === speciesId);
  const thumb = cfg ? recordPhotoUrl(cfg.projectId, find.id, cfg.attachmentInfoId, true) : '';
  const full = cfg ? recordPhotoUrl(cfg.projectId, find.id, cfg.attachmentInfoId, false) : '';
  const gid = p[COL.id] ?? find.id;
  return (
    <article className="find-card" style={{ borderLeftColor: group?.color ?? '#848484' }} data-testid="find-card">
      <header className="find-card-header">
        <h3>{sl.shortInfo.find}</h3>
        {onEdit && canEdit(p, session.value?.email) && (
          <button type="button" className="button small" onClick={() => onEdit(find)}>
            <Pencil aria-hidden /> {sl.shortInfo.edit}
          </button>
        )}
      </header>
      <dl className="facts">
        <dt>{sl.shortInfo.gid}</dt>
        <dd>{String(gid)}</dd>
        <dt>{sl.shortInfo.group}</dt>
        <dd>
          <span className="group-dot" style={{ background: group?.color ?? '#848484' }} aria-hidden />
          {group?.name ?? ''}
        </dd>
        <dt>{sl.shortInfo.species}</dt>
        <dd className="species-cell">
          <span>{name}</span>
          {!isOther && Number.isFinite(speciesId) && (
            <IconButton label={sl.shortInfo.speciesInfo(name)} onClick={() => showSpecies(speciesId)} icon={<Info aria-hidden />} />
          )}
        </dd>
        <dt>{sl.shortInfo.date}</dt>
        <dd>{formatDateSl(p[COL.date])}</dd>
        <dt>{sl.shortInfo.photo}</dt>
        <dd>
          {photo === 'none' ? (
            <span className="muted">{sl.shortInfo.noPhoto}</span>
          ) : (
            <button
              type="button"
              className="thumb-button"
              aria-label={sl.shortInfo.openPhoto}
              title={sl.shortInfo.openPhoto}
              onClick={() => openGallery([{ src: full, alt: name }])}
              hidden={photo !== 'ok'}
            >
              <img src={thumb} alt={name} onLoad={() => setPhoto('ok')} onError={() => setPhoto('none')} />
            </button>
          )}
        </dd>
      </dl>
    </article>
  );
}
