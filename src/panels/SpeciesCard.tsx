import { ExternalLink, Images } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { openGallery } from '../state/gallery.ts';
import type { CatalogueSpecies } from '../../worker/api.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { appConfig } from '../state/appData.ts';
import { fallBack, speciesImageUrls } from '../ui/speciesImages.ts';

/** Props of SpeciesCard. */
export interface SpeciesCardProps {
  species: CatalogueSpecies;
  color: string;
  highlighted: boolean;
}

/** A species card: image, names, status, description, 'Preberi več' (new tab) and its info-image gallery. */
export function SpeciesCard({ species: s, color, highlighted }: SpeciesCardProps) {
  useSignals();
  const cfg = appConfig.value;
  const main = speciesImageUrls(s.image, cfg);
  const images = [s.image, ...s.infoImages].map((src, i) => ({
    src: speciesImageUrls(src, cfg).full,
    alt: sl.species.imageOf(s.name, i + 1),
  }));
  return (
    <article
      className={`species-card${highlighted ? ' highlighted' : ''}`}
      id={`species-${s.id}`}
      style={{ borderTopColor: color }}
    >
      <button
        type="button"
        className="species-image"
        onClick={() => openGallery(images, 0)}
        aria-label={`${sl.species.gallery}: ${s.name}`}
        title={sl.species.gallery}
      >
        <img src={main.thumb} alt={s.name} width={320} height={240} onError={(e) => fallBack(e.currentTarget, main)} />
      </button>
      <div className="species-text">
        <h3>{s.name}</h3>
        <p className="latin">
          <i>{s.latin}</i>
          {s.status && <span className="status-chip">{s.status}</span>}
        </p>
        {s.description && <p>{s.description}</p>}
        <div className="species-actions">
          {images.length > 1 && (
            <button type="button" className="button small" onClick={() => openGallery(images, 1)}>
              <Images aria-hidden /> {sl.species.gallery} ({images.length})
            </button>
          )}
          {s.link && (
            <a
              className="button small"
              href={s.link}
              target="_blank"
              rel="noopener noreferrer"
              title={sl.species.readMoreHint}
            >
              {sl.species.readMore} <ExternalLink aria-hidden />
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
