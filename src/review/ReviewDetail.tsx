import { Fragment, useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { core } from '../core.ts';
import { catalogue, project } from '../state/appData.ts';
import { openGallery } from '../state/gallery.ts';
import { formatDateSl } from '../ui/format.ts';
import { speciesName } from '../ui/species.ts';
import { COL } from '../../domain/columns.ts';
import type { Properties } from '../../domain/model.ts';
import { StatusChip } from './StatusChip.tsx';
import { FindReview } from './FindReview.tsx';
import { FindSound } from '../ui/FindSound.tsx';

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
  const [photo, setPhoto] = useState<string | null | 'loading'>('loading');
  const [full, setFull] = useState<Properties>(properties);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    setPhoto('loading');
    setFull(properties);
    core
      .getPhoto(id, false)
      .then((b) => {
        url = b ? URL.createObjectURL(b) : null;
        if (live) setPhoto(url);
      })
      .catch(() => live && setPhoto(null));
    core
      .getRecord(id)
      .then((r) => live && setFull(r.properties))
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
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
        {photo === 'loading' ? (
          <div className="spinner" role="status" aria-label={sl.loading} />
        ) : photo ? (
          <button
            type="button"
            className="thumb-button"
            aria-label={sl.shortInfo.openPhoto}
            title={sl.shortInfo.openPhoto}
            onClick={() => openGallery([{ src: photo, alt: name }])}
          >
            <img src={photo} alt={name} />
          </button>
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
            <dd>{String(full[c])}</dd>
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
