import { sl } from '../i18n/sl.ts';
import { useAppOfflineReady } from './offlineReady.ts';
import type { DownloadProgress } from '../../worker/api.ts';

const MB = 1024 * 1024;

const STATE_TEXT: Partial<Record<DownloadProgress['state'], string>> = {
  done: sl.download.done,
  cancelled: sl.download.cancelled,
  failed: sl.download.failed,
  paused: sl.download.paused,
  quota: sl.errors.storageQuota,
};

/** A download's progress bar: tiles done / total, megabytes, time left, and how it ended. */
export function DownloadProgressView({ progress: p }: { progress: DownloadProgress }) {
  const pct = p.total ? Math.round((p.done / p.total) * 100) : 0;
  // 'Available offline' only once the app itself is cached too (offlineReady.ts).
  const appReady = useAppOfflineReady(p.state === 'done');
  const finishing = p.state === 'done' && !appReady;
  const end = finishing ? sl.download.preparingApp : STATE_TEXT[p.state];
  return (
    <div className="download-progress" data-testid="download-progress" data-state={finishing ? 'finishing' : p.state}>
      <progress max={p.total || 1} value={p.done} aria-label={sl.download.running}>
        {pct} %
      </progress>
      <p className="progress-line">
        <span>{sl.download.progress(p.done, p.total)}</span>
        <span>{sl.download.megabytes(p.bytes / MB)}</span>
        {p.state === 'running' && p.etaSeconds !== null && <span>{sl.download.timeLeft(p.etaSeconds)}</span>}
      </p>
      {end && (
        <p className={p.state === 'done' ? 'progress-done' : 'field-error'} role="status">
          {end}
        </p>
      )}
    </div>
  );
}
