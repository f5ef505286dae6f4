import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { CloudOff, Info, Link2, Pencil, Shield } from 'lucide-react';
import { findLink } from '../map/port/deepLink.ts';
import { notify } from '../state/notices.ts';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { session } from '../state/session.ts';
import { openGallery } from '../state/gallery.ts';
import { showSpecies } from '../state/speciesInfo.ts';
import { formatDateSl } from '../ui/format.ts';
import { speciesName } from '../ui/species.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { canEdit } from '../records/permissions.ts';
import { COL } from '../../domain/columns.ts';
import { findPhotoUrl, findPhotoUrls, type ClickedFeature } from '../state/shortInfo.ts';
import { StatusChip } from '../review/StatusChip.tsx';
import { FindReview } from '../review/FindReview.tsx';
import { formOptions } from '../records/options.ts';
import { accuracyText } from '../ui/accuracyText.ts';
import { core } from '../core.ts';
import { online } from '../state/online.ts';
import { FindSound } from '../ui/FindSound.tsx';

/** Props of FindCard. */
export interface FindCardProps {
  find: ClickedFeature;
  onEdit?: (find: ClickedFeature) => void;
}

/** A 'Najdba' card: GID, Skupina, Vrsta, Status, Datum najdbe, Slika; edit for the creator while editable; review for her and the reviewers. */
export function FindCard({ find, onEdit }: FindCardProps) {
  useSignals();
  const [photo, setPhoto] = useState<'loading' | 'ok' | 'none'>('loading');
  const [thumbUrl, setThumbUrl] = useState<string | null>(null);
  // The record as last read: a verdict given on this card changes its status and species here at once.
  const [p, setProps] = useState(find.properties);
  useEffect(() => setProps(find.properties), [find]);
  // The measured metres are not in the map's layer: they come with the record (device or server).
  const [metres, setMetres] = useState<number | null>(null);
  // Offline, a find only the device's copy of the layer holds: the card shows what the copy has.
  const [basicOnly, setBasicOnly] = useState(false);
  const isOnline = online.value;
  useEffect(() => {
    let live = true;
    setMetres(null);
    setBasicOnly(false);
    // A generalised find's metres are not read from the server; offline the read stays on the device.
    if (find.generalised && isOnline) return;
    core
      .getRecord(find.id)
      .then((r) => {
        if (!live) return;
        if (!find.generalised) setMetres(r.accuracyMetres ?? null);
        setBasicOnly(r.basicOnly === true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [find.id, find.generalised, isOnline]);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    findPhotoUrl(find.id, true)
      .then((u) => {
        made = u;
        if (!live) return;
        setThumbUrl(u);
        if (!u) setPhoto('none');
      })
      .catch(() => live && setPhoto('none'));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [find.id]);
  // The gallery shows every photo of the find in its order, opened at the cover (the card's one).
  const openFull = async (): Promise<void> => {
    const all = await findPhotoUrls(find.id, false).catch(() => null);
    if (all && all.urls.length > 0)
      openGallery(
        all.urls.map((src, i) => ({ src, alt: sl.shortInfo.photoOf(name, i + 1, all.urls.length) })),
        all.cover,
      );
    else if (thumbUrl) openGallery([{ src: thumbUrl, alt: name }]);
  };
  const cat = catalogue.value;
  const group = cat?.groups.find((g) => g.id === Number(p[COL.group]));
  const name = speciesName(cat, p);
  const speciesId = Number(p[COL.species]);
  const isOther = !!cat?.groups.some((g) => g.other.id === speciesId);
  const gid = p[COL.id] ?? find.id;
  const accuracy = accuracyText(metres, p[COL.locationAccuracy], formOptions.value?.accuracies);
  return (
    <article className="find-card" style={{ borderLeftColor: group?.color ?? '#848484' }} data-testid="find-card">
      <header className="find-card-header">
        <h3>{sl.shortInfo.find}</h3>
        <IconButton
          label={sl.shortInfo.copyLink}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(findLink(find.id))
              .then(() => notify('success', sl.shortInfo.linkCopied))
              .catch(() => notify('info', findLink(find.id)))
          }
          icon={<Link2 aria-hidden />}
        />
        {onEdit && canEdit(p, session.value?.email) && (
          <button
            type="button"
            className="button small"
            // Its full record is on the server: an edit from the copy's few columns would overwrite it.
            disabled={basicOnly}
            title={basicOnly ? sl.shortInfo.editNeedsConnection : undefined}
            aria-describedby={basicOnly ? `basic-only-${find.id}` : undefined}
            onClick={() => onEdit({ ...find, properties: p })}
          >
            <Pencil aria-hidden /> {sl.shortInfo.edit}
          </button>
        )}
      </header>
      {basicOnly && (
        <p className="find-card-note" id={`basic-only-${find.id}`} data-testid="basic-only-note">
          <CloudOff aria-hidden /> {sl.shortInfo.basicOnly}
          {onEdit && canEdit(p, session.value?.email) ? ` ${sl.shortInfo.editNeedsConnection}` : ''}
        </p>
      )}
      {find.generalised ? (
        <p className="find-card-note" data-testid="generalised-note">
          <Shield aria-hidden /> {sl.shortInfo.generalised(find.generalised)}
        </p>
      ) : null}
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
            <IconButton
              label={sl.shortInfo.speciesInfo(name)}
              onClick={() => showSpecies(speciesId)}
              icon={<Info aria-hidden />}
            />
          )}
        </dd>
        <dt>{sl.review.statusLabel}</dt>
        <dd>
          <StatusChip value={p[COL.status]} />
        </dd>
        <dt>{sl.shortInfo.date}</dt>
        <dd>{formatDateSl(p[COL.date])}</dd>
        {accuracy && (
          <>
            <dt>{sl.records.accuracy}</dt>
            <dd data-testid="card-accuracy">{accuracy}</dd>
          </>
        )}
        <dt>{sl.shortInfo.photo}</dt>
        <dd>
          {photo === 'none' ? (
            <span className="muted">{basicOnly ? sl.shortInfo.photoOffline : sl.shortInfo.noPhoto}</span>
          ) : !thumbUrl ? (
            <span className="spinner small" role="status" aria-label={sl.loading} />
          ) : (
            <button
              type="button"
              className="thumb-button"
              aria-label={sl.shortInfo.openPhoto}
              title={sl.shortInfo.openPhoto}
              onClick={() => void openFull()}
              hidden={photo !== 'ok'}
            >
              <img src={thumbUrl} alt={name} onLoad={() => setPhoto('ok')} onError={() => setPhoto('none')} />
            </button>
          )}
        </dd>
        <FindSound recordId={find.id} />
      </dl>
      <FindReview recordId={find.id} properties={p} onRecord={setProps} />
    </article>
  );
}
