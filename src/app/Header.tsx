import { useSignals } from '@preact/signals-react/runtime';
import { ClipboardCheck, CloudOff, Info, SlidersHorizontal, UserRound } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { activePanel, closePanels, openPanel, titleClicks, togglePanel, type PanelType } from '../state/panel.ts';
import { navigate, route } from '../state/route.ts';
import { online } from '../state/online.ts';
import { syncState } from '../state/offline.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { SyncBadge } from './SyncBadge.tsx';
import { inbox, userReviews } from '../state/review.ts';

const BUTTONS: Array<{ panel: PanelType; label: string; Icon: typeof Info }> = [
  { panel: 'filters', label: sl.header.filters, Icon: SlidersHorizontal },
  { panel: 'about', label: sl.header.about, Icon: Info },
  { panel: 'profile', label: sl.header.profile, Icon: UserRound },
];

/**
 * Logo, title (closes panels and goes home), the offline badge, the waiting-changes badge and the
 * three panel toggles. It fits every width from 320 px (styles.css 'Header'): labels and badge
 * texts give way first, then the title on a phone while a badge shows, and the title is the only
 * part that may shrink.
 */
export function Header() {
  useSignals();
  const onTitle = (): void => {
    closePanels();
    navigate('/');
    titleClicks.value++;
  };
  const s = syncState.value;
  const badges = !online.value || s.pending + s.conflicts > 0 || s.running;
  return (
    <header className={`app-header${badges ? ' has-badges' : ''}`}>
      <button type="button" className="brand" onClick={onTitle} title={sl.header.titleHome}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <h1>{sl.appTitle}</h1>
      </button>
      {!online.value && (
        <span className="offline-badge" role="status" aria-label={sl.header.offline} title={sl.header.offlineHint}>
          <CloudOff aria-hidden />
          <span className="badge-text">{sl.header.offline}</span>
        </span>
      )}
      <SyncBadge />
      <nav className="header-buttons">
        {userReviews() && (
          <IconButton
            label={sl.review.queueLink}
            title={sl.review.queueLinkHint}
            showLabel
            pressed={route.value === '/pregled'}
            onClick={() => navigate(route.value === '/pregled' ? '/' : '/pregled')}
            icon={<ClipboardCheck aria-hidden />}
          />
        )}
        {BUTTONS.map(({ panel, label, Icon }) => (
          <IconButton
            key={panel}
            label={label}
            count={panel === 'profile' ? inbox.value.unseen : 0}
            countLabel={sl.review.inboxCount(inbox.value.unseen)}
            showLabel
            pressed={activePanel.value === panel && route.value === '/'}
            onClick={() => {
              // From the download screen a panel button goes back to the map with that panel.
              if (route.value !== '/') {
                navigate('/');
                openPanel(panel);
              } else togglePanel(panel);
            }}
            icon={<Icon aria-hidden />}
          />
        ))}
      </nav>
    </header>
  );
}
