import type { ReactNode } from 'react';

/** Props of BusyButton. */
export interface BusyButtonProps {
  /** Whether this button's own action runs now (aria-busy). */
  busy: boolean;
  /** Whether a click is ignored now: this action or another of its group runs (aria-disabled). */
  blocked: boolean;
  /** Starts the action; not called while `blocked`. */
  onRun: () => void;
  /** The icon before the text (aria-hidden). */
  icon: ReactNode;
  children: ReactNode;
  /** Names it for screen readers when its text alone does not say enough (also its tooltip). */
  label?: string;
  /** The id of the hint that describes it. */
  describedBy?: string;
}

/**
 * A button that starts a long action (a file to save, a file to read): while the action runs it
 * says aria-busy, and clicks are ignored while `blocked`. It says aria-disabled rather than
 * disabled, so that the focus stays on it and a screen reader still reads it.
 */
export function BusyButton({ busy, blocked, onRun, icon, children, label, describedBy }: BusyButtonProps) {
  return (
    <button
      type="button"
      className="button"
      aria-label={label}
      title={label}
      aria-describedby={describedBy}
      aria-busy={busy}
      aria-disabled={blocked}
      onClick={() => {
        if (!blocked) onRun();
      }}
    >
      {icon} {children}
    </button>
  );
}
