import { proxy } from 'comlink';
import { useSignals } from '@preact/signals-react/runtime';
import { Download, ShieldCheck } from 'lucide-react';
import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { online } from '../state/online.ts';
import { openPanel } from '../state/panel.ts';
import { errorStatus, failureHint } from '../ui/errors.ts';
import { ActionSection } from '../ui/ActionSection.tsx';
import { BusyButton } from '../ui/BusyButton.tsx';
import { useFileDownload } from '../ui/useFileDownload.ts';

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
  const download = useFileDownload<'all'>();
  const busy = download.busy !== null;

  function run(): Promise<void> {
    if (!online.value) {
      download.say(sl.myData.offline, true);
      return Promise.resolve();
    }
    const texts = { busy: sl.myData.busy, done: sl.myData.done, failed: failureText };
    return download.run('all', texts, (report) =>
      core.exportMyData(proxy((bytes: number) => report(sl.myData.progress(bytes / 1e6)))),
    );
  }

  return (
    <ActionSection id="my-data" className="my-data" texts={sl.myData} status={download}>
      <BusyButton
        busy={busy}
        blocked={busy}
        onRun={() => void run()}
        icon={<Download aria-hidden />}
        describedBy="my-data-hint"
      >
        {sl.myData.download}
      </BusyButton>
      <button type="button" className="button" onClick={() => openPanel('privacy')}>
        <ShieldCheck aria-hidden /> {sl.myData.privacyLink}
      </button>
    </ActionSection>
  );
}
