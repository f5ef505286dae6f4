/** Towns and peaks labelled on the topographic layer (approximate positions, lon/lat). */

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
export const TOWNS: Town[] = [
  { name: 'Ljubljana', lon: 14.5058, lat: 46.0514, pop: 285000, minZoom: 6 },
  { name: 'Maribor', lon: 15.6459, lat: 46.5547, pop: 97000, minZoom: 7 },
  { name: 'Celje', lon: 15.2677, lat: 46.2397, pop: 38000, minZoom: 8 },
  { name: 'Kranj', lon: 14.3556, lat: 46.2389, pop: 38000, minZoom: 8 },
  { name: 'Koper', lon: 13.7302, lat: 45.5481, pop: 26000, minZoom: 8 },
  { name: 'Velenje', lon: 15.1103, lat: 46.3592, pop: 25000, minZoom: 8, side: 'left' },
  { name: 'Novo mesto', lon: 15.171, lat: 45.8011, pop: 24000, minZoom: 8 },
  { name: 'Ptuj', lon: 15.8697, lat: 46.4199, pop: 18000, minZoom: 8 },
  { name: 'Nova Gorica', lon: 13.6483, lat: 45.9558, pop: 13000, minZoom: 8 },
  { name: 'Murska Sobota', lon: 16.1664, lat: 46.6625, pop: 11000, minZoom: 8 },
  { name: 'Trbovlje', lon: 15.0533, lat: 46.155, pop: 14000, minZoom: 9 },
  { name: 'Kamnik', lon: 14.6121, lat: 46.2259, pop: 14000, minZoom: 9 },
  { name: 'Jesenice', lon: 14.0526, lat: 46.4367, pop: 13000, minZoom: 9 },
  { name: 'Domžale', lon: 14.594, lat: 46.1382, pop: 13000, minZoom: 10 },
  { name: 'Škofja Loka', lon: 14.3064, lat: 46.1655, pop: 12000, minZoom: 10, side: 'left' },
  { name: 'Izola', lon: 13.6604, lat: 45.5395, pop: 11000, minZoom: 10, side: 'below' },
  { name: 'Postojna', lon: 14.2137, lat: 45.7759, pop: 9500, minZoom: 9 },
  { name: 'Logatec', lon: 14.2258, lat: 45.9144, pop: 9000, minZoom: 10, side: 'left' },
  { name: 'Kočevje', lon: 14.8633, lat: 45.643, pop: 8000, minZoom: 9 },
  { name: 'Vrhnika', lon: 14.2931, lat: 45.9624, pop: 8000, minZoom: 10 },
  { name: 'Slovenj Gradec', lon: 15.0806, lat: 46.5103, pop: 7500, minZoom: 9 },
  { name: 'Krško', lon: 15.4917, lat: 45.959, pop: 7000, minZoom: 9, side: 'left' },
  { name: 'Ravne na Koroškem', lon: 14.9642, lat: 46.5437, pop: 7000, minZoom: 10, side: 'left' },
  { name: 'Zagorje ob Savi', lon: 14.9964, lat: 46.1342, pop: 7000, minZoom: 10, side: 'left' },
  { name: 'Grosuplje', lon: 14.6586, lat: 45.9556, pop: 7000, minZoom: 10 },
  { name: 'Brežice', lon: 15.5911, lat: 45.9033, pop: 6700, minZoom: 9 },
  { name: 'Ajdovščina', lon: 13.9094, lat: 45.887, pop: 6700, minZoom: 9 },
  { name: 'Radovljica', lon: 14.1744, lat: 46.3444, pop: 6000, minZoom: 10 },
  { name: 'Litija', lon: 14.8222, lat: 46.0587, pop: 6000, minZoom: 10 },
  { name: 'Idrija', lon: 14.0303, lat: 46.0028, pop: 5800, minZoom: 9 },
  { name: 'Črnomelj', lon: 15.1889, lat: 45.5712, pop: 5600, minZoom: 9 },
  { name: 'Žalec', lon: 15.165, lat: 46.2514, pop: 5000, minZoom: 10, side: 'left' },
  { name: 'Sevnica', lon: 15.3153, lat: 46.0086, pop: 5000, minZoom: 10 },
  { name: 'Sežana', lon: 13.8733, lat: 45.7092, pop: 5000, minZoom: 9 },
  { name: 'Bled', lon: 14.1146, lat: 46.3683, pop: 5000, minZoom: 9, side: 'left' },
  { name: 'Ilirska Bistrica', lon: 14.2406, lat: 45.5679, pop: 4500, minZoom: 10 },
  { name: 'Trebnje', lon: 15.021, lat: 45.904, pop: 4000, minZoom: 10 },
  { name: 'Cerknica', lon: 14.3633, lat: 45.7936, pop: 4000, minZoom: 10 },
  { name: 'Piran', lon: 13.5683, lat: 45.5283, pop: 3800, minZoom: 10, side: 'left' },
  { name: 'Ribnica', lon: 14.7275, lat: 45.7386, pop: 3500, minZoom: 10 },
  { name: 'Ljutomer', lon: 16.1975, lat: 46.5208, pop: 3400, minZoom: 10 },
  { name: 'Tolmin', lon: 13.7333, lat: 46.1833, pop: 3400, minZoom: 9 },
  { name: 'Lendava', lon: 16.4503, lat: 46.5647, pop: 3000, minZoom: 10 },
  { name: 'Bovec', lon: 13.5522, lat: 46.3378, pop: 1600, minZoom: 10 },
  { name: 'Kranjska Gora', lon: 13.7857, lat: 46.4845, pop: 1500, minZoom: 10 },
  { name: 'Bohinjska Bistrica', lon: 13.955, lat: 46.2736, pop: 1800, minZoom: 11 },
  { name: 'Kobarid', lon: 13.5808, lat: 46.2472, pop: 1200, minZoom: 11 },
  { name: 'Mozirje', lon: 14.9631, lat: 46.3394, pop: 2000, minZoom: 11 },
  { name: 'Medvode', lon: 14.4117, lat: 46.1422, pop: 5000, minZoom: 11 },
  { name: 'Trst', lon: 13.7768, lat: 45.6495, pop: 200000, minZoom: 8, foreign: true, side: 'left' },
  { name: 'Gorica', lon: 13.6217, lat: 45.9409, pop: 34000, minZoom: 9, foreign: true, side: 'left' },
  { name: 'Videm', lon: 13.2346, lat: 46.0711, pop: 100000, minZoom: 8, foreign: true },
  { name: 'Celovec', lon: 14.3053, lat: 46.6247, pop: 100000, minZoom: 8, foreign: true },
  { name: 'Beljak', lon: 13.8558, lat: 46.6111, pop: 62000, minZoom: 8, foreign: true },
  { name: 'Gradec', lon: 15.4395, lat: 47.0707, pop: 290000, minZoom: 7, foreign: true },
  { name: 'Zagreb', lon: 15.9819, lat: 45.815, pop: 770000, minZoom: 6, foreign: true },
  { name: 'Reka', lon: 14.4422, lat: 45.3271, pop: 108000, minZoom: 8, foreign: true },
  { name: 'Varaždin', lon: 16.3366, lat: 46.3057, pop: 45000, minZoom: 8, foreign: true },
  { name: 'Karlovec', lon: 15.5553, lat: 45.4929, pop: 50000, minZoom: 8, foreign: true },
];

/** Named peaks (topographic layer, larger zooms). */
export const PEAKS: Peak[] = [
  { name: 'Triglav', lon: 13.8367, lat: 46.3783, ele: 2864, minZoom: 10 },
  { name: 'Mangart', lon: 13.6436, lat: 46.4428, ele: 2679, minZoom: 11 },
  { name: 'Kanin', lon: 13.469, lat: 46.359, ele: 2587, minZoom: 11 },
  { name: 'Grintovec', lon: 14.5356, lat: 46.3575, ele: 2558, minZoom: 10 },
  { name: 'Krn', lon: 13.6583, lat: 46.2667, ele: 2244, minZoom: 11 },
  { name: 'Stol', lon: 14.1756, lat: 46.4339, ele: 2236, minZoom: 11 },
  { name: 'Peca', lon: 14.7731, lat: 46.4897, ele: 2125, minZoom: 11 },
  { name: 'Snežnik', lon: 14.4417, lat: 45.5889, ele: 1796, minZoom: 10 },
  { name: 'Črni vrh', lon: 15.2233, lat: 46.4833, ele: 1543, minZoom: 11 },
  { name: 'Kum', lon: 15.0758, lat: 46.0872, ele: 1220, minZoom: 11 },
  { name: 'Trdinov vrh', lon: 15.3244, lat: 45.7592, ele: 1178, minZoom: 11 },
  { name: 'Nanos', lon: 14.0667, lat: 45.7833, ele: 1262, minZoom: 11 },
  { name: 'Slavnik', lon: 13.9747, lat: 45.5336, ele: 1028, minZoom: 11 },
];
