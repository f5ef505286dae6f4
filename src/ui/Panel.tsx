import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { IconButton } from './IconButton.tsx';

/** Props of Panel. */
export interface PanelProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class, e.g. for a wider panel. */
  className?: string;
}

/**
 * The overlay side panel (desktop: a card on the right; mobile: a bottom sheet) with a
 * close button ('Zapri'); Escape closes it; focus moves into it when it opens and back to the
 * button that opened it when it closes.
 */
export function Panel({ title, onClose, children, className }: PanelProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // Focus moves into the panel; when it closes, back to what opened it (WCAG 2.4.3).
    const opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body
        ? document.activeElement
        : null;
    ref.current?.focus();
    const panel = ref.current;
    return () => {
      const focus = document.activeElement;
      if (opener?.isConnected && (!focus || focus === document.body || panel?.contains(focus))) opener.focus();
    };
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const headingId = `panel-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <aside ref={ref} className={`panel${className ? ` ${className}` : ''}`} aria-labelledby={headingId} tabIndex={-1}>
      <header className="panel-header">
        <h2 id={headingId}>{title}</h2>
        <IconButton label={sl.panel.close} onClick={onClose} icon={<X aria-hidden />} />
      </header>
      <div className="panel-body">{children}</div>
    </aside>
  );
}
