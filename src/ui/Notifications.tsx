import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { dismiss, notices } from '../state/notices.ts';
import { sl } from '../i18n/sl.ts';

const ICONS = { info: Info, error: CircleAlert, success: CircleCheck } as const;

/** True when the focused field lies under the notification stack. */
function coversFocus(stack: HTMLElement | null): boolean {
  const el = document.activeElement;
  if (!stack || !el || el === document.body || stack.contains(el)) return false;
  const a = stack.getBoundingClientRect();
  const b = el.getBoundingClientRect();
  return a.height > 0 && b.left < a.right && b.right > a.left && b.top < a.bottom && b.bottom > a.top;
}

/**
 * The notification stack: timed ones dismiss themselves, the others have a close button. Each
 * notice is announced once by its own role (alert for errors, status otherwise). When it would
 * cover the field being typed in, the stack moves to the bottom of the screen.
 */
export function Notifications() {
  useSignals();
  const ref = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(false);
  const count = notices.value.length;
  useEffect(() => {
    const check = (): void => {
      if (!ref.current) return;
      // Measure where the stack sits at the top, whatever its place now.
      ref.current.classList.remove('at-bottom');
      const covers = coversFocus(ref.current);
      ref.current.classList.toggle('at-bottom', covers);
      setAtBottom(covers);
    };
    check();
    document.addEventListener('focusin', check);
    window.addEventListener('resize', check);
    return () => {
      document.removeEventListener('focusin', check);
      window.removeEventListener('resize', check);
    };
  }, [count]);
  return (
    <div ref={ref} className={`notices${atBottom ? ' at-bottom' : ''}`}>
      {notices.value.map((n) => {
        const Icon = ICONS[n.kind];
        return (
          <div
            key={n.id}
            className={`notice notice-${n.kind}${n.leaving ? ' leaving' : ''}`}
            role={n.kind === 'error' ? 'alert' : 'status'}
            data-id={n.id}
          >
            <Icon aria-hidden className="notice-icon" />
            <span className="notice-text">
              {n.message}
              {n.repeats ? <span className="notice-repeats">{sl.notice.repeats(n.repeats + 1)}</span> : null}
            </span>
            {n.timeout === null && (
              <button
                type="button"
                className="notice-close"
                aria-label={sl.notice.close}
                title={sl.notice.close}
                onClick={() => dismiss(n.id)}
              >
                <X aria-hidden />
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
