import { useSignals } from '@preact/signals-react/runtime';
import { activePanel } from '../state/panel.ts';
import { AboutPanel } from '../panels/AboutPanel.tsx';
import { FiltersPanel } from '../panels/FiltersPanel.tsx';
import { ProfilePanel } from '../panels/ProfilePanel.tsx';
import { ShortInfoPanel } from '../panels/ShortInfoPanel.tsx';
import { SpeciesInfoPanel } from '../panels/SpeciesInfoPanel.tsx';
import { Gallery } from '../ui/Gallery.tsx';
import { openEditRecord } from '../records/actions.ts';

/** Renders the one active side panel. */
export function PanelHost() {
  useSignals();
  switch (activePanel.value) {
    case 'about':
      return <AboutPanel />;
    case 'filters':
      return <FiltersPanel />;
    case 'profile':
      return <ProfilePanel />;
    case 'shortInfo':
      return <ShortInfoPanel onEdit={(f) => void openEditRecord(f.id)} />;
    case 'speciesinfo':
      return <SpeciesInfoPanel />;
    case 'gallery':
      return <Gallery />;
    default:
      return null;
  }
}
