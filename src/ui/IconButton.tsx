import type { ReactNode } from 'react';

/** Props of IconButton. */
export interface IconButtonProps {
  /** Slovenian accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** For toggles: whether it is on. */
  pressed?: boolean;
  className?: string;
  /** Shows the label beside the icon too (CSS may still hide it on narrow screens; the name stays). */
  showLabel?: boolean;
  disabled?: boolean;
}

/** A button with an icon (44 px target), an aria-label and a tooltip. */
export function IconButton({ label, icon, onClick, pressed, className, showLabel, disabled }: IconButtonProps) {
  return (
    <button
      type="button"
      className={`icon-button${showLabel ? ' with-label' : ''}${className ? ` ${className}` : ''}`}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {icon}
      {showLabel && <span className="icon-button-label">{label}</span>}
    </button>
  );
}
