import { Download } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { navigate } from '../state/route.ts';

/** 'Prenešene karte': the downloaded maps (the list fills once map-area download lands). */
export function DownloadedMaps() {
  return (
    <div className="form-stack">
      <p className="muted">{sl.profile.noMaps}</p>
      <button type="button" className="button primary" onClick={() => navigate('/download')}>
        <Download aria-hidden /> {sl.profile.downloadNew}
      </button>
    </div>
  );
}
