import { core } from '../core.ts';
import { online } from '../state/online.ts';

/** A stored tile when offline (a worker round trip that online loading need not pay), else null. */
export function storedTile(url: string): Promise<Blob | null> {
  return online.peek() ? Promise.resolve(null) : core.getTile(url);
}
