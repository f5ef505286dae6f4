import { Fragment } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowLeft } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { appConfig } from '../state/appData.ts';
import { closePanels, openPanel } from '../state/panel.ts';
import { Panel } from '../ui/Panel.tsx';

/** Text with the contact e-mail (`{email}`) as a mailto link. */
function WithEmail({ text, email }: { text: string; email: string }) {
  const [before, after] = text.split('{email}');
  if (after === undefined) return <>{text}</>;
  return (
    <>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </>
  );
}

/**
 * 'Zasebnost': what is stored about the person, why, how long, who sees what, and how to get or
 * delete it (domain/privacy.ts, the same text as the server's /zasebnost page).
 */
export function PrivacyPanel() {
  useSignals();
  const email = appConfig.value?.contactEmail ?? '';
  return (
    <Panel title={sl.privacy.title} onClose={closePanels} className="privacy-panel">
      {sl.privacy.sections.map((s) => (
        <Fragment key={s.heading}>
          <h3 className="privacy-heading">{s.heading}</h3>
          {s.paragraphs.map((p) => (
            <p key={p}>
              <WithEmail text={p} email={email} />
            </p>
          ))}
          {s.items && (
            <ul className="privacy-list">
              {s.items.map((i) => (
                <li key={i}>
                  <WithEmail text={i} email={email} />
                </li>
              ))}
            </ul>
          )}
        </Fragment>
      ))}
      <button type="button" className="button" onClick={() => openPanel('about')}>
        <ArrowLeft aria-hidden /> {sl.privacy.back}
      </button>
    </Panel>
  );
}
