import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { appConfig } from '../state/appData.ts';
import { closePanels } from '../state/panel.ts';
import { Panel } from '../ui/Panel.tsx';

/** 'O projektu': the purpose text, the contact e-mail and version 1.1.2. */
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
    </Panel>
  );
}
