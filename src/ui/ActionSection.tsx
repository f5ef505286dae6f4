import type { ReactNode } from 'react';

/** Props of ActionSection. */
export interface ActionSectionProps {
  /** The prefix of its element ids: `{id}-title`, `{id}-hint`, and the status's test id `{id}-status`. */
  id: string;
  /** Its title and the hint below it (a section of sl.ts). */
  texts: { title: string; hint: string };
  /** What the action is doing or did (announced politely; '' for nothing), and whether that is a failure (shown as an error). */
  status: { message: string; failed: boolean };
  className?: string;
  /** The buttons; each may refer to the hint with aria-describedby `{id}-hint`. */
  children: ReactNode;
}

/**
 * A titled group of buttons that fetch something (the map's export, one's own data): its title,
 * a hint, the buttons and a status line that a screen reader hears as it changes.
 */
export function ActionSection({ id, texts, status, className, children }: ActionSectionProps) {
  return (
    <div className={className} role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="field-label" style={{ margin: 0 }}>
        {texts.title}
      </h3>
      <p className="field-hint" id={`${id}-hint`}>
        {texts.hint}
      </p>
      <div className="button-row">{children}</div>
      <p
        className={status.failed ? 'field-error' : 'field-hint'}
        role="status"
        aria-live="polite"
        data-testid={`${id}-status`}
      >
        {status.message}
      </p>
    </div>
  );
}
