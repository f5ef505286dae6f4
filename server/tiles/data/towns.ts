/** Towns and peaks labelled on the topographic layer (approximate positions, lon/lat), read from towns.json. */
import data from './towns.json' with { type: 'json' };

/** Where a label sits relative to its point. */
export type LabelSide = 'right' | 'left' | 'above' | 'below';

/** One town. */
export interface Town {
  name: string;
  lon: number;
  lat: number;
  /** Approximate population, sets the built-up area's size. */
  pop: number;
  /** First zoom level at which the name is shown. */
  minZoom: number;
  /** Outside Slovenia: drawn in grey, no built-up area of its own beyond the label zooms. */
  foreign?: boolean;
  side?: LabelSide;
}

/** One named peak. */
export interface Peak {
  name: string;
  lon: number;
  lat: number;
  ele: number;
  minZoom: number;
}

/** The towns, largest first. */
export const TOWNS: Town[] = data.towns as Town[];

/** Named peaks (topographic layer, larger zooms). */
export const PEAKS: Peak[] = data.peaks;
