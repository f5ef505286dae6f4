import { useState } from 'react';
import { proxy } from 'comlink';
import { useSignals } from '@preact/signals-react/runtime';
import { Download, ShieldCheck } from 'lucide-react';
import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { online } from '../state/online.ts';
import { openPanel } from '../state/panel.ts';
import { errorStatus, failureHint } from '../ui/errors.ts';
import { saveBlob } from './ExportControl.tsx';

/** Why the archive failed, in Slovenian: too many downloads (429), or the app's usual hint. */
function failureText(e: unknown): string {
  const hint = errorStatus(e) === 429 ? sl.myData.tooMany : failureHint(e);
  return `${sl.myData.failed} ${hint}`.trim();
}

/**
 * 'Moji podatki' in the profile: 'Prenesi moje podatke' saves one ZIP with everything the
 * platform holds about her. The data core fetches it (and tells how much has arrived); this
 * component shows that and saves the Blob it hands back, as 'Izvozi' does.
 */
export function MyDataExport() {
  useSignals();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);

  async function run(): Promise<void> {
    if (!online.value) {
      setFailed(true);
      setMessage(sl.myData.offline);
      return;
    }
    setBusy(true);
    setFailed(false);
    setMessage(sl.myData.busy);
    try {
      const file = await core.exportMyData(proxy((bytes: number) => setMessage(sl.myData.progress(bytes / 1e6))));
      saveBlob(file.blob, file.fileName);
      setMessage(sl.myData.done(file.fileName));
    } catch (e) {
      console.error('Personal data export failed', e);
      setFailed(true);
      setMessage(failureText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="my-data" aria-labelledby="my-data-title">
      <h3 id="my-data-title" className="field-label" style={{ margin: 0 }}>
        {sl.myData.title}
      </h3>
      <p className="field-hint" id="my-data-hint">
        {sl.myData.hint}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          aria-describedby="my-data-hint"
          aria-busy={busy}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) void run();
          }}
        >
          <Download aria-hidden /> {sl.myData.download}
        </button>
        <button type="button" className="button" onClick={() => openPanel('privacy')}>
          <ShieldCheck aria-hidden /> {sl.myData.privacyLink}
        </button>
      </div>
      <p
        className={failed ? 'field-error' : 'field-hint'}
        role="status"
        aria-live="polite"
        data-testid="my-data-status"
      >
        {message}
      </p>
    </section>
  );
}
