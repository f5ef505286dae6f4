import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { core } from '../core.ts';
import { catalogue } from '../state/appData.ts';
import { navigate } from '../state/route.ts';
import { reviewRevision, reviewScope, userReviews } from '../state/review.ts';
import { mapController } from '../map/port/mapState.ts';
import { viewExtent } from '../map/port/viewMath.ts';
import { notify } from '../state/notices.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { formatDateSl } from '../ui/format.ts';
import { speciesName } from '../ui/species.ts';
import { COL } from '../../domain/columns.ts';
import type { QueuePage, QueueQuery } from '../../worker/api.ts';
import type { Properties } from '../../domain/model.ts';
import { STATUS_VALUES } from '../../domain/statuses.ts';
import { waitingQueue } from '../../domain/reviewQueue.ts';
import { reviewsGroup } from '../../domain/review.ts';
import { StatusChip } from './StatusChip.tsx';
import { DuplicateBadge } from './DuplicateBadge.tsx';
import { ReviewDetail } from './ReviewDetail.tsx';
import { queueKey } from './queueKeys.ts';

/** A group or species to choose in the queue's filters. */
type IdName = { id: number; name: string };

/** Records per page of the queue. */
const PAGE = 50;

/**
 * #/pregled: the reviewer's queue. The records of her groups (from the data core, which filters them
 * with the filter engine), waiting ones oldest first by default, with counts per status; the chosen
 * find large beside the list, the map behind centred on it. Keys: J/K next/previous, P confirm,
 * Z reject, D ask for evidence.
 */
export function ReviewScreen() {
  useSignals();
  const [query, setQuery] = useState<QueueQuery>(() => waitingQueue(PAGE));
  const [page, setPage] = useState<QueuePage | null>(null);
  const [selected, setSelected] = useState(0);
  const [command, setCommand] = useState<{ verdict: number; n: number } | null>(null);
  const revision = reviewRevision.value;
  useEffect(() => {
    let live = true;
    core
      .getReviewQueue(query)
      .then((p) => live && setPage(p))
      .catch(() => live && notify('error', sl.map.loadError));
    return () => {
      live = false;
    };
  }, [query, revision]);
  const items = page?.items ?? [];
  const current = items[Math.min(selected, Math.max(0, items.length - 1))];
  // The map behind shows where the chosen find is.
  const currentId = current?.id;
  const cx = current?.coord?.[0];
  const cy = current?.coord?.[1];
  useEffect(() => {
    if (cx !== undefined && cy !== undefined) mapController.value?.fit([cx, cy, cx, cy], 'feature');
    // A new find centres the map; its coordinates come with it (the id says which find it is).
  }, [currentId, cx, cy]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      // The focused map's own keys (N, P, Enter) come first.
      const action = e.defaultPrevented ? null : queueKey(e);
      if (!action) return;
      e.preventDefault();
      if (action === 'next') setSelected((i) => Math.min(i + 1, items.length - 1));
      else if (action === 'previous') setSelected((i) => Math.max(i - 1, 0));
      else setCommand((c) => ({ verdict: action, n: (c?.n ?? 0) + 1 }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items.length]);
  if (!userReviews()) {
    return (
      <section className="panel review-screen" aria-labelledby="review-title">
        <header className="panel-header">
          <h2 id="review-title">{sl.review.queueTitle}</h2>
        </header>
        <div className="panel-body">
          <p>{sl.review.notReviewer}</p>
          <button type="button" className="button" onClick={() => navigate('/')}>
            {sl.review.backToMap}
          </button>
        </div>
      </section>
    );
  }
  const cat = catalogue.value;
  const groups = (cat?.groups ?? []).filter((g) => reviewsGroup(reviewScope.value, g.id));
  const speciesOptions = groups
    .filter((g) => query.group === null || g.id === query.group)
    .flatMap((g) => [...g.species, g.other]);
  // The group and species selects ('' is all); choosing a group clears the species.
  const idFilters: Array<{ key: 'group' | 'species'; label: string; all: string; choices: IdName[] }> = [
    { key: 'group', label: sl.review.queueGroup, all: sl.review.allGroups, choices: groups },
    { key: 'species', label: sl.review.queueSpecies, all: sl.review.allSpecies, choices: speciesOptions },
  ];
  const set = (patch: Partial<QueueQuery>): void => {
    setSelected(0);
    setQuery((q) => ({ ...q, offset: 0, limit: PAGE, ...patch }));
  };
  const toggleStatus = (s: number): void =>
    set({ statuses: query.statuses.includes(s) ? query.statuses.filter((x) => x !== s) : [...query.statuses, s] });
  const updated = (id: number, p: Properties): void =>
    setPage((pg) => pg && { ...pg, items: pg.items.map((x) => (x.id === id ? { ...x, properties: p } : x)) });
  return (
    <section className="panel review-screen" aria-labelledby="review-title" data-testid="review-screen">
      <header className="panel-header">
        <IconButton label={sl.review.backToMap} onClick={() => navigate('/')} icon={<ArrowLeft aria-hidden />} />
        <h2 id="review-title">{sl.review.queueTitle}</h2>
      </header>
      <div className="panel-body">
        <div className="status-filters" role="group" aria-label={sl.review.statusLabel}>
          {STATUS_VALUES.map((s) => (
            <button
              key={s.value}
              type="button"
              className={`status-toggle status-${s.value}`}
              aria-pressed={query.statuses.includes(s.value)}
              onClick={() => toggleStatus(s.value)}
              data-testid={`status-toggle-${s.value}`}
            >
              {sl.review.status[s.value]}{' '}
              <span className="count">{(page?.counts[s.value] ?? 0).toLocaleString('sl-SI')}</span>
            </button>
          ))}
        </div>
        <div className="review-filters">
          {idFilters.map(({ key, label, all, choices }) => (
            <label key={key} className="field">
              <span className="field-label">{label}</span>
              <select
                value={query[key] ?? ''}
                onChange={(e) => {
                  const id = e.target.value ? Number(e.target.value) : null;
                  set(key === 'group' ? { group: id, species: null } : { species: id });
                }}
              >
                <option value="">{all}</option>
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label className="field">
            <span className="field-label">{sl.review.queueFrom}</span>
            <input type="date" value={query.from ?? ''} onChange={(e) => set({ from: e.target.value || null })} />
          </label>
          <label className="field">
            <span className="field-label">{sl.review.queueTo}</span>
            <input type="date" value={query.to ?? ''} onChange={(e) => set({ to: e.target.value || null })} />
          </label>
          <label className="check-row">
            <input
              type="checkbox"
              checked={query.extent !== null}
              onChange={(e) => {
                const v = mapController.value?.viewNow();
                set({ extent: e.target.checked && v ? viewExtent(v) : null });
              }}
            />
            {sl.review.queueArea}
          </label>
        </div>
        <p className="muted" role="status">
          {page ? sl.review.queueCount(items.length, page.total) : sl.loading}
        </p>
        <p className="muted keys-hint">{sl.review.keysHint}</p>
        <div className="review-body">
          {page && items.length === 0 ? (
            <p className="muted">{sl.review.queueEmpty}</p>
          ) : (
            <ol className="queue-list" data-testid="review-queue">
              {items.map((it, i) => (
                <li key={it.id}>
                  <button
                    type="button"
                    className="queue-item"
                    aria-current={i === selected ? 'true' : undefined}
                    onClick={() => setSelected(i)}
                  >
                    <span>{speciesName(cat, it.properties)}</span>
                    <span className="muted">{formatDateSl(it.properties[COL.date])}</span>
                    <StatusChip value={it.properties[COL.status]} />
                    <DuplicateBadge ids={it.duplicates} />
                  </button>
                </li>
              ))}
              {page && page.total > items.length && (
                <li>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => setQuery((q) => ({ ...q, limit: q.limit + PAGE }))}
                  >
                    {sl.review.more}
                  </button>
                </li>
              )}
            </ol>
          )}
          {current && (
            <div className="review-current">
              <div className="button-row">
                <IconButton
                  label={sl.review.previous}
                  onClick={() => setSelected((i) => Math.max(i - 1, 0))}
                  disabled={selected === 0}
                  icon={<ChevronLeft aria-hidden />}
                />
                <span>{sl.review.position(selected + 1, page?.total ?? items.length)}</span>
                <IconButton
                  label={sl.review.next}
                  onClick={() => setSelected((i) => Math.min(i + 1, items.length - 1))}
                  disabled={selected >= items.length - 1}
                  icon={<ChevronRight aria-hidden />}
                />
              </div>
              <ReviewDetail
                id={current.id}
                properties={current.properties}
                command={command}
                onChanged={(p) => updated(current.id, p)}
              />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
