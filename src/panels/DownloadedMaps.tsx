import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Download, Pencil, Trash2 } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { navigate } from '../state/route.ts';
import { closePanels } from '../state/panel.ts';
import { deleteExtent, extents, loadExtents, renameExtent } from '../state/offline.ts';
import { notify } from '../state/notices.ts';
import { mapController } from '../map/port/mapState.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { ConfirmDelete } from '../ui/ConfirmDelete.tsx';
import type { ExtentSummary } from '../../worker/api.ts';

const MB = 1024 * 1024;

/** 'Prenešene karte': the downloaded maps — rename inline, delete with confirmation, zoom to one, download a new one. */
export function DownloadedMaps() {
  useSignals();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ExtentSummary | null>(null);
  useEffect(() => {
    loadExtents().catch((e: unknown) => console.error(e));
  }, []);
  const rename = async (id: number, name: string): Promise<void> => {
    setEditing(null);
    await renameExtent(id, name).catch(() => notify('error', sl.errors.storageQuota));
  };
  return (
    <div className="form-stack">
      {extents.value.length === 0 ? (
        <p className="muted">{sl.profile.noMaps}</p>
      ) : (
        <ul className="find-list" data-testid="downloaded-maps">
          {extents.value.map((x) => (
            <li key={x.id} className="find-item map-item">
              {editing === x.id ? (
                <input
                  className="rename-input"
                  aria-label={sl.profile.renameLabel}
                  defaultValue={x.name}
                  autoFocus
                  onBlur={(e) => void rename(x.id, e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
                    if (e.key === 'Escape') setEditing(null);
                  }}
                />
              ) : (
                <button
                  type="button"
                  className="map-item-name"
                  title={sl.profile.showOnMap}
                  onClick={() => mapController.value?.fit(x.extent, 'area')}
                >
                  <strong>{x.name}</strong>
                  <span className="muted">{sl.profile.mapInfo(x.tiles, x.bytes / MB)}</span>
                </button>
              )}
              <IconButton label={sl.profile.rename} onClick={() => setEditing(x.id)} icon={<Pencil aria-hidden />} />
              <IconButton label={sl.profile.deleteMap} onClick={() => setDeleting(x)} icon={<Trash2 aria-hidden />} />
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button primary"
        onClick={() => {
          closePanels();
          navigate('/download');
        }}
      >
        <Download aria-hidden /> {sl.profile.downloadNew}
      </button>
      {deleting && (
        <ConfirmDelete
          header={sl.profile.deleteMap}
          message={sl.profile.confirmDelete(deleting.name)}
          onClose={() => setDeleting(null)}
          onConfirm={() => void deleteExtent(deleting.id)}
        />
      )}
    </div>
  );
}
