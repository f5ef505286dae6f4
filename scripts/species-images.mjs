#!/usr/bin/env node
// Generates the offline species illustrations in public/species/:
//   {id}.svg          main illustration (320×240, group-colour tinted background)
//   {id}-znaki.svg    identification card with labelled key marks
//   {id}-habitat.svg  habitat scene with caption and months
//   other-{key}.svg   neutral grey generic silhouette for each group's "other" entry
// Plain Node, no dependencies. Run: node scripts/species-images.mjs
// Output is deterministic (seeded randomness), so re-running gives identical files.
import { readFileSync, writeFileSync } from 'node:fs';

const OUT = new URL('../public/species/', import.meta.url);
const catalogue = JSON.parse(readFileSync(new URL('catalogue.json', OUT), 'utf8'));
const FONT = 'system-ui, sans-serif';
const W = 320;
const H = 240;

// ---------------------------------------------------------------- helpers
const r1 = (v) => Math.round(v * 10) / 10;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const P = (pts) => pts.map(([x, y], i) => `${i ? 'L' : 'M'}${r1(x)} ${r1(y)}`).join('') + 'Z';
const mirror = (s, cx = 160) => `<g transform="matrix(-1 0 0 1 ${2 * cx} 0)">${s}</g>`;
const sym = (s, cx = 160) => s + mirror(s, cx);

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Smooth closed outline around a centreline (points [x, y, halfWidth]).
function tube(pts) {
  const L = [];
  const R = [];
  for (let i = 0; i < pts.length; i++) {
    const [x, y, w] = pts[i];
    const a = pts[Math.max(0, i - 1)];
    const b = pts[Math.min(pts.length - 1, i + 1)];
    let dx = b[0] - a[0];
    let dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    dx /= len;
    dy /= len;
    L.push([x - dy * w, y + dx * w]);
    R.push([x + dy * w, y - dx * w]);
  }
  const ring = [...L, ...R.reverse()];
  return smooth(ring);
}

// Catmull-Rom → cubic Bézier for a closed polygon.
function smooth(ring) {
  const n = ring.length;
  let d = `M${r1(ring[0][0])} ${r1(ring[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = ring[(i - 1 + n) % n];
    const p1 = ring[i];
    const p2 = ring[(i + 1) % n];
    const p3 = ring[(i + 2) % n];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${r1(c1[0])} ${r1(c1[1])} ${r1(c2[0])} ${r1(c2[1])} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return d + 'Z';
}

function star(cx, cy, n, R, r, rot = 0, jitter = 0, seed = 1) {
  const rand = rng(seed);
  const pts = [];
  for (let i = 0; i < n * 2; i++) {
    const a = rot + (i * Math.PI) / n;
    const rr = (i % 2 ? r : R) * (1 + (rand() - 0.5) * jitter);
    pts.push([cx + Math.sin(a) * rr, cy - Math.cos(a) * rr]);
  }
  return P(pts);
}

const el = (cx, cy, rx, ry, fill, extra = '') =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const circ = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const line = (d, stroke, w, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"${extra ? ' ' + extra : ''}/>`;
const sk = (c, w = 1.5) => `stroke="${c}" stroke-width="${w}" stroke-linejoin="round"`;

function spots(seed, n, box, rx, ry, fill, inside = () => true) {
  const rand = rng(seed);
  let s = '';
  let k = 0;
  for (let tries = 0; k < n && tries < n * 30; tries++) {
    const x = box[0] + rand() * (box[2] - box[0]);
    const y = box[1] + rand() * (box[3] - box[1]);
    if (!inside(x, y)) continue;
    const a = rx * (0.6 + rand() * 0.7);
    const b = ry * (0.6 + rand() * 0.7);
    s += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(a)}" ry="${r1(b)}" transform="rotate(${Math.round(rand() * 180)} ${r1(x)} ${r1(y)})"/>`;
    k++;
  }
  return `<g fill="${fill}">${s}</g>`;
}

function hexToRgb(hex) {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
function lum(hex) {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function mix(hex, with_, t) {
  const a = hexToRgb(hex);
  const b = hexToRgb(with_);
  return '#' + a.map((c, i) => Math.round(c + (b[i] - c) * t).toString(16).padStart(2, '0')).join('');
}

function svg(title, body, defs = '') {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">` +
    `<title>${esc(title)}</title>` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    `</svg>\n`
  );
}

// Soft background tinted with the group colour.
function backdrop(color) {
  return (
    `<rect width="${W}" height="${H}" fill="#fbfaf6"/>` +
    `<rect width="${W}" height="${H}" fill="${color}" fill-opacity=".13"/>` +
    el(160, 128, 150, 104, color, 'fill-opacity=".14"') +
    el(160, 222, 128, 12, color, 'fill-opacity=".22"')
  );
}

// ---------------------------------------------------------------- species drawings
// Each returns { g, defs } in the 320×240 frame; the subject fits roughly x 20–300, y 15–230.
const D = (g, defs = '') => ({ g, defs });

function leafRibbed(cx, cy, rx, ry, rot, fill, stroke) {
  let veins = '';
  for (const f of [-0.55, 0, 0.55]) {
    veins += `M${r1(f * rx)} ${r1(-ry * 0.85)}Q${r1(f * rx * 1.25)} 0 ${r1(f * rx)} ${r1(ry * 0.85)}`;
  }
  return (
    `<g transform="translate(${cx} ${cy}) rotate(${rot})">` +
    el(0, 0, rx, ry, fill, sk(stroke, 1.4)) +
    line(veins, stroke, 0.9, 'stroke-opacity=".55"') +
    `</g>`
  );
}

const drawings = {};

// lepi čeveljc – Cypripedium calceolus
drawings[1804] = () => {
  const maroon = '#6b1f2e';
  const ms = '#43121c';
  let g = line('M158 234C156 196 152 150 163 104', '#4d8a2c', 5);
  g += leafRibbed(134, 196, 17, 42, -32, '#6eae3f', '#3b7220');
  g += leafRibbed(186, 170, 15, 38, 36, '#78b848', '#3b7220');
  g += leafRibbed(143, 138, 11, 29, -28, '#6eae3f', '#3b7220');
  g += leafRibbed(180, 90, 6, 19, 38, '#78b848', '#3b7220'); // bract
  // synsepal behind the pouch
  g += path('M160 112C154 134 156 152 163 166C171 151 173 132 168 112Z', maroon, sk(ms, 1.2));
  // dorsal sepal
  g += path('M157 103C143 84 143 62 151 42C163 58 172 80 170 103Z', maroon, sk(ms, 1.2));
  // twisted lateral petals
  g += path('M158 104C146 104 136 112 128 122C122 130 116 134 108 136C102 142 96 148 88 152C96 144 100 138 104 130C112 126 118 120 124 112C134 100 146 96 160 98Z', maroon, sk(ms, 1.2));
  g += path('M170 104C182 104 192 112 200 122C206 130 212 134 220 136C226 142 232 148 240 152C232 144 228 138 224 130C216 126 210 120 204 112C194 100 182 96 168 98Z', maroon, sk(ms, 1.2));
  // yellow pouch (lip)
  g += el(164, 128, 24, 20, '#f4c71c', sk('#b88a08', 1.6));
  g += el(157, 121, 10, 6, '#fbe37c', 'fill-opacity=".85"');
  g += el(164, 110, 10, 4.5, '#a97c06');
  // staminode
  g += el(164, 107, 7, 4, '#f6dc62', sk('#b88a08', 0.8));
  g += `<g fill="#a8322a">${circ(161, 106, 1)}${circ(165, 108, 1)}${circ(168, 106, 0.9)}</g>`;
  return D(g);
};

// alpska možina – Eryngium alpinum
drawings[2044] = () => {
  const headDef = (seed) => {
    let g = '<g id="s2044h">';
    g += path(star(0, 20, 30, 64, 30, 0.05, 0.28, seed), '#5f82c9', sk('#2f4b8c', 1.3));
    g += path(star(0, 20, 22, 48, 22, 0.13, 0.3, seed + 7), '#84a2e3', sk('#3d5fa6', 1));
    let v = '';
    for (let i = 0; i < 30; i++) {
      const a = 0.05 + (i * Math.PI) / 15;
      v += `M0 20L${r1(Math.sin(a) * 56)} ${r1(20 - Math.cos(a) * 56)}`;
    }
    g += line(v, '#2f4b8c', 0.7, 'stroke-opacity=".45"');
    g += el(0, -6, 15, 27, '#4b63ad', sk('#2c3f7c', 1.3));
    let dots = '';
    for (let y = -28; y <= 16; y += 7) {
      for (let x = -12; x <= 12; x += 7) {
        const xx = x + ((y / 6) % 2 ? 3 : 0);
        if ((xx * xx) / 225 + ((y + 6) * (y + 6)) / 729 < 0.82) dots += circ(xx, y, 1.6, '#9fb6ec');
      }
    }
    g += dots + '</g>';
    return g;
  };
  let g = line('M160 236C160 200 158 160 160 112', '#5b8b8e', 5);
  g += line('M160 190C182 182 204 170 226 150', '#5b8b8e', 3.5);
  // basal heart-shaped toothed leaves
  const heart = 'M0 0C-10 -6 -30 -8 -34 -26C-36 -38 -24 -46 -12 -42C-6 -40 -2 -36 0 -32C2 -36 6 -40 12 -42C24 -46 36 -38 34 -26C30 -8 10 -6 0 0Z';
  g += `<g transform="translate(126 232) rotate(-35)">${path(heart, '#6c9a5a', sk('#3f6b35', 1.3))}${line('M0 -4L0 -34', '#3f6b35', 1)}</g>`;
  g += `<g transform="translate(194 234) rotate(32)">${path(heart, '#7aa866', sk('#3f6b35', 1.3))}${line('M0 -4L0 -34', '#3f6b35', 1)}</g>`;
  // spiny stem leaves
  g += `<g transform="translate(160 168) rotate(-62)">${path('M0 0L6 -5L10 -2L16 -8L20 -3L28 -6L26 0L28 6L20 3L16 8L10 2L6 5Z', '#6f97a8', sk('#3d6273', 1))}</g>`;
  g += `<g transform="translate(160 150) rotate(235)">${path('M0 0L6 -5L10 -2L16 -8L20 -3L28 -6L26 0L28 6L20 3L16 8L10 2L6 5Z', '#6f97a8', sk('#3d6273', 1))}</g>`;
  g += '<use href="#s2044h" transform="translate(230 140) scale(.48) rotate(14)"/><use href="#s2044h" x="160" y="86"/>';
  return D(g, headDef(2));
};

// zdravilna strašnica – Sanguisorba officinalis
drawings[846] = () => {
  let g = '';
  // grass
  const rand = rng(46);
  let grass = '';
  for (let i = 0; i < 34; i++) {
    const x = 30 + rand() * 260;
    const h = 18 + rand() * 26;
    grass += `M${r1(x)} 236Q${r1(x + (rand() - 0.5) * 14)} ${r1(236 - h * 0.6)} ${r1(x + (rand() - 0.5) * 22)} ${r1(236 - h)}`;
  }
  g += line(grass, '#7fae57', 1.6);
  // pinnate basal leaves
  const pinnate = (x0, y0, x1, y1, n, s) => {
    let q = line(`M${x0} ${y0}L${x1} ${y1}`, '#4f7f38', 1.6);
    for (let i = 1; i <= n; i++) {
      const t = i / (n + 0.6);
      const x = x0 + (x1 - x0) * t;
      const y = y0 + (y1 - y0) * t;
      const ang = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
      for (const side of [-1, 1]) {
        q += `<use href="#s846l" transform="translate(${r1(x)} ${r1(y)}) rotate(${Math.round(ang + side * 60)}) scale(${s})"/>`;
      }
    }
    return q + `<use href="#s846l" transform="translate(${x1} ${y1}) rotate(${Math.round((Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI)}) scale(${s})"/>`;
  };
  const defs = el(9, 0, 9, 4.6, '#6aa04c', 'id="s846l" ' + sk('#41712f', 0.9));
  g += pinnate(150, 236, 92, 192, 4, 1);
  g += pinnate(168, 236, 228, 196, 4, 1);
  // flowering stems
  const stems = [
    ['M160 236C160 190 158 140 160 70', 160, 66, 0],
    ['M160 170C148 150 134 128 118 104', 118, 100, -20],
    ['M160 150C172 128 186 110 204 92', 204, 88, 18],
    ['M158 120C150 104 140 90 130 62', 130, 58, -10],
    ['M118 104C108 100 98 92 88 80', 88, 76, -30],
    ['M204 92C214 82 224 74 238 66', 238, 62, 30],
    ['M160 200C178 184 196 166 222 140', 222, 136, 24],
  ];
  let heads = '';
  let st = '';
  for (const [d, x, y, rot] of stems) {
    st += d;
    heads += `<g transform="rotate(${rot} ${x} ${y})">${el(x, y - 8, 8.5, 12.5, '#7a1630', sk('#4a0b1c', 1.2))}${el(x - 2.5, y - 12, 2.5, 4, '#a8344f', 'fill-opacity=".8"')}${circ(x + 2, y - 4, 1.1, '#b3465f')}${circ(x - 2, y - 2, 1.1, '#b3465f')}${circ(x + 3, y - 11, 1.1, '#b3465f')}</g>`;
  }
  g += line(st, '#5d7f3a', 2);
  // small stem leaves
  g += `<use href="#s846l" transform="translate(160 186) rotate(-30)"/><use href="#s846l" transform="translate(160 160) rotate(200)"/>`;
  g += heads;
  return D(g, defs);
};

// orjaški dežen – Heracleum mantegazzianum
drawings[729] = () => {
  // one umbellet, reused; drawn for radius 10
  let u = line('M0 0L-8 -5M0 0L-4 -8M0 0L0 -9M0 0L4 -8M0 0L8 -5', '#6f9a3d', 0.7);
  let fl = '';
  for (let j = 0; j < 7; j++) {
    const b = -1.2 + (2.4 * j) / 6;
    fl += circ(Math.sin(b) * 9, -Math.cos(b) * 7.5 - 1, 2.1);
  }
  u += `<g fill="#fffdf2" stroke="#a9a58b" stroke-width=".5">${fl}${circ(-3, -5, 2.1)}${circ(3, -5, 2.1)}</g>`;
  const defs = `<g id="s729u">${u}</g>`;
  const umbel = (ox, oy, R, n) => {
    let rays = '';
    let us = '';
    for (let i = 0; i < n; i++) {
      const a = -1.25 + (2.5 * i) / (n - 1);
      const ux = ox + Math.sin(a) * R;
      const uy = oy - Math.cos(a) * R * 0.55 - R * 0.25;
      rays += `M${ox} ${oy}L${r1(ux)} ${r1(uy)}`;
      us += `<use href="#s729u" transform="translate(${r1(ux)} ${r1(uy)}) scale(${r1(R / 44)})"/>`;
    }
    return line(rays, '#6f9a3d', 1.1) + us;
  };
  // jagged leaves
  const leaf = 'M0 0L-14 -18L-8 -20L-22 -40L-12 -40L-20 -62L-6 -52L0 -78L8 -54L22 -64L14 -42L26 -42L14 -22L22 -18Z';
  let g = `<g transform="translate(146 234) rotate(-58) scale(1.25)">${path(leaf, '#5f9130', sk('#36601a', 1.2))}${line('M0 0L0 -70', '#36601a', 1)}</g>`;
  g += `<g transform="translate(162 234) rotate(55) scale(1.15)">${path(leaf, '#6c9e3a', sk('#36601a', 1.2))}${line('M0 0L0 -70', '#36601a', 1)}</g>`;
  // thick purple-blotched stem
  g += path('M150 236L149 96L157 96L160 236Z', '#6f9c3c', sk('#3f6a1e', 1.2));
  g += spots(729, 16, [148, 100, 160, 232], 2.2, 4, '#7d2a5e');
  g += line('M152 150C132 138 112 130 96 124', '#6f9c3c', 3.5);
  g += line('M156 134C176 120 196 112 222 106', '#6f9c3c', 3.5);
  g += umbel(96, 124, 34, 9);
  g += umbel(222, 106, 38, 9);
  g += umbel(153, 96, 78, 15);
  return D(g, defs);
};

// japonski dresnik – Fallopia japonica
drawings[3332] = () => {
  const leafD = 'M0 0C0 -12 10 -18 22 -16C32 -14 42 -6 50 0C42 6 32 14 22 16C10 18 0 12 0 0Z';
  const stems = [
    [[110, 236], [108, 196], [112, 160], [122, 126], [138, 98], [160, 76], [186, 62]],
    [[170, 236], [172, 200], [180, 168], [196, 142], [218, 120], [244, 106], [270, 100]],
    [[140, 236], [134, 206], [124, 180], [104, 158], [80, 142], [56, 134]],
  ];
  let g = '';
  let leaves = '';
  let flowers = '';
  const rand = rng(3332);
  stems.forEach((pts, si) => {
    let d = '';
    let nodes = '';
    pts.forEach(([x, y], i) => {
      d += `${i ? 'L' : 'M'}${x} ${y}`;
      if (i > 0) {
        const [px, py] = pts[i - 1];
        const ang = Math.atan2(y - py, x - px);
        nodes += `M${r1(x - Math.sin(ang) * 4)} ${r1(y + Math.cos(ang) * 4)}L${r1(x + Math.sin(ang) * 4)} ${r1(y - Math.cos(ang) * 4)}`;
        if (i >= 2) {
          const side = (i + si) % 2 ? 1 : -1;
          const la = (ang * 180) / Math.PI + side * 62 + (side > 0 ? 10 : -10);
          const s = 0.8 + rand() * 0.35;
          leaves += `<use href="#s3332l" transform="translate(${x} ${y}) rotate(${Math.round(la)}) scale(${r1(s)})"/>`;
          if (i >= 3) {
            const fa = la - side * 34;
            flowers += `<use href="#s3332f" transform="translate(${x} ${y}) rotate(${Math.round(fa)})"/>`;
          }
        }
      }
    });
    g += line(d, '#6e8e3a', 5) + line(d, '#a34b3c', 1.2, 'stroke-dasharray="2 5" stroke-opacity=".8"');
    g += line(nodes, '#4d5f22', 2);
  });
  let dots = '';
  for (let k = 0; k < 9; k++) dots += circ(6 + k * 3.2, k % 2 ? -1.8 : 1.8, 1.7);
  const defs =
    `<g id="s3332l">${path(leafD, '#5c9d3b', sk('#35681f', 1.1))}${line('M2 0L46 0', '#35681f', 0.8)}</g>` +
    `<g id="s3332f">${line('M0 0L34 0', '#9a8f63', 0.8)}<g fill="#f4efd8" stroke="#b9b08a" stroke-width=".5">${dots}</g></g>`;
  return D(g + leaves + flowers, defs);
};

// vidra – Lutra lutra
drawings[492] = () => {
  let g = '';
  // stone and water
  g += path('M120 186C130 170 170 164 214 168C246 172 262 182 262 194L110 196C110 192 114 190 120 186Z', '#8e8a80', sk('#5f5b52', 1.2));
  g += path('M0 192H320V240H0Z', '#6fa8cf', 'fill-opacity=".45"');
  g += line('M20 206h30M80 214h40M170 208h34M238 218h46M40 226h26', '#ffffff', 1.6, 'stroke-opacity=".8"');
  const body =
    'M60 128C62 116 74 108 88 107C98 106 106 108 112 111C142 100 184 100 210 108C230 114 246 124 262 134C276 142 290 152 302 160C290 160 274 154 258 148C246 144 234 142 224 144L226 168C226 174 214 176 210 172L206 154C180 158 150 158 132 154L132 170C132 176 120 177 118 172L114 150C104 148 96 144 88 142C76 140 62 138 60 128Z';
  g += path(body, '#6a4a2e', sk('#3e2a17', 1.6));
  // pale throat and cheek
  g += path('M64 132C72 138 86 142 104 146C96 138 86 132 72 128Z', '#cdb48e');
  g += path('M112 114C142 106 180 106 206 114', 'none', 'stroke="#8a6a48" stroke-width="2" stroke-opacity=".6" stroke-linecap="round"');
  g += circ(98, 110, 4.5, '#5a3d24', sk('#3e2a17', 1));
  g += circ(77, 118, 2.4, '#141414') + circ(76.4, 117.4, 0.7, '#ffffff');
  g += el(61.5, 125, 3.6, 3, '#1d1410');
  g += line('M66 130L48 128M66 132L50 136M68 129L52 122', '#e9e2d2', 0.8);
  // webbed feet hints
  g += el(124, 172, 7, 3, '#4e3520') + el(216, 173, 8, 3, '#4e3520');
  return D(g);
};

// bober – Castor fiber
drawings[1186] = () => {
  let g = '';
  // gnawed stump (pencil point) with chips
  g += path('M26 226L26 150C26 140 34 128 40 118C46 128 54 140 54 150L54 226Z', '#a8794a', sk('#6b4526', 1.4));
  g += path('M26 150C30 146 36 140 40 118C44 140 50 146 54 150C46 154 34 154 26 150Z', '#e7c38e', sk('#6b4526', 1));
  g += line('M32 148L38 126M40 150L41 124M48 148L43 126', '#b98b59', 0.9);
  g += path('M26 170L54 170M26 196L54 196', 'none', 'stroke="#6b4526" stroke-width=".8" stroke-opacity=".5"');
  g += `<g fill="#e7c38e" stroke="#b98b59" stroke-width=".6">${el(64, 228, 5, 2)}${el(76, 230, 4, 1.6)}${el(14, 229, 4, 1.7)}</g>`;
  // flat scaly tail
  g += `<g transform="rotate(-9 262 206)">${el(262, 206, 50, 17, '#3f3935', sk('#1f1b19', 1.4))}`;
  let sc = '';
  for (let x = 220; x <= 305; x += 8) sc += `M${x} 190L${x + 10} 222M${x + 10} 190L${x} 222`;
  g += `<clipPath id="bt"><ellipse cx="262" cy="206" rx="48" ry="15"/></clipPath>` + line(sc, '#6a625c', 0.8, 'clip-path="url(#bt)"') + '</g>';
  // body
  g += path('M96 150C98 118 124 96 160 96C196 96 228 118 236 152C242 182 228 212 196 220L130 222C106 216 94 186 96 150Z', '#7a5232', sk('#452c16', 1.6));
  g += path('M120 130C138 112 170 106 196 116', 'none', 'stroke="#9a6f48" stroke-width="3" stroke-opacity=".55" stroke-linecap="round"');
  // head
  g += path('M112 124C104 108 88 102 74 106C60 110 52 124 54 138C56 152 66 160 80 162C96 164 112 154 116 140Z', '#7a5232', sk('#452c16', 1.6));
  g += circ(92, 108, 5, '#5c3b20', sk('#452c16', 1));
  g += circ(74, 120, 2.4, '#111') + circ(73.4, 119.4, 0.7, '#fff');
  g += el(56, 132, 4, 3.4, '#241810');
  g += path('M58 148L58 156L64 156L64 148Z', '#e08a1e', sk('#8a4e0c', 0.8));
  g += line('M60 140L42 136M60 142L44 146', '#d8cbb4', 0.8);
  // front paw with stick, hind foot
  g += line('M70 172L124 158', '#8a6a3e', 4);
  g += el(112, 170, 9, 6, '#5c3b20', sk('#452c16', 1));
  g += el(188, 222, 20, 6, '#4d321c', sk('#2f1d0e', 1));
  return D(g);
};

// ris – Lynx lynx
drawings[3100] = () => {
  const fur = '#c99a5c';
  const st = '#6a4521';
  let g = '';
  const leg = (x, top, w, bottom) =>
    path(`M${x} ${top}L${x + w} ${top}L${x + w - 1} ${bottom - 6}C${x + w + 3} ${bottom - 4} ${x + w + 3} ${bottom} ${x + w - 2} ${bottom}L${x - 3} ${bottom}C${x - 5} ${bottom} ${x - 4} ${bottom - 5} ${x} ${bottom - 6}Z`, fur, sk(st, 1.4));
  // far legs (darker)
  g += `<g opacity=".8">${leg(130, 138, 13, 208)}${leg(226, 138, 15, 206)}</g>`;
  // tail
  g += path('M246 104C258 108 268 116 272 128C272 134 264 134 262 130C258 122 250 116 242 114Z', fur, sk(st, 1.4));
  g += path('M264 122C268 124 272 128 272 132C270 136 264 134 262 130Z', '#1a1410');
  // body
  g += path('M100 98C136 88 196 88 230 96C248 100 256 114 254 128C252 142 242 152 226 152L120 152C104 150 94 138 94 122Z', fur, sk(st, 1.6));
  g += path('M112 146C150 150 196 150 236 146L232 152L118 152Z', '#ead7b3');
  g += leg(106, 136, 15, 212) + leg(206, 136, 17, 210);
  // spots
  g += spots(3100, 26, [104, 96, 248, 146], 2.6, 3.4, '#6b4626', (x, y) => y < 150 - (x < 130 ? 8 : 0));
  g += spots(3101, 8, [106, 160, 122, 196], 1.8, 2.2, '#6b4626');
  g += spots(3102, 8, [206, 160, 224, 196], 1.8, 2.2, '#6b4626');
  // head
  g += el(80, 102, 27, 23, fur, sk(st, 1.6));
  // ruff
  g += path('M60 106C58 122 66 132 76 136L80 128L86 137L92 128L99 133C104 122 104 112 102 104C92 116 72 118 60 106Z', '#efe0c2', sk(st, 1.2));
  g += line('M72 124L76 132M84 126L86 134M95 122L97 130', '#2a1d12', 1.4);
  // ears with black tufts
  g += path('M64 86L68 62L82 80Z', fur, sk(st, 1.4)) + path('M84 80L94 60L100 86Z', fur, sk(st, 1.4));
  g += path('M66 80L68 66L76 78Z', '#2a1d12') + path('M88 78L93 65L97 82Z', '#2a1d12');
  g += line('M68 62L66 48M94 60L97 46', '#1a1410', 2.2);
  // face
  g += path('M60 96C64 92 70 92 74 96C70 99 64 99 60 96Z', '#d9b43c', sk('#2a1d12', 1));
  g += el(67, 96, 1.3, 2.4, '#111');
  g += path('M53 105L58 102L58 108Z', '#7a3f3a');
  g += line('M56 110L40 106M56 112L42 116M58 110L44 100', '#f2ead8', 0.8);
  g += line('M60 92C64 86 74 84 82 86', '#5b3b1e', 1);
  return D(g);
};

// volk – Canis lupus
drawings[2140] = () => {
  const fur = '#958b7e';
  const st = '#4a443c';
  let g = '';
  const leg = (d) => path(d, fur, sk(st, 1.4));
  // far legs
  g += `<g opacity=".78">${leg('M136 140L148 140L160 196L166 208L152 210L146 198Z')}${leg('M222 140L236 140L232 176L246 204L232 208L222 180Z')}</g>`;
  // tail, low and bushy with dark tip
  g += path('M246 112C266 124 276 150 272 182C268 190 258 188 256 178C258 154 250 134 238 124Z', '#8c8273', sk(st, 1.4));
  g += path('M258 176C262 180 268 184 272 182C270 190 262 192 256 184Z', '#2e2a26');
  // body with darker saddle
  g += path('M100 104C140 90 204 92 236 102C254 108 260 122 256 136C252 148 240 154 226 154L124 152C108 150 96 140 94 124Z', fur, sk(st, 1.6));
  g += path('M126 98C160 92 204 94 232 102C226 112 206 118 182 116C158 114 138 108 126 98Z', '#5f574d', 'fill-opacity=".75"');
  g += path('M116 146C150 152 200 152 238 148L230 154L124 154Z', '#ddd6c9');
  // near legs; front leg with dark stripe on its front edge
  g += leg('M108 140L122 140L118 184L112 210L98 210L104 184Z');
  g += line('M109 146L106 184L102 204', '#2e2a26', 2.4);
  g += leg('M206 138L222 138L228 172L214 204L202 200L210 174Z');
  g += `<g fill="#5f574d">${el(105, 210, 8, 3.2)}${el(208, 203, 8, 3.2)}</g>`;
  // head
  g += path('M104 112C96 96 88 86 78 84L74 64L62 82C54 84 44 90 34 98C29 102 31 107 38 108C48 110 58 112 66 116C78 126 92 130 104 128Z', fur, sk(st, 1.6));
  g += path('M80 84L90 66L96 90Z', fur, sk(st, 1.4));
  g += path('M66 80L73 70L75 82Z', '#5f574d') + path('M84 84L89 73L92 88Z', '#5f574d');
  g += path('M36 106C46 108 58 110 68 116C78 122 90 126 100 126C88 120 76 112 66 106C56 104 46 104 36 106Z', '#e6e0d4');
  g += path('M60 90C64 87 70 88 72 91C68 93 63 93 60 90Z', '#c9a640', sk('#2e2a26', 0.9));
  g += circ(66, 90.4, 1.1, '#111');
  g += el(33, 101, 3.6, 3, '#1f1c19');
  g += line('M40 108C46 110 52 110 58 109', '#2e2a26', 1);
  return D(g);
};

// veliki vrtni polž – Helix pomatia
drawings[366] = () => {
  let g = '';
  // body (foot) with head and tentacles
  g += line('M70 158L52 112M80 156L76 108', '#a8957d', 4);
  g += circ(52, 111, 3.6, '#5a4a3a') + circ(76, 107, 3.6, '#5a4a3a');
  g += line('M62 172L46 162M68 174L56 168', '#a8957d', 3);
  g += path('M38 184C40 168 56 154 78 152C100 150 124 154 150 160L232 168C258 172 276 180 282 190C250 196 140 198 64 196C48 196 38 192 38 184Z', '#c9b69c', sk('#8a735a', 1.5));
  g += spots(366, 26, [46, 160, 276, 194], 3.2, 1.6, '#b29d82', (x, y) => y > 150 + (x - 40) * 0.06);
  // shell: logarithmic spiral
  const cx = 176;
  const cy = 116;
  const pts = [];
  for (let t = 0; t <= 4.3 * Math.PI; t += 0.22) {
    const r = 58 * Math.exp(-0.17 * t);
    pts.push([cx + Math.cos(t + 0.9) * r, cy + Math.sin(t + 0.9) * r * 0.94]);
  }
  g += circ(cx - 1, cy + 1, 58, '#d8b27a', sk('#7d5a31', 1.8));
  // faint spiral bands
  const band = (k, c, w) => {
    const b = [];
    for (let t = 0; t <= 2.2 * Math.PI; t += 0.25) {
      const r = 58 * k * Math.exp(-0.17 * t);
      b.push([cx + Math.cos(t + 0.9) * r, cy + Math.sin(t + 0.9) * r * 0.94]);
    }
    return line(b.map(([x, y], i) => `${i ? 'L' : 'M'}${r1(x)} ${r1(y)}`).join(''), c, w, 'stroke-opacity=".5"');
  };
  g += band(0.86, '#a67b45', 6) + band(0.7, '#a67b45', 4);
  g += line(pts.map(([x, y], i) => `${i ? 'L' : 'M'}${r1(x)} ${r1(y)}`).join(''), '#7d5a31', 1.8);
  // growth lines
  let gl = '';
  for (let a = 0.3; a < 6.2; a += 0.32) gl += `M${r1(cx + Math.cos(a) * 30)} ${r1(cy + Math.sin(a) * 28)}L${r1(cx + Math.cos(a) * 56)} ${r1(cy + Math.sin(a) * 53)}`;
  g += line(gl, '#9c7443', 0.7, 'stroke-opacity=".45"');
  g += path('M130 150C150 166 196 170 222 156', 'none', 'stroke="#f0dcb7" stroke-width="3" stroke-linecap="round"');
  g += el(160, 84, 14, 7, '#f1dbb2', 'fill-opacity=".5" transform="rotate(-25 160 84)"');
  return D(g);
};

// navadni škržek – Unio crassus
drawings[2195] = () => {
  let g = '';
  // stream bed: sand and gravel
  g += path('M0 178C60 170 120 176 180 172C240 168 290 174 320 170V240H0Z', '#e3d4b0');
  g += spots(2195, 16, [8, 184, 312, 236], 8, 5, '#b9a988') + spots(2196, 12, [8, 184, 312, 236], 4, 3, '#9e8f72');
  const shell = 'M0 0C0 -26 36 -40 86 -38C136 -36 176 -24 182 0C184 22 160 32 120 30C100 29 90 22 70 24C40 28 0 26 0 0Z';
  const umbo = [52, -30];
  const growth = [0.78, 0.58, 0.4]
    .map((k) => `<path d="${shell}" fill="none" stroke="#2a2114" stroke-width="${r1(1.2 / k)}" stroke-opacity=".45" transform="translate(${r1(umbo[0] * (1 - k))} ${r1(umbo[1] * (1 - k))}) scale(${k})"/>`)
    .join('');
  g += `<g transform="translate(58 128) rotate(-6)"><path d="${shell}" fill="#4f4128" ${sk('#231b10', 1.8)}/>${growth}`;
  g += path('M20 -18C50 -32 100 -34 140 -26', 'none', 'stroke="#8b7a52" stroke-width="4" stroke-opacity=".6" stroke-linecap="round"');
  g += el(52, -30, 8, 5, '#a08c5e', 'fill-opacity=".8"') + '</g>';
  // second, half-buried with siphons showing
  g += `<g transform="translate(236 226) rotate(-70) scale(.5)"><path d="${shell}" fill="#5a4a2e" ${sk('#231b10', 2.4)}/>${growth}</g>`;
  g += path('M222 206C214 204 212 198 218 196C224 198 226 202 222 206Z', '#c7a36e', sk('#7a5a33', 0.8));
  g += path('M0 214C60 206 140 212 200 206C240 203 290 208 320 204V240H0Z', '#e3d4b0', 'fill-opacity=".9"');
  g += spots(2197, 10, [8, 216, 312, 238], 6, 4, '#b9a988');
  return D(g);
};

// potujoča trikotničarka – Dreissena polymorpha
drawings[701] = () => {
  const sh = 'M0 -22L13 14C10 22 -2 25 -11 18C-17 8 -12 -10 0 -22Z';
  let stripes = '';
  for (let y = -20; y < 30; y += 8) stripes += `M-18 ${y}Q-11 ${y + 7} -4 ${y + 1}T10 ${y + 3}T24 ${y + 2}`;
  const defs =
    `<clipPath id="s701c"><path d="${sh}"/></clipPath>` +
    `<g id="s701s"><path d="${sh}" fill="#efe3c4"/>${line(stripes, '#5a3f22', 2.4, 'clip-path="url(#s701c)"')}` +
    `${line('M0 -20L11 14', '#f6efdc', 1.6, 'stroke-opacity=".7"')}<path d="${sh}" fill="none" ${sk('#2c1f12', 1.4)}/></g>`;
  let g = '';
  // stone
  g += path('M30 214C30 172 80 150 150 148C230 146 292 168 296 206C298 226 280 236 250 236L70 236C44 236 30 228 30 214Z', '#9a968c', sk('#625e55', 1.4));
  g += path('M60 176C90 160 140 156 190 158', 'none', 'stroke="#b9b5ac" stroke-width="5" stroke-linecap="round"');
  const rand = rng(701);
  const placed = [
    [122, 112, 150, 1.5], [160, 100, 185, 1.7], [198, 114, 215, 1.5],
    [92, 146, 120, 1.45], [136, 140, 170, 1.75], [182, 138, 195, 1.7], [226, 148, 240, 1.45],
    [112, 166, 140, 1.3], [204, 166, 225, 1.3], [160, 164, 175, 1.4],
  ];
  for (const [x, y, a, s] of placed) {
    g += `<use href="#s701s" transform="translate(${x} ${y}) rotate(${a + Math.round((rand() - 0.5) * 16)}) scale(${s})"/>`;
  }
  // byssus threads
  return D(g, defs);
};

// Organic blob (smooth closed curve through jittered points), integer coordinates.
function blob(cx, cy, r, seed, n = 5, j = 0.45) {
  const rand = rng(seed);
  const rot = rand() * 6.3;
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = rot + (i * 2 * Math.PI) / n;
    const rr = r * (1 - j / 2 + rand() * j);
    pts.push([Math.round(cx + Math.cos(a) * rr), Math.round(cy + Math.sin(a) * rr)]);
  }
  return smooth(pts).replace(/\.\d/g, '');
}

// Anuran (top view) template, centred on x = 160. The shape is defined once in <defs>
// (fill = currentColor, stroke inherited) and placed with useAnuran().
const ANURAN_BODY =
  'M160 66C148 66 134 72 130 82C126 92 116 104 113 122C110 142 113 168 124 182C132 192 146 198 160 198C174 198 188 192 196 182C207 168 210 142 207 122C204 104 194 92 190 82C186 72 172 66 160 66Z';
function anuran(id) {
  const frontPts = [[124, 122, 7.5], [104, 134, 6.5], [97, 120, 5.5], [96, 108, 4.5]];
  const hindPts = [[132, 182, 13], [110, 172, 11], [96, 174, 9], [100, 196, 7], [108, 208, 5.5], [96, 218, 4.5]];
  const limbsD = tube(frontPts) + tube(hindPts);
  const digits = 'M96 108L84 100M96 108L92 94M96 108L102 96M96 218L76 218M96 218L80 228M96 218L90 232M96 218L102 232';
  const defs =
    `<g id="${id}h"><path d="${digits}" fill="none" stroke-width="6.4"/><path d="${digits}" fill="none" stroke="currentColor" stroke-width="3.8"/>` +
    `<path d="${limbsD}" fill="currentColor"/></g>` +
    `<g id="${id}"><use href="#${id}h"/><use href="#${id}h" transform="matrix(-1 0 0 1 320 0)"/><path d="${ANURAN_BODY}" fill="currentColor" stroke-width="1.7"/></g>`;
  return { bodyD: ANURAN_BODY, frontPts, hindPts, defs };
}
const useAnuran = (id, fill, stroke, extra = '') =>
  `<use href="#${id}" color="${fill}" stroke="${stroke}" stroke-width="1.4" stroke-linejoin="round" stroke-linecap="round"${extra ? ' ' + extra : ''}/>`;
const alongLimbs = (a) => [...a.frontPts.slice(0, 3), ...a.hindPts.slice(0, 5)];

// človeška ribica – Proteus anguinus
drawings[675] = () => {
  let g = '';
  // cave: dark rock edges and water
  g += path('M0 0H320V26C280 40 250 22 220 30C190 38 170 20 130 28C90 36 60 18 0 32Z', '#5d6470', 'fill-opacity=".35"');
  g += path('M0 240V200C40 190 70 206 110 198C160 188 200 204 240 196C280 190 300 200 320 196V240Z', '#5d6470', 'fill-opacity=".4"');
  const body = tube([
    [22, 126, 1], [25, 126, 8.5], [34, 126, 12.5], [50, 126, 12], [66, 127, 10.5], [90, 129, 11], [120, 131, 13], [150, 131, 13.5], [180, 129, 13],
    [208, 126, 11.5], [234, 122, 10], [258, 119, 8.5], [280, 117, 6], [298, 116, 3], [306, 116, 0.5],
  ]);
  // gills (three red feathery tufts on each side)
  const gill = (x, y, a) => {
    let s = `<g transform="translate(${x} ${y}) rotate(${a})">`;
    s += el(11, 0, 11, 4, '#e0434c', sk('#a3222b', 0.9));
    s += line('M4 0l3 -6M9 0l3 -6.5M14 0l3 -6M4 0l3 6M9 0l3 6.5M14 0l3 6', '#e0434c', 1.8);
    return s + '</g>';
  };
  let gills = '';
  for (const [a, dy] of [[-122, 0], [-98, 3], [-74, 6]]) gills += gill(60 + dy, 118, a);
  for (const [a, dy] of [[122, 0], [98, 3], [74, 6]]) gills += gill(60 + dy, 136, a);
  // tiny legs: three fingers in front, two toes behind
  const legs =
    line('M96 120L104 102L114 96M104 102L104 93M104 102L97 96M96 140L104 158L114 164M104 158L104 167M104 158L97 164', '#e9c9bf', 3.4) +
    line('M228 114L236 100L246 94M236 100L238 91M228 132L236 146L246 152M236 146L238 155', '#e9c9bf', 3.4);
  g += legs + gills;
  g += path(body, '#f5e1d9', sk('#c4928a', 1.5));
  g += line('M44 124C80 126 140 127 200 124C240 121 270 118 296 116', '#ffffff', 2.4, 'stroke-opacity=".6"');
  g += line('M110 138C150 138 190 135 220 131', '#e8c3b8', 2, 'stroke-opacity=".6"');
  // flat snout detail, vestigial eye spots
  g += circ(38, 120, 1.2, '#d9aaa0') + circ(38, 132, 1.2, '#d9aaa0');
  return D(g);
};

// hribski urh – Bombina variegata (belly view, with a small back view)
drawings[1301] = () => {
  const a = anuran('s1301a');
  const defs = a.defs + `<clipPath id="s1301c"><path d="${a.bodyD}"/></clipPath>`;
  let g = `<g transform="translate(-30 0)">`;
  g += useAnuran('s1301a', '#f2b613', '#5a4208');
  const rand = rng(1301);
  let blobs = '';
  for (let i = 0; i < 15; i++) {
    const x = 114 + (i % 3) * 46 + (Math.floor(i / 3) % 2) * 20 + (rand() - 0.5) * 14;
    const y = 80 + Math.floor(i / 3) * 28 + (rand() - 0.5) * 10;
    blobs += blob(x, y, 12 + rand() * 5, i + 3);
  }
  let lb = '';
  for (const [x, y, w] of alongLimbs(a)) {
    lb += blob(x, y, w * 0.75, x + y);
    lb += blob(320 - x, y, w * 0.75, x + y + 1);
  }
  g += `<g clip-path="url(#s1301c)">${path(blobs, '#2d3038')}</g>` + path(lb, '#2d3038');
  g += path(a.bodyD, 'none', sk('#3a2a06', 1.6));
  g += '</g>';
  // small back view: grey-brown, warty
  g += `<g transform="translate(206 26) scale(.4)">${useAnuran('s1301a', '#7d7258', '#3f3829')}`;
  g += spots(1302, 22, [124, 96, 196, 186], 3.5, 3.5, '#5f5641');
  g += circ(136, 86, 8, '#8a7f62', sk('#3f3829', 1.4)) + circ(184, 86, 8, '#8a7f62', sk('#3f3829', 1.4));
  g += circ(136, 86, 3, '#1c1a14') + circ(184, 86, 3, '#1c1a14') + '</g>';
  return D(g, defs);
};

// veliki pupek – Triturus carnifex (breeding male, side view)
drawings[1182] = () => {
  const bodyPts = [
    [34, 142, 1], [38, 141, 7], [50, 140, 10.5], [64, 139, 10], [78, 140, 11.5], [100, 140, 13.5], [130, 141, 14], [158, 141, 13],
    [180, 140, 10.5], [204, 138, 10], [230, 135, 9.5], [256, 131, 8], [280, 126, 5.5], [300, 122, 2.5], [310, 120, 0.5],
  ];
  const body = tube(bodyPts);
  let g = '';
  // water plants
  g += line('M26 236C30 210 22 190 30 160M48 236C44 214 52 196 46 176M286 236C282 214 292 196 284 170M300 236C304 216 296 200 302 186', '#6f9a55', 2.2, 'stroke-opacity=".7"');
  // legs (far side lighter)
  g += line('M92 150L84 170L76 178M84 170L86 180M170 148L178 168L188 174M178 168L176 180', '#6a5c44', 4);
  // jagged crest on back and separate tail crest
  const crest = [[70, 132]];
  for (let x = 76, i = 0; x <= 176; x += 6, i++) crest.push([x, (i % 2 ? 129 : 112 - Math.sin(((x - 70) / 106) * Math.PI) * 6)]);
  crest.push([184, 131]);
  const tcrest = [[190, 130]];
  for (let x = 196, i = 0; x <= 300; x += 8, i++) tcrest.push([x, (i % 2 ? 127 : 118) + (x - 196) * 0.05]);
  tcrest.push([306, 121]);
  g += path(P(crest), '#3f3627', sk('#1e1a12', 1.2)) + path(P(tcrest), '#3f3627', sk('#1e1a12', 1.2));
  // lower tail fin
  g += path('M188 150C230 152 270 140 308 122C280 140 240 158 196 160Z', '#3f3627', sk('#1e1a12', 1));
  g += `<clipPath id="s1182c"><path d="${body}"/></clipPath>`;
  g += path(body, '#4a3f2d', sk('#1e1a12', 1.5));
  g += `<g clip-path="url(#s1182c)">`;
  g += path('M30 148L180 150L180 170L30 170Z', '#f0a11c');
  g += spots(1182, 16, [60, 146, 176, 158], 3, 2.4, '#2a2318');
  g += spots(1183, 16, [50, 128, 300, 146], 3, 2.2, '#241e14');
  g += spots(1184, 12, [60, 141, 176, 149], 1, 1, '#e8e4da');
  g += line('M184 139C220 136 260 128 306 120', '#dfe3e6', 3.2, 'stroke-opacity=".9"');
  g += '</g>';
  // near legs
  g += line('M104 150L96 172L86 180M96 172L98 182M96 172L90 183M176 149L186 170L198 176M186 170L186 182M186 170L194 182', '#4a3f2d', 5.5);
  g += line('M104 150L96 172M176 149L186 170', '#f0a11c', 2, 'stroke-opacity=".7"');
  g += circ(48, 134, 3.6, '#c9a43a', sk('#1e1a12', 1)) + circ(48, 134, 1.8, '#111');
  g += line('M34 143C40 146 50 146 58 144', '#1e1a12', 1);
  return D(g);
};

// planinski močerad – Salamandra atra
drawings[512] = () => {
  let g = '';
  // rain and wet rock
  let rain = '';
  const rand = rng(512);
  for (let i = 0; i < 22; i++) {
    const x = rand() * 320;
    const y = rand() * 150;
    rain += `M${r1(x)} ${r1(y)}l-4 12`;
  }
  g += line(rain, '#6f8fb8', 1.2, 'stroke-opacity=".55"');
  g += path('M0 240V196C60 178 120 188 170 182C230 176 280 186 320 180V240Z', '#8d9097', 'fill-opacity=".55"');
  const pts = [
    [58, 62, 0.5], [62, 66, 9], [72, 74, 14], [84, 84, 13.5], [94, 92, 11], [106, 102, 14], [122, 118, 17], [140, 136, 18],
    [160, 152, 17.5], [182, 164, 15], [206, 172, 11], [232, 178, 8.5], [258, 186, 6], [280, 198, 3.5], [294, 210, 0.5],
  ];
  const body = tube(pts);
  const legs =
    line('M100 104L76 118L66 114M76 118L68 126M76 118L74 128', '#151515', 7) +
    line('M112 92L124 72L132 64M124 72L134 72M124 72L120 62', '#151515', 7) +
    line('M166 170L152 190L140 192M152 190L146 200M152 190L156 200', '#151515', 8) +
    line('M186 150L202 134L214 132M202 134L210 124M202 134L200 124', '#151515', 8);
  g += legs + path(body, '#171717', sk('#000', 1.2));
  // parotoid glands
  g += el(84, 78, 8, 5, '#222', 'transform="rotate(40 84 78)" stroke="#000" stroke-width="1"');
  g += el(100, 96, 8, 5, '#222', 'transform="rotate(40 100 96)" stroke="#000" stroke-width="1"');
  // costal grooves
  let cg = '';
  for (let i = 0; i < 10; i++) {
    const t = i / 9;
    const x = 118 + t * 60;
    const y = 112 + t * 48;
    cg += `M${r1(x - 12)} ${r1(y + 10)}l5 -5M${r1(x + 12)} ${r1(y - 12)}l-5 5`;
  }
  g += line(cg, '#3b3b3b', 1.3);
  // glossy highlights
  g += line('M66 68C76 74 86 84 96 92M112 106C130 124 150 142 172 156C190 166 210 172 236 176', '#ffffff', 2.4, 'stroke-opacity=".35"');
  g += circ(72, 70, 2.2, '#3a3a3a') + circ(64, 76, 2.4, '#2c2c2c');
  return D(g);
};

// zelena krastača – Bufotes viridis
drawings[3140] = () => {
  const a = anuran('s3140a');
  const clip = a.defs + `<clipPath id="s3140c"><path d="${a.bodyD}"/></clipPath>`;
  let g = useAnuran('s3140a', '#e6e1d0', '#6a6552');
  const rand = rng(3140);
  let blobs = '';
  for (let i = 0; i < 15; i++) {
    const x = 122 + (i % 3) * 38 + (rand() - 0.5) * 20;
    const y = 104 + Math.floor(i / 3) * 22 + (rand() - 0.5) * 12;
    if (y > 196) continue;
    blobs += blob(x, y, 8 + rand() * 4, i + 40, 6, 0.5);
  }
  let lb = '';
  for (const [x, y, w] of alongLimbs(a)) {
    lb += blob(x, y, w * 0.6, x * y, 5, 0.5);
    lb += blob(320 - x, y, w * 0.6, x * y + 1, 5, 0.5);
  }
  g += `<g clip-path="url(#s3140c)">${path(blobs, '#5e9c55', sk('#2f6330', 1.3))}${spots(3141, 12, [116, 90, 204, 190], 1.6, 1.6, '#c5483a')}</g>`;
  g += path(lb, '#5e9c55', sk('#2f6330', 1.1));
  g += path(a.bodyD, 'none', sk('#6a6552', 1.6));
  // parotoid glands and eyes
  g += el(134, 110, 5.5, 12, '#dcd6c2', sk('#6a6552', 1.1) + ' transform="rotate(-16 134 110)"');
  g += el(186, 110, 5.5, 12, '#dcd6c2', sk('#6a6552', 1.1) + ' transform="rotate(16 186 110)"');
  g += circ(134, 88, 7.5, '#c9c25a', sk('#4f5228', 1.3)) + circ(186, 88, 7.5, '#c9c25a', sk('#4f5228', 1.3));
  g += el(134, 88, 4.4, 1.8, '#111') + el(186, 88, 4.4, 1.8, '#111');
  g += line('M152 70C157 68 163 68 168 70', '#6a6552', 1);
  return D(g, clip);
};
