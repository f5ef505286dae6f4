import { useSignals } from '@preact/signals-react/runtime';
import { Download } from 'lucide-react';
import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { layerFilter } from '../state/filters.ts';
import { mapController } from '../map/port/mapState.ts';
import { viewExtent } from '../map/port/viewMath.ts';
import { failureHint } from '../ui/errors.ts';
import { ActionSection } from '../ui/ActionSection.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';
import { useFileDownload } from '../ui/useFileDownload.ts';

type Format = 'geojson' | 'csv';

/**
 * 'Izvozi' (issue #21): the finds the map shows now (the filters and the visible extent) as GeoJSON
 * or CSV. The data core fetches the file from the server with the user's token (anonymous callers
 * get the public finds), generalised as on the map; this control only saves the Blob it hands back.
 */
export function ExportControl() {
  useSignals();
  const download = useFileDownload<Format>();
  const { busy } = download;

  function run(format: Format): Promise<void> {
    return download.run(
      format,
      {
        busy: sl.exportFinds.busy,
        done: sl.exportFinds.done,
        failed: (e) => `${sl.exportFinds.failed} ${failureHint(e)}`.trim(),
      },
      () => {
        const view = mapController.value?.viewNow();
        return core.exportFinds(format, view ? viewExtent(view) : null, layerFilter.value);
      },
    );
  }

  return (
    <ActionSection id="export" className="export-control" texts={sl.exportFinds} status={download}>
      {(['geojson', 'csv'] as const).map((format) => (
        <BusyButton
          key={format}
          busy={busy === format}
          blocked={busy !== null}
          onRun={() => void run(format)}
          icon={<Download aria-hidden />}
          label={format === 'geojson' ? sl.exportFinds.geojsonLabel : sl.exportFinds.csvLabel}
          describedBy="export-hint"
        >
          {format === 'geojson' ? sl.exportFinds.geojson : sl.exportFinds.csv}
        </BusyButton>
      ))}
    </ActionSection>
  );
}
