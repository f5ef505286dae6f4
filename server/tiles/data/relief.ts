/**
 * A hand-made relief model of Slovenia and its surroundings: each entry is a mountain
 * range (or plateau, or basin uplift) along an axis at its approximate real position.
 * Elevation = 100 m + Σ h·exp(-(d/w)^p), d the distance to the axis; noise adds the peaks.
 */

/** One relief feature. */
export interface ReliefFeature {
  name: string;
  /** Axis as flat [lon, lat, ...]: one point (a massif) or a polyline (a range). */
  axis: number[];
  /** Half-width in km. */
  w: number;
  /** Height added at the axis, in metres. */
  h: number;
  /** Roughness 0..1: how much noise relief (1 = alpine ridges, 0 = smooth plain). */
  r: number;
  /** Shape exponent: 2 a rounded range, 3–4 a flat-topped plateau. */
  p?: number;
}

/** Elevation of the lowlands the features sit on, in metres. */
export const BASE_ELEVATION = 100;

/** The relief features (lon, lat order). */
export const RELIEF: ReliefFeature[] = [
  // Broad uplifts that set the regional level.
  { name: 'Alpe (širše)', axis: [12.0, 46.9, 13.0, 47.0, 14.0, 47.1, 15.0, 47.3], w: 45, h: 500, r: 0.3 },
  { name: 'Osrednja Slovenija', axis: [14.3, 46.1, 14.9, 46.05], w: 40, h: 200, r: 0.1 },
  {
    name: 'Dinarsko gorstvo (širše)',
    axis: [14.3, 45.75, 14.8, 45.55, 15.3, 45.3, 16.0, 44.8, 17.2, 44.2],
    w: 35,
    h: 250,
    r: 0.25,
  },
  { name: 'Celovška kotlina', axis: [14.0, 46.65, 14.6, 46.68], w: 25, h: 100, r: 0.1 },
  // Julian Alps.
  { name: 'Julijske Alpe', axis: [13.42, 46.37, 13.62, 46.42, 13.84, 46.38], w: 7, h: 1800, r: 1 },
  { name: 'Triglav', axis: [13.837, 46.378], w: 3, h: 500, r: 1 },
  { name: 'Kanin', axis: [13.47, 46.36], w: 4, h: 400, r: 1 },
  { name: 'Mangart', axis: [13.645, 46.443], w: 3, h: 350, r: 1 },
  { name: 'Krnsko pogorje', axis: [13.58, 46.29, 13.72, 46.25], w: 3.5, h: 900, r: 0.9 },
  { name: 'Spodnje Bohinjske gore', axis: [13.72, 46.235, 14.0, 46.23], w: 3, h: 900, r: 0.8 },
  { name: 'Zahodne Julijske Alpe', axis: [13.15, 46.43, 13.42, 46.41], w: 7, h: 1300, r: 1 },
  { name: 'Pokljuka', axis: [13.92, 46.34, 14.0, 46.33], w: 4.5, h: 900, r: 0.4, p: 3 },
  { name: 'Mežakla', axis: [14.0, 46.415, 14.05, 46.405], w: 3, h: 700, r: 0.4, p: 3 },
  { name: 'Jelovica', axis: [14.05, 46.27, 14.18, 46.27], w: 4.5, h: 900, r: 0.4, p: 3 },
  // Karavanke, Kamnik–Savinja Alps and the north.
  {
    name: 'Karavanke',
    axis: [13.7, 46.52, 14.0, 46.46, 14.2, 46.43, 14.45, 46.42, 14.7, 46.47, 14.85, 46.49],
    w: 3.5,
    h: 1300,
    r: 0.9,
  },
  { name: 'Kamniško-Savinjske Alpe', axis: [14.45, 46.36, 14.55, 46.365, 14.7, 46.37], w: 4.5, h: 1600, r: 1 },
  { name: 'Grintovec', axis: [14.536, 46.357], w: 2.5, h: 400, r: 1 },
  { name: 'Raduha in Smrekovec', axis: [14.8, 46.42, 14.95, 46.43], w: 5, h: 900, r: 0.6 },
  { name: 'Uršlja gora', axis: [14.96, 46.485], w: 4, h: 900, r: 0.6 },
  { name: 'Pohorje', axis: [15.15, 46.5, 15.35, 46.51, 15.55, 46.5], w: 8, h: 1100, r: 0.5 },
  { name: 'Kozjak', axis: [15.2, 46.63, 15.55, 46.64], w: 4, h: 700, r: 0.5 },
  { name: 'Golte in Menina', axis: [14.85, 46.3, 15.0, 46.27], w: 4, h: 900, r: 0.5, p: 3 },
  { name: 'Paški Kozjak in Konjiška gora', axis: [15.25, 46.36, 15.45, 46.33], w: 4, h: 600, r: 0.5 },
  { name: 'Boč in Donačka gora', axis: [15.55, 46.29, 15.75, 46.26, 15.95, 46.22], w: 4, h: 550, r: 0.5 },
  // Pre-Alpine hills.
  {
    name: 'Škofjeloško in Polhograjsko hribovje',
    axis: [13.95, 46.17, 14.1, 46.15, 14.25, 46.1, 14.35, 46.05],
    w: 7,
    h: 600,
    r: 0.6,
  },
  { name: 'Blegoš', axis: [14.11, 46.16], w: 3, h: 500, r: 0.7 },
  { name: 'Cerkljansko in Idrijsko hribovje', axis: [13.85, 46.12, 14.0, 46.03], w: 7, h: 600, r: 0.6 },
  { name: 'Posavsko hribovje', axis: [14.65, 46.12, 14.9, 46.1, 15.1, 46.08, 15.35, 46.05], w: 8, h: 650, r: 0.6 },
  { name: 'Kum', axis: [15.075, 46.088], w: 3, h: 400, r: 0.7 },
  { name: 'Bohor in Orlica', axis: [15.4, 46.06, 15.55, 46.0], w: 5, h: 550, r: 0.5 },
  { name: 'Dolenjsko gričevje', axis: [14.7, 45.92, 15.0, 45.88, 15.3, 45.95], w: 10, h: 300, r: 0.5 },
  { name: 'Haloze', axis: [15.75, 46.32, 16.05, 46.3], w: 5, h: 250, r: 0.4 },
  { name: 'Slovenske gorice', axis: [15.7, 46.6, 15.95, 46.58, 16.1, 46.5], w: 9, h: 150, r: 0.3 },
  { name: 'Goričko', axis: [16.0, 46.82, 16.2, 46.8], w: 7, h: 150, r: 0.3 },
  { name: 'Goriška brda', axis: [13.55, 46.02], w: 5, h: 200, r: 0.4 },
  // Dinaric karst plateaus.
  {
    name: 'Trnovski gozd in Banjšice',
    axis: [13.65, 46.08, 13.75, 46.0, 13.9, 45.97, 14.05, 45.93],
    w: 6,
    h: 850,
    r: 0.5,
    p: 3,
  },
  { name: 'Nanos in Hrušica', axis: [14.05, 45.8, 14.15, 45.86], w: 4, h: 800, r: 0.5, p: 3 },
  {
    name: 'Javorniki in Snežnik',
    axis: [14.3, 45.71, 14.36, 45.66, 14.44, 45.59, 14.55, 45.52],
    w: 6,
    h: 850,
    r: 0.5,
    p: 3,
  },
  { name: 'Snežnik', axis: [14.442, 45.589], w: 3, h: 500, r: 0.7 },
  { name: 'Bloke', axis: [14.5, 45.78], w: 6, h: 500, r: 0.4, p: 3 },
  {
    name: 'Velika gora in Kočevski Rog',
    axis: [14.65, 45.72, 14.8, 45.62, 14.95, 45.65, 15.1, 45.68],
    w: 7,
    h: 700,
    r: 0.5,
    p: 3,
  },
  { name: 'Gorjanci in Žumberak', axis: [15.18, 45.72, 15.35, 45.76, 15.5, 45.77], w: 5, h: 800, r: 0.6 },
  { name: 'Brkini', axis: [14.05, 45.62, 14.25, 45.6], w: 5, h: 450, r: 0.4 },
  { name: 'Kras', axis: [13.6, 45.8, 13.85, 45.72, 14.0, 45.65], w: 7, h: 350, r: 0.3, p: 3 },
  { name: 'Slavnik in Čičarija', axis: [13.95, 45.53, 14.1, 45.48], w: 4, h: 550, r: 0.6 },
  { name: 'Istrsko flišno gričevje', axis: [13.65, 45.46, 13.85, 45.45], w: 9, h: 250, r: 0.4 },
  // Neighbours.
  { name: 'Karnijske Alpe', axis: [12.5, 46.62, 13.0, 46.58, 13.4, 46.55], w: 8, h: 1700, r: 1 },
  { name: 'Ziljske Alpe', axis: [12.9, 46.7, 13.7, 46.6], w: 5, h: 1200, r: 0.8 },
  { name: 'Visoke Ture', axis: [12.3, 47.05, 12.9, 47.05, 13.4, 47.05], w: 20, h: 2000, r: 1 },
  { name: 'Krške Alpe', axis: [13.7, 46.85, 14.2, 46.9], w: 15, h: 1000, r: 0.5 },
  { name: 'Nizke Ture', axis: [13.5, 47.3, 14.6, 47.35], w: 15, h: 1700, r: 0.8 },
  { name: 'Svinška planina', axis: [14.65, 46.85], w: 10, h: 1300, r: 0.6 },
  { name: 'Golica (Koralpe)', axis: [14.95, 46.85, 15.0, 46.7], w: 8, h: 1500, r: 0.6 },
  { name: 'Štajerske Predalpe', axis: [14.8, 47.2, 15.3, 47.25], w: 12, h: 1200, r: 0.6 },
  { name: 'Furlanske Predalpe', axis: [12.4, 46.2, 12.9, 46.25, 13.3, 46.25], w: 10, h: 1200, r: 0.8 },
  { name: 'Dolomiti', axis: [11.8, 46.5, 12.3, 46.5], w: 20, h: 2000, r: 1 },
  { name: 'Gorski kotar', axis: [14.5, 45.45, 14.8, 45.4, 15.0, 45.3], w: 12, h: 900, r: 0.5, p: 3 },
  { name: 'Risnjak', axis: [14.61, 45.43], w: 3, h: 500, r: 0.8 },
  { name: 'Učka', axis: [14.05, 45.45, 14.2, 45.28], w: 5, h: 900, r: 0.7 },
  { name: 'Kapela', axis: [15.0, 45.15, 15.4, 44.95], w: 10, h: 900, r: 0.6 },
  { name: 'Velebit', axis: [14.95, 44.9, 15.3, 44.6, 15.6, 44.3], w: 8, h: 1300, r: 0.8 },
  { name: 'Medvednica', axis: [15.9, 45.9, 16.05, 45.95], w: 4, h: 800, r: 0.6 },
  { name: 'Ivanščica', axis: [16.1, 46.18], w: 5, h: 800, r: 0.6 },
  { name: 'Bosanska Krajina', axis: [16.5, 45.0, 17.5, 44.6], w: 30, h: 600, r: 0.5 },
  // Europe's main ranges, coarsely, so small-scale tiles are not flat beyond the region.
  { name: 'Zahodne Alpe', axis: [6.5, 45.0, 7.5, 46.0, 8.5, 46.5, 10.0, 46.6, 11.5, 46.8], w: 55, h: 1500, r: 0.9 },
  { name: 'Apenini', axis: [8.5, 44.3, 11.0, 44.0, 13.0, 42.5, 15.0, 41.0, 16.0, 39.5], w: 45, h: 800, r: 0.6 },
  { name: 'Južni Dinaridi', axis: [16.5, 44.0, 18.0, 43.5, 19.5, 42.5, 20.5, 41.5], w: 75, h: 900, r: 0.7 },
  {
    name: 'Karpati',
    axis: [17.5, 48.8, 20.0, 49.3, 22.5, 49.0, 24.5, 47.5, 25.5, 46.0, 24.0, 45.5, 22.0, 45.3],
    w: 60,
    h: 800,
    r: 0.6,
  },
  { name: 'Schwarzwald', axis: [8.2, 48.2], w: 60, h: 500, r: 0.4 },
  { name: 'Češki gozd', axis: [12.5, 49.5, 13.5, 49.0, 14.5, 48.7], w: 60, h: 500, r: 0.4 },
  { name: 'Balkansko gorstvo in Rodopi', axis: [22.0, 42.5, 24.5, 42.7, 26.0, 42.6], w: 70, h: 800, r: 0.6 },
  { name: 'Pireneji', axis: [-1.0, 42.8, 1.0, 42.6, 3.0, 42.5], w: 45, h: 1300, r: 0.9 },
];
