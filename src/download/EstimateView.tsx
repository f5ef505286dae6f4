import { sl } from '../i18n/sl.ts';
import type { DownloadEstimate } from '../../worker/api.ts';

const MB = 1024 * 1024;

/** Props of EstimateView. */
export interface EstimateViewProps {
  estimate: DownloadEstimate | null;
  loading: boolean;
}

/** What a download will take: tiles, megabytes, sightings and the space the browser has. */
export function EstimateView({ estimate: e, loading }: EstimateViewProps) {
  if (loading)
    return (
      <p className="muted" role="status">
        {sl.download.estimating}
      </p>
    );
  if (!e) return null;
  const tooBig = e.freeBytes !== null && e.bytes > e.freeBytes;
  return (
    <div role="status" aria-live="polite">
      <dl className="facts" data-testid="estimate">
        <dt>{sl.download.tiles}</dt>
        <dd data-testid="estimate-tiles">{e.tiles.toLocaleString('sl-SI')}</dd>
        <dt>{sl.download.size}</dt>
        <dd>{sl.download.megabytes(e.bytes / MB)}</dd>
        <dt>{sl.download.features}</dt>
        <dd>{e.features.toLocaleString('sl-SI')}</dd>
        <dt>{sl.download.free}</dt>
        <dd>{e.freeBytes === null ? sl.download.unknown : sl.download.megabytes(e.freeBytes / MB)}</dd>
      </dl>
      {e.overCap && <p className="field-error">{sl.download.overCap(e.cap)}</p>}
      {!e.overCap && tooBig && <p className="field-error">{sl.download.notEnoughSpace}</p>}
    </div>
  );
}
