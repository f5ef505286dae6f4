import { lazy, Suspense } from 'react';
import { PanelLoading } from './PanelLoading.tsx';
import { useSignals } from '@preact/signals-react/runtime';
import { activePanel } from '../state/panel.ts';
import { AboutPanel } from '../panels/AboutPanel.tsx';
import type { ClickedFeature } from '../state/shortInfo.ts';

// Panels load when first opened, so the map's first load stays small on a cheap phone.
const FiltersPanel = lazy(() => import('../panels/FiltersPanel.tsx').then((m) => ({ default: m.FiltersPanel })));
const ProfilePanel = lazy(() => import('../panels/ProfilePanel.tsx').then((m) => ({ default: m.ProfilePanel })));
const ShortInfoPanel = lazy(() => import('../panels/ShortInfoPanel.tsx').then((m) => ({ default: m.ShortInfoPanel })));
const SpeciesInfoPanel = lazy(() =>
  import('../panels/SpeciesInfoPanel.tsx').then((m) => ({ default: m.SpeciesInfoPanel })),
);
const PrivacyPanel = lazy(() => import('../panels/PrivacyPanel.tsx').then((m) => ({ default: m.PrivacyPanel })));
const Gallery = lazy(() => import('../ui/Gallery.tsx').then((m) => ({ default: m.Gallery })));

const editFind = (f: ClickedFeature): void => {
  void import('../records/actions.ts').then((m) => m.openEditRecord(f.id));
};

/** Renders the one active side panel. */
export function PanelHost() {
  useSignals();
  const panel = (() => {
    switch (activePanel.value) {
      case 'about':
        return <AboutPanel />;
      case 'privacy':
        return <PrivacyPanel />;
      case 'filters':
        return <FiltersPanel />;
      case 'profile':
        return <ProfilePanel />;
      case 'shortInfo':
        return <ShortInfoPanel onEdit={editFind} />;
      case 'speciesinfo':
        return <SpeciesInfoPanel />;
      case 'gallery':
        return <Gallery />;
      default:
        return null;
    }
  })();
  return <Suspense fallback={<PanelLoading />}>{panel}</Suspense>;
}
