import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Download } from 'lucide-react';
import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { layerFilter } from '../state/filters.ts';
import { mapController } from '../map/mapState.ts';
import { viewExtent } from '../map/viewMath.ts';
import { failureHint } from '../ui/errors.ts';

type Format = 'geojson' | 'csv';

/** Saves a Blob as a download under `fileName` (the main thread's only part: the data core fetched it). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file to the browser; a later revoke lets slow browsers finish reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * 'Izvozi' (issue #21): the finds the map shows now (the filters and the visible extent) as GeoJSON
 * or CSV. The data core fetches the file from the server with the user's token (anonymous callers
 * get the public finds), generalised as on the map; this control only saves the Blob it hands back.
 */
export function ExportControl() {
  useSignals();
  const [busy, setBusy] = useState<Format | null>(null);
  const [message, setMessage] = useState<string>('');

  async function run(format: Format): Promise<void> {
    // aria-disabled rather than disabled while busy: the focus stays on the button (keyboard users).
    setBusy(format);
    setMessage(sl.exportFinds.busy);
    try {
      const mc = mapController.value;
      const view = mc?.viewNow();
      const extent = view ? viewExtent(view) : null;
      const file = await core.exportFinds(format, extent, layerFilter.value);
      saveBlob(file.blob, file.fileName);
      setMessage(sl.exportFinds.done(file.fileName));
    } catch (e) {
      console.error('Export failed', e);
      setMessage(`${sl.exportFinds.failed} ${failureHint(e)}`.trim());
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="export-control" role="group" aria-labelledby="export-title">
      <h3 id="export-title" className="field-label" style={{ margin: 0 }}>
        {sl.exportFinds.title}
      </h3>
      <p className="field-hint" id="export-hint">
        {sl.exportFinds.hint}
      </p>
      <div className="button-row">
        {(['geojson', 'csv'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button"
            aria-label={format === 'geojson' ? sl.exportFinds.geojsonLabel : sl.exportFinds.csvLabel}
            aria-describedby="export-hint"
            aria-busy={busy === format}
            aria-disabled={busy !== null}
            onClick={() => {
              if (busy === null) void run(format);
            }}
          >
            <Download aria-hidden /> {format === 'geojson' ? sl.exportFinds.geojson : sl.exportFinds.csv}
          </button>
        ))}
      </div>
      <p className="field-hint" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
