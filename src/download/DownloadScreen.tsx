import { ArrowLeft } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { navigate } from '../state/route.ts';

/** The #/download screen (map-area download arrives with the offline work). */
export function DownloadScreen() {
  return (
    <section className="panel download-screen" aria-labelledby="download-title">
      <header className="panel-header">
        <h2 id="download-title">{sl.download.title}</h2>
      </header>
      <div className="panel-body">
        <p>{sl.download.coming}</p>
        <button type="button" className="button" onClick={() => navigate('/')}>
          <ArrowLeft aria-hidden /> {sl.download.back}
        </button>
      </div>
    </section>
  );
}
