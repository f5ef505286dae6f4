import { useEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { closeGallery, gallery, stepGallery } from '../state/gallery.ts';
import { IconButton } from './IconButton.tsx';

/** Minimum horizontal travel (px) that counts as a swipe. */
const SWIPE_PX = 50;

/** The gallery overlay: full image, previous/next, close; ArrowLeft/ArrowRight/Escape; swipe on touch. */
export function Gallery() {
  useSignals();
  const g = gallery.value;
  const startX = useRef<number | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const open = g !== null;
  useEffect(() => {
    if (!open) return;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Tab' && dialog.current) {
        // Focus stays in the gallery (a modal dialog) while it is open.
        const items = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
        if (items.length === 0) return;
        const i = items.indexOf(document.activeElement as HTMLElement);
        const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : i === items.length - 1 ? 0 : i + 1;
        items[next]!.focus();
      } else if (e.key === 'ArrowLeft') stepGallery(-1);
      else if (e.key === 'ArrowRight') stepGallery(1);
      else if (e.key === 'Escape') closeGallery();
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  if (!g) return null;
  const img = g.images[g.index]!;
  const many = g.images.length > 1;
  return (
    <div
      ref={dialog}
      className="gallery"
      role="dialog"
      aria-modal="true"
      aria-label={sl.gallery.title}
      tabIndex={-1}
      onTouchStart={(e) => (startX.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const x0 = startX.current;
        const x1 = e.changedTouches[0]?.clientX;
        startX.current = null;
        if (x0 === null || x1 === undefined || Math.abs(x1 - x0) < SWIPE_PX) return;
        stepGallery(x1 < x0 ? 1 : -1);
      }}
    >
      <img className="gallery-image" src={img.src} alt={img.alt} data-testid="gallery-image" />
      <div className="gallery-bar">
        {many && (
          <IconButton label={sl.gallery.prev} onClick={() => stepGallery(-1)} icon={<ChevronLeft aria-hidden />} />
        )}
        {many && (
          <span className="gallery-counter" aria-live="polite">
            {sl.gallery.counter(g.index + 1, g.images.length)}
          </span>
        )}
        {many && (
          <IconButton label={sl.gallery.next} onClick={() => stepGallery(1)} icon={<ChevronRight aria-hidden />} />
        )}
      </div>
      <IconButton className="gallery-close" label={sl.gallery.close} onClick={closeGallery} icon={<X aria-hidden />} />
    </div>
  );
}
