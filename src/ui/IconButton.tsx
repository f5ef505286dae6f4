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
  /** A tooltip other than the label (the accessible name stays the label). */
  title?: string;
  /** A count shown as a small badge on the icon (0 = none), e.g. new notifications. */
  count?: number;
  /** The count in words, added to the accessible name while the count shows. */
  countLabel?: string;
}

/** A button with an icon (44 px target), an aria-label and a tooltip. */
export function IconButton({
  label,
  icon,
  onClick,
  pressed,
  className,
  showLabel,
  disabled,
  title,
  count = 0,
  countLabel,
}: IconButtonProps) {
  const name = count > 0 && countLabel ? `${label}: ${countLabel}` : label;
  return (
    <button
      type="button"
      className={`icon-button${showLabel ? ' with-label' : ''}${className ? ` ${className}` : ''}`}
      aria-label={name}
      aria-pressed={pressed}
      title={title ?? name}
      onClick={onClick}
      disabled={disabled}
    >
      {icon}
      {count > 0 && (
        <span className="count-badge" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
      {showLabel && <span className="icon-button-label">{label}</span>}
    </button>
  );
}
