/** Where the app's version is kept in local storage. */
export const VERSION_KEY = 'sporoci-vrsto.version';

/**
 * At start: when the stored version differs from `current` or is absent, local
 * storage is cleared and the version saved. Returns true when it cleared.
 */
export function checkStoredVersion(storage: Storage, current: string): boolean {
  if (storage.getItem(VERSION_KEY) === current) return false;
  try {
    storage.clear();
    storage.setItem(VERSION_KEY, current);
  } catch (e) {
    console.error('Local storage is not writable', e);
  }
  return true;
}
