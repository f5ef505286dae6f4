/** Lakes drawn by hand (the land data leaves small lakes out), as rings of [lon, lat, ...]. */

/** One lake. */
export interface Lake {
  name: string;
  /** Intermittent (Cerkniško jezero): drawn lighter, dashed. */
  seasonal?: boolean;
  /** Water level in metres (the relief model is flattened to it around the lake). */
  level: number;
  ring: number[];
  /** Islands as rings of [lon, lat, ...]. */
  islands?: number[][];
}

/** An elliptical ring of n points around (lon, lat) with radii in metres. */
function ellipse(lon: number, lat: number, rxM: number, ryM: number, n = 12): number[] {
  const out: number[] = [];
  const kx = 111320 * Math.cos((lat * Math.PI) / 180);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    out.push(lon + (Math.cos(a) * rxM) / kx, lat + (Math.sin(a) * ryM) / 110570);
  }
  return out;
}

/** The lakes. */
export const LAKES: Lake[] = [
  {
    name: 'Blejsko jezero',
    level: 475,
    islands: [ellipse(14.0903, 46.3618, 60, 45)],
    ring: [
      14.0806, 46.3628, 14.083, 46.3665, 14.088, 46.368, 14.095, 46.3688, 14.101, 46.3683, 14.104, 46.366, 14.1042,
      46.3625, 14.1005, 46.359, 14.094, 46.3577, 14.087, 46.3582, 14.0825, 46.36,
    ],
  },
  {
    name: 'Bohinjsko jezero',
    level: 525,
    ring: [
      13.8425, 46.2865, 13.847, 46.2905, 13.856, 46.2915, 13.87, 46.2895, 13.884, 46.286, 13.893, 46.2835, 13.8965,
      46.2795, 13.891, 46.2772, 13.877, 46.2773, 13.862, 46.2792, 13.85, 46.2818,
    ],
  },
  {
    name: 'Cerkniško jezero',
    seasonal: true,
    level: 550,
    ring: [
      14.345, 45.775, 14.37, 45.778, 14.395, 45.77, 14.42, 45.755, 14.445, 45.738, 14.44, 45.722, 14.415, 45.728, 14.39,
      45.742, 14.365, 45.752, 14.345, 45.762,
    ],
  },
  {
    name: 'Ptujsko jezero',
    level: 220,
    ring: [
      15.835, 46.4165, 15.86, 46.414, 15.885, 46.408, 15.91, 46.405, 15.935, 46.4025, 15.936, 46.398, 15.91, 46.399,
      15.885, 46.4025, 15.86, 46.408, 15.835, 46.412,
    ],
  },
  {
    name: 'Šaleško jezero',
    level: 370,
    ring: [15.05, 46.377, 15.062, 46.382, 15.078, 46.38, 15.088, 46.374, 15.08, 46.369, 15.064, 46.37],
  },
  {
    name: 'Zbiljsko jezero',
    level: 330,
    ring: [14.395, 46.16, 14.405, 46.163, 14.415, 46.158, 14.41, 46.152, 14.4, 46.154],
  },
];
