import { useState } from 'react';
import type { ExportFile } from '../../worker/api.ts';

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

/** What a download says while it runs, when it is saved and when it failed. */
export interface DownloadTexts {
  busy: string;
  done: (fileName: string) => string;
  failed: (e: unknown) => string;
}

/** A file the data core fetches and the page saves: which one is running, and what to say about it. */
export interface FileDownload<K extends string> {
  /** The download running now, or null. */
  busy: K | null;
  message: string;
  failed: boolean;
  /** Says `text` (a failure when `failed`) without downloading anything. */
  say(text: string, failed?: boolean): void;
  /**
   * Runs download `key`: `fetchFile` gets the file from the data core (and may tell its progress
   * through `report`); the file is saved, or the failure said. Nothing starts while one runs (its
   * buttons say aria-disabled rather than disabled, so that the focus stays on them).
   */
  run(key: K, texts: DownloadTexts, fetchFile: (report: (text: string) => void) => Promise<ExportFile>): Promise<void>;
}

/** The state of the downloads of one control ('Izvozi', 'Prenesi moje podatke'). */
export function useFileDownload<K extends string>(): FileDownload<K> {
  const [busy, setBusy] = useState<K | null>(null);
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  return {
    busy,
    message,
    failed,
    say(text, isFailure = false) {
      setMessage(text);
      setFailed(isFailure);
    },
    async run(key, texts, fetchFile) {
      if (busy !== null) return;
      setBusy(key);
      setFailed(false);
      setMessage(texts.busy);
      // Progress comes through its own channel and may arrive after the file: it never overwrites the outcome.
      let running = true;
      try {
        const file = await fetchFile((text) => {
          if (running) setMessage(text);
        });
        running = false;
        saveBlob(file.blob, file.fileName);
        setMessage(texts.done(file.fileName));
      } catch (e) {
        running = false;
        console.error('Download failed', e);
        setFailed(true);
        setMessage(texts.failed(e));
      } finally {
        setBusy(null);
      }
    },
  };
}
