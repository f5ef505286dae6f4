import { useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { loadConflicts, loadPendingChanges } from '../state/offline.ts';
import { saveBlob } from '../ui/useFileDownload.ts';
import { ActionSection } from '../ui/ActionSection.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';
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
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function exportNow(): Promise<void> {
    setBusy('export');
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
      setBusy(null);
    }
  }

  async function importFile(file: File): Promise<void> {
    setBusy('import');
    setMessage({ text: sl.backup.importing, error: false });
    try {
      const a = await core.importPendingBackup(file);
      setMessage({ text: importText(a), error: !a.ok });
      await Promise.all([loadPendingChanges(), loadConflicts()]);
    } catch (e) {
      console.error('Backup import failed', e);
      setMessage({ text: sl.backup.importFailed, error: true });
    } finally {
      setBusy(null);
    }
  }

  return (
    <ActionSection
      id="backup"
      className="pending-backup"
      texts={sl.backup}
      status={{ message: message?.text ?? '', failed: message?.error ?? false }}
    >
      {canExport && (
        <BusyButton
          busy={busy === 'export'}
          blocked={busy !== null}
          onRun={() => void exportNow()}
          icon={<Download aria-hidden />}
          describedBy="backup-hint"
        >
          {sl.backup.export}
        </BusyButton>
      )}
      <BusyButton
        busy={busy === 'import'}
        blocked={busy !== null}
        onRun={() => input.current?.click()}
        icon={<Upload aria-hidden />}
        label={sl.backup.importLabel}
      >
        {sl.backup.import}
      </BusyButton>
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
    </ActionSection>
  );
}
