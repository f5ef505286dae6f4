import { hash2 } from '../math/noise.ts';
import { smoothstep } from '../terrain/cover.ts';
import { colours, TOWN_ROOFS, VILLAGE_ROOFS, mixInto } from './palettes.ts';

/** Streets, yards, parks and the mean roof colours. */
const C = colours('urban');
/** Street block cells: each 400 m cell has its own street grid direction. */
const CELL = 400;

/**
 * The colour of a built-up pixel at (x, y) metres into out: streets in a grid whose
 * direction changes from block to block, lots with one house each (red and grey roofs)
 * and a yard — green gardens where `green` is high (villages), paved in town centres.
 * `park` 0..1 turns lots into trees and lawn. Details smaller than ~2 px blend into their
 * mean, so every zoom shows the same tone.
 */
export function urbanColour(x: number, y: number, perPx: number, green: number, park: number, out: Float32Array): void {
  const gy = Math.min(1, green * 2);
  const village = green > 0.3;
  const ROOF_MEAN = village ? C.villageMean : C.townMean;
  const ROOFS = village ? VILLAGE_ROOFS : TOWN_ROOFS;
  // Lot size in metres and the share of it the building covers; street width.
  const LOT = village ? 24 : 42;
  const HOUSE_FILL = village ? 0.45 : 0.55;
  const STREET_W = village ? 7 : 11;
  const yr = C.paved[0] + (C.garden[0] - C.paved[0]) * gy,
    yg = C.paved[1] + (C.garden[1] - C.paved[1]) * gy,
    yb = C.paved[2] + (C.garden[2] - C.paved[2]) * gy;
  const lotR = ROOF_MEAN[0] * HOUSE_FILL + yr * (1 - HOUSE_FILL);
  const lotG = ROOF_MEAN[1] * HOUSE_FILL + yg * (1 - HOUSE_FILL);
  const lotB = ROOF_MEAN[2] * HOUSE_FILL + yb * (1 - HOUSE_FILL);
  const ci = Math.floor(x / CELL),
    cj = Math.floor(y / CELL);
  const su = (village ? 70 : 100) + 50 * hash2(ci, cj, 612),
    sv = (village ? 90 : 130) + 70 * hash2(ci, cj, 613);
  const st = STREET_W / su + STREET_W / sv;
  let cr = C.street[0] * st + lotR * (1 - st),
    cg = C.street[1] * st + lotG * (1 - st),
    cb = C.street[2] * st + lotB * (1 - st);
  const kStreet = smoothstep(1.5, 5, su / perPx);
  if (kStreet > 0) {
    const a = hash2(ci, cj, 611) * (Math.PI / 2);
    const ca = Math.cos(a),
      sa = Math.sin(a);
    const u = x * ca + y * sa,
      v = -x * sa + y * ca;
    const lu = Math.floor(u / su),
      lv = Math.floor(v / sv);
    const fu = u - lu * su,
      fv = v - lv * sv;
    let tr: number, tg: number, tb: number;
    if (fu < STREET_W || fv < STREET_W) {
      tr = C.street[0];
      tg = C.street[1];
      tb = C.street[2];
    } else {
      const kHouse = smoothstep(1.2, 4, LOT / perPx);
      const bu = Math.floor((fu - STREET_W) / LOT),
        bv = Math.floor((fv - STREET_W) / LOT);
      const ou = (fu - STREET_W) / LOT - bu,
        ov = (fv - STREET_W) / LOT - bv;
      const side = Math.sqrt(HOUSE_FILL);
      const house =
        ou > 0.12 &&
        ou < 0.12 + side &&
        ov > 0.2 &&
        ov < 0.2 + side &&
        hash2(lu * 31 + bu, lv * 17 + bv, 614) > green * 0.5;
      let hr = yr,
        hg = yg,
        hb = yb;
      if (house) {
        const roof = ROOFS[Math.floor(hash2(bu + lu * 5, bv + lv * 3, 615) * ROOFS.length)]!;
        hr = roof[0];
        hg = roof[1];
        hb = roof[2];
      }
      const k = kHouse * 0.8;
      tr = lotR + (hr - lotR) * k;
      tg = lotG + (hg - lotG) * k;
      tb = lotB + (hb - lotB) * k;
    }
    cr += (tr - cr) * kStreet;
    cg += (tg - cg) * kStreet;
    cb += (tb - cb) * kStreet;
  }
  mixInto(out, cr, cg, cb, C.park, park);
}
