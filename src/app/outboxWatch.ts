import { askToKeepData } from '../state/persistence.ts';
import { listenForBackgroundSync, registerOutboxSync } from './backgroundSync.ts';

/** What the page does while changes wait: asks the browser to keep the data, and registers the background sync. */
export function watchOutbox(waiting: boolean): void {
  if (waiting) void askToKeepData();
  registerOutboxSync(waiting);
}

export { listenForBackgroundSync };
