import type { Style } from 'ol/style.js';
import { toOlStyle } from '../../../../mapscene/layers/symbology.ts';

/** A symbology rule's circle marker (7 px, white outline) in `color`, as the layers' tests style finds. */
export const circle = (color: string): Style =>
  toOlStyle({ marker: { type: 'circle', radius: 7, fill: { color }, stroke: { color: '#FFFFFF', width: 2 } } });
