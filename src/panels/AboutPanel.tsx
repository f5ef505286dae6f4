import { useSignals } from '@preact/signals-react/runtime';
import { ShieldCheck } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { appConfig } from '../state/appData.ts';
import { closePanels, openPanel } from '../state/panel.ts';
import { Panel } from '../ui/Panel.tsx';

/** 'O projektu': the purpose text, the contact e-mail, version 1.1.2 and the way to 'Zasebnost'. */
export function AboutPanel() {
  useSignals();
  const email = appConfig.value?.contactEmail ?? '';
  return (
    <Panel title={sl.about.title} onClose={closePanels}>
      <p>{sl.about.purpose}</p>
      <p>{sl.about.offlineNote}</p>
      <dl className="facts">
        <dt>{sl.about.contact}</dt>
        <dd>
          <a className="touch-link" href={`mailto:${email}`}>
            {email}
          </a>
        </dd>
        <dt>{sl.about.versionLabel}</dt>
        <dd data-testid="version">{sl.version}</dd>
      </dl>
      <button
        type="button"
        className="button"
        aria-describedby="about-privacy-hint"
        onClick={() => openPanel('privacy')}
      >
        <ShieldCheck aria-hidden /> {sl.about.privacy}
      </button>
      <p className="field-hint" id="about-privacy-hint">
        {sl.about.privacyHint}
      </p>
    </Panel>
  );
}
