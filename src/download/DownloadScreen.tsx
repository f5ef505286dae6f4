import { useEffect, useMemo, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { effect } from '@preact/signals-react';
import { ArrowLeft, Download, X } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { navigate } from '../state/route.ts';
import { online } from '../state/online.ts';
import { downloads } from '../state/offline.ts';
import { askToKeepData, storageAtRisk } from '../state/persistence.ts';
import { mapController } from '../map/port/mapState.ts';
import { IconButton } from '../ui/IconButton.tsx';
import type { DownloadArea, DownloadEstimate } from '../../worker/api.ts';
import { cancelDownload, estimateArea, extentInFrame, startDownload } from './actions.ts';
import { MAX_DOWNLOAD_ZOOM, MIN_DOWNLOAD_ZOOM, zoomRangeFor } from './zoomRange.ts';
import { DownloadProgressView } from './DownloadProgressView.tsx';
import { EstimateView } from './EstimateView.tsx';

const ZOOMS = Array.from({ length: MAX_DOWNLOAD_ZOOM - MIN_DOWNLOAD_ZOOM + 1 }, (_, i) => MIN_DOWNLOAD_ZOOM + i);

function zoomLabel(z: number): string {
  const hint = sl.download.zoomHints[z];
  return hint ? sl.download.zoomOption(z, hint) : String(z);
}

/** #/download: frame an area on the map, pick the zoom range, see the estimate, download with progress. */
export function DownloadScreen() {
  useSignals();
  const frame = useRef<HTMLDivElement>(null);
  const mc = mapController.value;
  // The range follows the framed area (what it needs) until the user picks one.
  const [picked, setPicked] = useState<[number, number] | null>(null);
  const [framed, setFramed] = useState<{ extent: DownloadArea['extent']; zoom: number } | null>(null);
  const range = picked ?? (framed ? zoomRangeFor(framed.extent, framed.zoom) : null);
  const minZoom = range?.[0];
  const maxZoom = range?.[1];
  const area = useMemo<DownloadArea | null>(
    () =>
      framed && minZoom !== undefined && maxZoom !== undefined ? { extent: framed.extent, minZoom, maxZoom } : null,
    [framed, minZoom, maxZoom],
  );
  const [estimate, setEstimate] = useState<DownloadEstimate | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);

  // The browser is asked to keep the data before anything is downloaded; a refusal shows here.
  useEffect(() => {
    void askToKeepData();
  }, []);

  // The framed area follows the map (debounced).
  useEffect(() => {
    if (!mc) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Runs now and after every move of the map.
    const stop = effect(() => {
      void mc.view.value;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const extent = frame.current ? extentInFrame(mc, frame.current) : null;
        if (extent) setFramed({ extent, zoom: mc.viewNow()?.zoom ?? MIN_DOWNLOAD_ZOOM });
      }, 350);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [mc]);

  const isOnline = online.value;
  useEffect(() => {
    if (!area || !isOnline) return;
    let live = true;
    setEstimate(null);
    estimateArea(area).then((e) => live && setEstimate(e));
    return () => {
      live = false;
    };
  }, [area, isOnline]);

  const job = jobId ? downloads.value[jobId] : undefined;
  const running = job?.state === 'running';
  const canStart = !!area && !!estimate && !estimate.overCap && online.value && !running;

  return (
    <>
      <div ref={frame} className="download-frame" aria-hidden />
      <section className="panel download-screen" aria-labelledby="download-title">
        <header className="panel-header">
          <h2 id="download-title">{sl.download.title}</h2>
          <IconButton label={sl.download.back} onClick={() => navigate('/')} icon={<X aria-hidden />} />
        </header>
        <div className="panel-body form-stack">
          <p>{sl.download.intro}</p>
          {!online.value && <p className="field-error">{sl.download.offline}</p>}
          {storageAtRisk.value && (
            <p className="storage-risk" role="note">
              {sl.offline.storageAtRisk}
            </p>
          )}
          <div className="field-row zoom-row">
            <ZoomSelect
              id="dl-min"
              label={sl.download.minZoom}
              value={range?.[0]}
              disabled={running || !range}
              onPick={(z) => setPicked([z, Math.max(z, range![1])])}
            />
            <ZoomSelect
              id="dl-max"
              label={sl.download.maxZoom}
              value={range?.[1]}
              disabled={running || !range}
              onPick={(z) => setPicked([Math.min(range![0], z), z])}
            />
          </div>
          <EstimateView estimate={estimate} loading={!!area && online.value && !estimate} />
          {job ? <DownloadProgressView progress={job} /> : null}
          <div className="form-actions">
            {running ? (
              <button type="button" className="button danger" onClick={() => jobId && void cancelDownload(jobId)}>
                <X aria-hidden /> {sl.download.cancel}
              </button>
            ) : (
              <button
                type="button"
                className="button primary"
                disabled={!canStart}
                onClick={async () => area && setJobId(await startDownload(area))}
              >
                <Download aria-hidden /> {sl.download.start}
              </button>
            )}
            <button type="button" className="button" onClick={() => navigate('/')}>
              <ArrowLeft aria-hidden /> {sl.download.back}
            </button>
          </div>
        </div>
      </section>
    </>
  );
}

/** One end of the zoom range: a labelled select of the downloadable zoom levels. */
function ZoomSelect(props: {
  id: string;
  label: string;
  value: number | undefined;
  disabled: boolean;
  onPick: (zoom: number) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value ?? ''}
        disabled={props.disabled}
        onChange={(e) => props.onPick(Number(e.target.value))}
      >
        {ZOOMS.map((z) => (
          <option key={z} value={z}>
            {zoomLabel(z)}
          </option>
        ))}
      </select>
    </div>
  );
}
