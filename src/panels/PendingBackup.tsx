import { useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { loadConflicts, loadPendingChanges } from '../state/offline.ts';
import { saveBlob } from '../ui/useFileDownload.ts';
import type { BackupImportAnswer, BackupRefusal } from '../../worker/api.ts';

/** The words for a refused backup. */
function refusalText(r: BackupRefusal): string {
  return r.reason === 'otherUser' ? sl.backup.otherUser(r.email) : sl.backup.refused[r.reason];
}

/** The words for an import's result: how many were queued, and why others were not. */
function importText(a: BackupImportAnswer): string {
  if (!a.ok) return refusalText(a.refusal);
  const parts = [sl.backup.imported(a.imported)];
  if (a.alreadyHere > 0) parts.push(sl.backup.alreadyHere(a.alreadyHere));
  if (a.skipped > 0) parts.push(sl.backup.skipped(a.skipped));
  return parts.join(' ');
}

/**
 * 'Izvozi čakajoče spremembe' / 'Uvozi': the waiting changes live only in this browser, so the
 * user can keep them in a file and bring them into another browser (docs/backup.md). The data core
 * makes and reads the ZIP; this control only saves the Blob and hands over the picked file.
 */
export function PendingBackup({ canExport }: { canExport: boolean }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function exportNow(): Promise<void> {
    setBusy(true);
    setMessage({ text: sl.backup.exporting, error: false });
    try {
      const a = await core.exportPendingBackup();
      if (!a.ok) return setMessage({ text: refusalText(a.refusal), error: true });
      saveBlob(a.blob, a.fileName);
      setMessage({ text: sl.backup.exported(a.fileName), error: false });
    } catch (e) {
      console.error('Backup export failed', e);
      setMessage({ text: sl.backup.exportFailed, error: true });
    } finally {
      setBusy(false);
    }
  }

  async function importFile(file: File): Promise<void> {
    setBusy(true);
    setMessage({ text: sl.backup.importing, error: false });
    try {
      const a = await core.importPendingBackup(file);
      setMessage({ text: importText(a), error: !a.ok });
      await Promise.all([loadPendingChanges(), loadConflicts()]);
    } catch (e) {
      console.error('Backup import failed', e);
      setMessage({ text: sl.backup.importFailed, error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pending-backup" role="group" aria-labelledby="backup-title" data-testid="pending-backup">
      <h4 id="backup-title">{sl.backup.title}</h4>
      <p className="field-hint" id="backup-hint">
        {sl.backup.hint}
      </p>
      <div className="button-row">
        {canExport && (
          <button
            type="button"
            className="button"
            aria-describedby="backup-hint"
            aria-busy={busy}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) void exportNow();
            }}
          >
            <Download aria-hidden /> {sl.backup.export}
          </button>
        )}
        <button
          type="button"
          className="button"
          aria-label={sl.backup.importLabel}
          title={sl.backup.importLabel}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) input.current?.click();
          }}
        >
          <Upload aria-hidden /> {sl.backup.import}
        </button>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          hidden
          data-testid="backup-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {/* Always rendered, so that screen readers announce what is put into it. */}
      <p className={message?.error ? 'field-error' : 'field-hint'} role="status" data-testid="backup-status">
        {message?.text}
      </p>
    </div>
  );
}
