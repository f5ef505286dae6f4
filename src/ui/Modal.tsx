import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { IconButton } from './IconButton.tsx';

/** One button of a Modal's footer. */
export interface ModalAction {
  /** The button's content: its words, with an icon before them where it has one. */
  label: ReactNode;
  /** 'button' and its variant, e.g. 'button primary'. */
  className: string;
  onClick: () => void;
}

/** Props of Modal. */
export interface ModalProps {
  header: string;
  children: ReactNode;
  /** Called when the user closes it; absent in required mode. */
  onClose?: () => void;
  /** Shows the close button (default true when onClose is given). */
  closable?: boolean;
  /** Required mode: no close button, Escape and backdrop do nothing. */
  required?: boolean;
  /** The footer's buttons, in order. */
  actions?: ModalAction[];
}

/** A modal dialog with a header and an optional close button; required mode blocks closing. */
export function Modal({ header, children, onClose, closable = true, required = false, actions }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const canClose = !required && !!onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape' && canClose) {
        e.stopPropagation();
        onClose?.();
      }
      if (e.key === 'Tab' && ref.current) {
        const items = [
          ...ref.current.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input, select, textarea'),
        ];
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      previous?.focus?.();
    };
  }, [canClose, onClose]);
  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && canClose && onClose?.()}>
      <div ref={ref} className="modal" role="dialog" aria-modal="true" aria-labelledby="modal-header">
        <header className="modal-header">
          <h2 id="modal-header">{header}</h2>
          {canClose && closable && <IconButton label={sl.panel.close} onClick={onClose!} icon={<X aria-hidden />} />}
        </header>
        <div className="modal-body">{children}</div>
        {actions && (
          <footer className="modal-footer">
            {actions.map((a, i) => (
              <button key={i} type="button" className={a.className} onClick={a.onClick}>
                {a.label}
              </button>
            ))}
          </footer>
        )}
      </div>
    </div>
  );
}
