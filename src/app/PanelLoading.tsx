import { sl } from '../i18n/sl.ts';

/**
 * Shown at once in the panel's place while a panel's code loads (the report form and the
 * download screen are separate chunks): a tap always answers within a frame.
 */
export function PanelLoading() {
  return (
    <div className="panel panel-loading" role="status" aria-live="polite">
      <div className="spinner" aria-hidden />
      <p>{sl.loading}</p>
    </div>
  );
}
