import { Fragment, useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { core } from '../core.ts';
import { findPhotoUrls, type FindPhotoUrls } from '../state/shortInfo.ts';
import { catalogue, project } from '../state/appData.ts';
import { openGallery } from '../state/gallery.ts';
import { formatDateSl } from '../ui/format.ts';
import { speciesName } from '../ui/species.ts';
import { COL } from '../../domain/columns.ts';
import type { Properties } from '../../domain/model.ts';
import { StatusChip } from './StatusChip.tsx';
import { FindReview } from './FindReview.tsx';
import { FindSound } from '../ui/FindSound.tsx';
import { accuracyText } from '../ui/accuracyText.ts';
import { formOptions } from '../records/options.ts';

/** The reporter's fields a reviewer reads, in this order (names from the project's columns). */
const FIELDS = [
  COL.count,
  COL.unit,
  COL.findingType,
  COL.habitat,
  COL.locationDescription,
  COL.locationAccuracy,
  COL.comments,
  COL.finder,
];

/** Props of ReviewDetail. */
export interface ReviewDetailProps {
  id: number;
  properties: Properties;
  /** A verdict started from the keyboard, with a counter so the same key twice starts it again. */
  command: { verdict: number; n: number } | null;
  onChanged: (properties: Properties) => void;
}

/** One find in the review queue: its photo large, the reporter's fields, the verdicts and the history. */
export function ReviewDetail({ id, properties, command, onChanged }: ReviewDetailProps) {
  useSignals();
  const [photos, setPhotos] = useState<FindPhotoUrls | 'loading'>('loading');
  const [full, setFull] = useState<Properties>(properties);
  const [metres, setMetres] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    let made: string[] = [];
    setPhotos('loading');
    setFull(properties);
    setMetres(null);
    findPhotoUrls(id, false)
      .then((p) => {
        made = p.urls;
        if (live) setPhotos(p);
      })
      .catch(() => live && setPhotos({ urls: [], cover: 0 }));
    core
      .getRecord(id)
      .then((r) => {
        if (!live) return;
        setFull(r.properties);
        setMetres(r.accuracyMetres ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      for (const u of made) URL.revokeObjectURL(u);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per record
  }, [id]);
  const cat = catalogue.value;
  const columns = project.value?.tables.flatMap((t) => t.columns) ?? [];
  const group = cat?.groups.find((g) => g.id === Number(full[COL.group]));
  const name = speciesName(cat, full);
  const original = full[COL.originalSpecies];
  return (
    <article className="review-detail" aria-labelledby="review-detail-title" data-testid="review-detail">
      <h3 id="review-detail-title" style={{ borderLeftColor: group?.color ?? '#848484' }}>
        {name} <StatusChip value={full[COL.status]} />
      </h3>
      <div className="review-photo">
        {photos === 'loading' ? (
          <div className="spinner" role="status" aria-label={sl.loading} />
        ) : photos.urls.length > 0 ? (
          <ReviewPhotos photos={photos} name={name} />
        ) : (
          <p className="muted">{sl.shortInfo.noPhoto}</p>
        )}
      </div>
      <dl className="facts">
        <dt>{sl.shortInfo.gid}</dt>
        <dd>{String(full[COL.id] ?? id)}</dd>
        <dt>{sl.shortInfo.group}</dt>
        <dd>{group?.name ?? ''}</dd>
        <dt>{sl.shortInfo.date}</dt>
        <dd>{formatDateSl(full[COL.date])}</dd>
        {typeof original === 'string' && original && original !== name && (
          <>
            <dt>{sl.review.originalSpecies}</dt>
            <dd>{original}</dd>
          </>
        )}
        <dt>{sl.review.reporter}</dt>
        <dd>{String(full[COL.createdByEmail] ?? '')}</dd>
        {FIELDS.filter((c) => full[c] !== null && full[c] !== undefined && full[c] !== '').map((c) => (
          <Fragment key={c}>
            <dt>{columns.find((x) => x.id === c)?.name ?? String(c)}</dt>
            <dd data-testid={c === COL.locationAccuracy ? 'review-accuracy' : undefined}>
              {c === COL.locationAccuracy
                ? accuracyText(metres, full[c], formOptions.value?.accuracies)
                : String(full[c])}
            </dd>
          </Fragment>
        ))}
        <FindSound recordId={id} />
      </dl>
      <FindReview
        key={id}
        recordId={id}
        properties={full}
        command={command}
        onRecord={(p) => {
          setFull(p);
          onChanged(p);
        }}
      />
    </article>
  );
}

/** Every photo of the find: the cover large, then all of them small in their order; each opens the gallery there. */
function ReviewPhotos({ photos, name }: { photos: FindPhotoUrls; name: string }) {
  const { urls, cover } = photos;
  const images = urls.map((src, i) => ({ src, alt: sl.shortInfo.photoOf(name, i + 1, urls.length) }));
  const open = (i: number): void => openGallery(images, i);
  return (
    <>
      <button
        type="button"
        className="thumb-button"
        aria-label={sl.shortInfo.openPhoto}
        title={sl.shortInfo.openPhoto}
        onClick={() => open(cover)}
      >
        <img src={urls[cover]} alt={images[cover]!.alt} />
      </button>
      {urls.length > 1 && (
        <ul className="review-photo-strip" data-testid="review-photos">
          {urls.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className={`photo-thumb${i === cover ? ' is-cover' : ''}`}
                aria-label={sl.shortInfo.openPhotoN(i + 1, urls.length)}
                title={sl.shortInfo.openPhotoN(i + 1, urls.length)}
                onClick={() => open(i)}
              >
                <img src={src} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
