import type { LayerLoadProgress } from '../api.ts';

/**
 * A full load's progress for the UI, passed on once per whole percent (or per 256 KB when the total
 * is not known), so that a long load shows how far it is without a message per chunk.
 */
export function progressSteps(tell: (p: LayerLoadProgress) => void): (p: LayerLoadProgress) => void {
  let last = -1;
  return (p) => {
    const step = p.total ? Math.floor((p.received * 100) / p.total) : Math.floor(p.received / 262_144);
    if (step === last) return;
    last = step;
    tell(p);
  };
}
