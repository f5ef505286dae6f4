import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { notify } from '../state/notices.ts';
import { failureHint } from '../ui/errors.ts';
import { askToKeepData } from '../state/persistence.ts';
import type { MapPort } from '../map/port/mapPort.ts';
import { pixelToCoordinate } from '../map/port/viewMath.ts';
import type { DownloadArea, DownloadEstimate } from '../../worker/api.ts';

/** The map area inside the on-screen frame (EPSG:3857), or null before the map has a size. */
export function extentInFrame(mc: MapPort, frame: HTMLElement): DownloadArea['extent'] | null {
  const view = mc.viewNow();
  if (!view) return null;
  const m = mc.element.getBoundingClientRect();
  const f = frame.getBoundingClientRect();
  const a = pixelToCoordinate(view, [f.left - m.left, f.bottom - m.top]);
  const b = pixelToCoordinate(view, [f.right - m.left, f.top - m.top]);
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
}

/** Asks the core for the estimate; null when it failed (the reason is shown). */
export async function estimateArea(area: DownloadArea): Promise<DownloadEstimate | null> {
  try {
    return await core.estimateDownload(area);
  } catch (e) {
    console.error(e);
    notify('error', failureHint(e) || sl.download.failed);
    return null;
  }
}

/** Asks the browser to keep our data (downloads are worthless if evicted), then starts the download. */
export async function startDownload(area: DownloadArea): Promise<string | null> {
  try {
    await askToKeepData();
    const { jobId } = await core.startDownload(area);
    return jobId;
  } catch (e) {
    console.error(e);
    notify('error', `${sl.download.failed} ${failureHint(e)}`.trim());
    return null;
  }
}

/** Cancels a running download (what is stored stays). */
export async function cancelDownload(jobId: string): Promise<void> {
  await core.cancelDownload(jobId);
}
