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
    const rot = Math.round(rand() * 180);
    const t = (rot * Math.PI) / 180;
    const dx = r1(a * Math.cos(t));
    const dy = r1(a * Math.sin(t));
    // an ellipse as two arcs, all spots in one path
    s += `M${r1(x - dx)} ${r1(y - dy)}A${r1(a)} ${r1(b)} ${rot} 1 0 ${r1(x + dx)} ${r1(y + dy)}A${r1(a)} ${r1(b)} ${rot} 1 0 ${r1(x - dx)} ${r1(y - dy)}Z`;
    k++;
  }
  return `<path d="${s}" fill="${fill}"/>`;
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
const D = (g, defs = '', ctx = '') => ({ g, defs, ctx }); // ctx: scenery shown only in the main image

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
  const ctx = line(grass, '#7fae57', 1.6);
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
  return D(g, defs, ctx);
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
    const k = r1(R / 44);
    for (let i = 0; i < n; i++) {
      const a = -1.25 + (2.5 * i) / (n - 1);
      const ux = ox + Math.sin(a) * R;
      const uy = oy - Math.cos(a) * R * 0.55 - R * 0.25;
      rays += `M${ox} ${oy}L${r1(ux)} ${r1(uy)}`;
      us += `<use href="#s729u" x="${r1(ux / k)}" y="${r1(uy / k)}"/>`;
    }
    return line(rays, '#6f9a3d', 1.1) + `<g transform="scale(${k})">${us}</g>`;
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
  let ctx = path('M0 192H320V240H0Z', '#6fa8cf', 'fill-opacity=".45"');
  ctx += line('M20 206h30M80 214h40M170 208h34M238 218h46M40 226h26', '#ffffff', 1.6, 'stroke-opacity=".8"');
  g += path('M120 186C130 170 170 164 214 168C246 172 262 182 262 194L110 196C110 192 114 190 120 186Z', '#8e8a80', sk('#5f5b52', 1.2));
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
  return D(g, '', ctx);
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
  g += spots(3100, 20, [104, 96, 248, 146], 2.6, 3.4, '#6b4626', (x, y) => y < 150 - (x < 130 ? 8 : 0));
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
  g += spots(366, 16, [46, 160, 276, 194], 3.2, 1.6, '#b29d82', (x, y) => y > 150 + (x - 40) * 0.06);
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
  let ctx = path('M0 178C60 170 120 176 180 172C240 168 290 174 320 170V240H0Z', '#e3d4b0');
  ctx += spots(2195, 16, [8, 184, 312, 236], 8, 5, '#b9a988') + spots(2196, 12, [8, 184, 312, 236], 4, 3, '#9e8f72');
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
  g += path('M180 236C188 220 212 210 238 210C264 210 288 220 298 236Z', '#e3d4b0');
  g += spots(2197, 7, [196, 218, 286, 234], 4, 3, '#b9a988', (x, y) => y > 212 + Math.abs(x - 238) * 0.35);
  return D(g, '', ctx);
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
  // quadratic curves through the midpoints: compact and smooth
  const mid = (p, q) => `${Math.round((p[0] + q[0]) / 2)} ${Math.round((p[1] + q[1]) / 2)}`;
  let d = `M${mid(pts[n - 1], pts[0])}`;
  for (let i = 0; i < n; i++) d += `Q${pts[i][0]} ${pts[i][1]} ${mid(pts[i], pts[(i + 1) % n])}`;
  return d + 'Z';
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
const alongLimbs = (a) => [a.frontPts[0], a.frontPts[2], a.hindPts[0], a.hindPts[1], a.hindPts[3]];

// človeška ribica – Proteus anguinus
drawings[675] = () => {
  let g = '';
  // cave: dark rock edges and water
  let ctx = path('M0 0H320V26C280 40 250 22 220 30C190 38 170 20 130 28C90 36 60 18 0 32Z', '#5d6470', 'fill-opacity=".35"');
  ctx += path('M0 240V200C40 190 70 206 110 198C160 188 200 204 240 196C280 190 300 200 320 196V240Z', '#5d6470', 'fill-opacity=".4"');
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
  return D(g, '', ctx);
};

// hribski urh – Bombina variegata (belly view, with a small back view)
drawings[1301] = () => {
  const a = anuran('s1301a');
  const defs = a.defs + `<clipPath id="s1301c"><path d="${a.bodyD}"/></clipPath>`;
  let g = `<g transform="translate(-30 0)">`;
  g += useAnuran('s1301a', '#f2b613', '#5a4208');
  const rand = rng(1301);
  let blobs = '';
  for (let i = 0; i < 13; i++) {
    const x = 114 + (i % 3) * 46 + (Math.floor(i / 3) % 2) * 20 + (rand() - 0.5) * 14;
    const y = 80 + Math.floor(i / 3) * 28 + (rand() - 0.5) * 10;
    blobs += blob(x, y, 14 + rand() * 6, i + 3);
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
  g += spots(1302, 9, [124, 96, 196, 186], 4.5, 4.5, '#5f5641');
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
  const ctx = line('M26 236C30 210 22 190 30 160M48 236C44 214 52 196 46 176M286 236C282 214 292 196 284 170M300 236C304 216 296 200 302 186', '#6f9a55', 2.2, 'stroke-opacity=".7"');
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
  g += spots(1182, 9, [60, 146, 176, 158], 3.4, 2.8, '#2a2318');
  g += spots(1183, 10, [50, 128, 300, 146], 3.4, 2.6, '#241e14');
  g += spots(1184, 9, [60, 141, 176, 149], 1, 1, '#e8e4da');
  g += line('M184 139C220 136 260 128 306 120', '#dfe3e6', 3.2, 'stroke-opacity=".9"');
  g += '</g>';
  // near legs
  g += line('M104 150L96 172L86 180M96 172L98 182M96 172L90 183M176 149L186 170L198 176M186 170L186 182M186 170L194 182', '#4a3f2d', 5.5);
  g += line('M104 150L96 172M176 149L186 170', '#f0a11c', 2, 'stroke-opacity=".7"');
  g += circ(48, 134, 3.6, '#c9a43a', sk('#1e1a12', 1)) + circ(48, 134, 1.8, '#111');
  g += line('M34 143C40 146 50 146 58 144', '#1e1a12', 1);
  return D(g, '', ctx);
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
  const ctx = line(rain, '#6f8fb8', 1.2, 'stroke-opacity=".55"') + path('M0 240V196C60 178 120 188 170 182C230 176 280 186 320 180V240Z', '#8d9097', 'fill-opacity=".55"');
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
  return D(g, '', ctx);
};

// zelena krastača – Bufotes viridis
drawings[3140] = () => {
  const a = anuran('s3140a');
  const clip = a.defs + `<clipPath id="s3140c"><path d="${a.bodyD}"/></clipPath>`;
  let g = useAnuran('s3140a', '#e6e1d0', '#6a6552');
  const rand = rng(3140);
  let blobs = '';
  for (let i = 0; i < 13; i++) {
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
  g += `<g clip-path="url(#s3140c)">${path(blobs, '#5e9c55', sk('#2f6330', 1.3))}${spots(3141, 8, [116, 90, 204, 190], 1.6, 1.6, '#c5483a')}</g>`;
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

// ---- beetles (top view, head up, centred on x = 160)
const legs = (d, c, w) => sym(line(d, c, w));

// rogač – Lucanus cervus (male)
drawings[1105] = () => {
  let g = '';
  g += legs('M130 104L108 96L94 78L88 70M128 132L100 140L86 160L82 170M130 160L106 178L98 206L96 216', '#2a1a12', 4.2);
  g += sym(line('M134 82L116 80L106 68', '#2a1a12', 2.4) + line('M106 68l-4 -2M106 68l-1 -5M106 68l3 -4', '#2a1a12', 2));
  // mandibles ("antlers")
  g += sym(path('M142 78C126 68 114 54 116 36C117 28 122 21 130 16L134 22C128 30 127 37 131 44L143 37L135 50C137 58 143 66 151 72Z', '#8e4220', sk('#3a1a0a', 1.4)));
  g += path('M134 74C146 70 174 70 186 74C192 80 192 90 186 96L134 96C128 90 128 80 134 74Z', '#3b2416', sk('#160c06', 1.4));
  g += path('M128 96C140 92 180 92 192 96C198 104 198 114 192 120C180 124 140 124 128 120C122 114 122 104 128 96Z', '#2e1d12', sk('#160c06', 1.4));
  g += path('M160 118C136 118 124 124 122 136C118 170 124 200 140 212C148 218 156 220 160 220C164 220 172 218 180 212C196 200 202 170 198 136C196 124 184 118 160 118Z', '#7b3b1c', sk('#2c1308', 1.6));
  g += line('M160 120V218', '#2c1308', 1.4);
  g += path('M134 132C140 126 150 124 154 126C150 150 146 180 144 200C136 190 130 160 134 132Z', '#b06a3e', 'fill-opacity=".45"');
  g += path('M186 132C180 126 170 124 166 126C170 150 174 180 176 200C184 190 190 160 186 132Z', '#b06a3e', 'fill-opacity=".3"');
  g += circ(136, 84, 2.2, '#111') + circ(184, 84, 2.2, '#111');
  return D(g);
};

// alpski kozliček – Rosalia alpina
drawings[3401] = () => {
  const blue = '#93b2d6';
  const st = '#40608a';
  let g = '';
  g += legs('M144 108L124 100L112 84M142 136L116 140L102 156M144 160L120 176L110 200', blue, 3.6);
  g += legs('M124 100L112 84M116 140L102 156M120 176L110 200', '#151515', 3.6);
  // very long antennae with black tufts
  const ant = [[152, 84], [142, 70], [126, 54], [108, 43], [89, 37], [70, 37], [54, 43], [42, 53], [34, 66], [30, 80], [30, 96], [33, 110]];
  let tufts = '';
  for (let i = 1; i < ant.length - 1; i++) tufts += `<circle cx="${ant[i][0]}" cy="${ant[i][1]}" r="${r1(3.6 - i * 0.15)}"/>`;
  g += sym(line(P(ant).slice(0, -1), blue, 2.6) + `<g fill="#111">${tufts}</g>`);
  g += el(160, 88, 12, 10, blue, sk(st, 1.3));
  g += path('M144 98C150 94 170 94 176 98L183 106L176 116L144 116L137 106Z', blue, sk(st, 1.3));
  g += el(160, 105, 6, 5, '#111');
  g += path('M140 118L180 118C184 150 184 190 176 210C170 217 150 217 144 210C136 190 136 150 140 118Z', blue, sk(st, 1.5));
  // black velvet spots
  g += sym(el(150, 131, 6, 5, '#111'));
  g += path('M141 152C150 148 170 148 179 152C181 160 180 170 178 174C170 170 150 170 142 174C140 168 140 160 141 152Z', '#111');
  g += sym(path('M142 192C146 186 154 186 158 190L158 202C152 204 146 202 143 199Z', '#111'));
  g += line('M160 118V212', st, 1.2);
  g += circ(150, 84, 1.6, '#111') + circ(170, 84, 1.6, '#111');
  return D(g);
};

// bukov kozliček – Morimus funereus
drawings[3402] = () => {
  const grey = '#6e7277';
  const st = '#2e3135';
  let g = '';
  g += legs('M140 108L118 100L104 84M136 138L108 144L94 162M138 164L114 182L104 206', '#3f4246', 4.4);
  g += sym(line('M150 84L132 62L108 56L88 66L74 86L66 112L62 140', '#3a3d41', 3.6));
  g += el(160, 88, 13, 11, grey, sk(st, 1.4));
  g += path('M140 98L180 98L188 106L197 104L189 113L180 120L140 120L131 113L123 104L132 106Z', grey, sk(st, 1.4));
  g += path('M134 120L186 120C194 150 192 190 178 210C170 219 150 219 142 210C128 190 126 150 134 120Z', grey, sk(st, 1.6));
  g += spots(3402, 40, [136, 124, 184, 212], 1.4, 1.4, '#5a5e63', (x, y) => Math.abs(x - 160) < 24 - (y > 190 ? (y - 190) * 0.8 : 0));
  g += sym(blob(147, 142, 10, 7, 6, 0.3) ? path(blob(147, 142, 10, 7, 6, 0.3) + blob(146, 184, 10, 8, 6, 0.3), '#121212') : '');
  g += line('M160 120V214', st, 1.2);
  g += circ(150, 84, 1.6, '#111') + circ(170, 84, 1.6, '#111');
  return D(g);
};

// hrastov kozliček – Cerambyx cerdo
drawings[3403] = () => {
  const defs = `<linearGradient id="s3403g" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="#2a211d"/><stop offset="1" stop-color="#8a5430"/></linearGradient>`;
  let g = '';
  g += legs('M142 110L120 100L106 82M140 138L112 144L98 164M142 166L118 186L108 214', '#1f1916', 4.2);
  // very long antennae, thickened at the joints, swept back
  const ant = [[150, 86], [138, 70], [118, 62], [98, 66], [82, 80], [70, 100], [62, 124], [58, 150], [56, 176], [56, 202], [58, 226]];
  let a = '';
  for (let i = 1; i < ant.length; i++) {
    a += line(`M${ant[i - 1][0]} ${ant[i - 1][1]}L${ant[i][0]} ${ant[i][1]}`, '#1f1916', Math.max(2, 4.4 - i * 0.22));
    a += circ(ant[i][0], ant[i][1], Math.max(1.4, 3.2 - i * 0.16), '#1f1916');
  }
  g += sym(a);
  g += el(160, 90, 12, 11, '#241c18', sk('#0c0908', 1.4));
  g += path('M142 100L178 100L184 110L192 112L184 116L178 122L142 122L136 116L128 112L136 110Z', '#241c18', sk('#0c0908', 1.4));
  g += line('M146 106C154 103 166 103 174 106M144 111C154 108 166 108 176 111M146 116C154 113 166 113 174 116', '#4a3a32', 1.2);
  g += path('M138 122L182 122C186 152 184 186 172 214C168 222 152 222 148 214C136 186 134 152 138 122Z', 'url(#s3403g)', sk('#0c0908', 1.6));
  g += line('M160 122V218', '#0c0908', 1.2);
  g += path('M144 130C148 126 154 126 156 128C154 150 152 176 150 196C144 180 142 150 144 130Z', '#6d5a4e', 'fill-opacity=".4"');
  return D(g, defs);
};

// puščavnik – Osmoderma eremita
drawings[3404] = () => {
  let g = '';
  // wood crumbs
  const ctx = spots(3404, 14, [60, 200, 260, 232], 3, 2, '#a07a52');
  g += legs('M134 112L110 104L98 90M130 140L102 146L90 164M132 170L108 188L100 214', '#22150f', 5);
  g += sym(line('M104 100l-4 -3M100 148l-4 2M104 190l-5 2', '#22150f', 2.4));
  g += sym(line('M148 82L138 72L132 68', '#22150f', 2.2) + el(130, 66, 3.5, 2.2, '#22150f'));
  g += path('M146 80C152 76 168 76 174 80L178 98L142 98Z', '#2f211b', sk('#120b08', 1.4));
  g += path('M132 100C140 92 180 92 188 100C194 108 194 120 190 128L130 128C126 120 126 108 132 100Z', '#3b2a26', sk('#120b08', 1.5));
  g += line('M154 98V126M166 98V126', '#1b120e', 2.2) + line('M156 100V124M164 100V124', '#5e4740', 1, 'stroke-opacity=".6"');
  g += path('M126 128L194 128C198 152 198 190 188 208C180 218 140 218 132 208C122 190 122 152 126 128Z', '#3a2824', sk('#120b08', 1.6));
  g += line('M160 128V216', '#120b08', 1.3);
  g += path('M134 136C140 132 150 132 154 134C152 160 150 186 148 202C138 190 132 160 134 136Z', '#7a5a6a', 'fill-opacity=".45"');
  g += path('M186 136C180 132 170 132 166 134C168 160 170 186 172 202C182 190 188 160 186 136Z', '#7a5a6a', 'fill-opacity=".28"');
  return D(g, '', ctx);
};

// ---- butterflies and moths (top view, wings spread, centred on x = 160)
function bfBody(c1, c2 = c1) {
  return (
    sym(line('M157 100C150 86 142 76 132 68', '#222', 1.2) + el(131, 67, 2.4, 2, '#222')) +
    el(160, 98, 5, 5, c1) +
    el(160, 114, 5.5, 12, c1) +
    el(160, 142, 4.5, 20, c2)
  );
}

// črtasti medvedek – Euplagia quadripunctaria
drawings[3405] = () => {
  const fw = 'M156 104C130 90 88 74 46 70C40 82 44 96 54 108C64 120 78 130 94 138C114 136 138 126 156 118Z';
  const hw = 'M156 116C130 122 100 136 88 154C82 172 96 190 118 192C138 192 152 172 158 134Z';
  const defs = `<clipPath id="s3405c"><path d="${fw}"/></clipPath>`;
  let half = path(hw, '#e2442c', sk('#5a140c', 1.4));
  half += circ(114, 158, 6, '#1c1c1c') + circ(104, 176, 5, '#1c1c1c') + circ(126, 178, 4.5, '#1c1c1c') + path('M92 156C90 166 94 176 100 184C96 176 96 166 98 158Z', '#1c1c1c');
  half += path(fw, '#1e2230', sk('#0b0c12', 1.4));
  half += `<g clip-path="url(#s3405c)">${line('M156 116L92 138M150 100L126 126M126 90L100 132M100 82L70 118M74 76L56 100M58 104L48 116', '#efe3bd', 5)}</g>`;
  let g = sym(half);
  g += sym(line('M157 100C150 86 142 76 132 68', '#222', 1.2) + el(131, 67, 2.4, 2, '#222'));
  g += el(160, 98, 5, 5, '#1e2230') + el(160, 114, 5.5, 12, '#1e2230');
  g += line('M157 104V124M163 104V124', '#efe3bd', 1.4);
  g += el(160, 142, 4.8, 20, '#ea8a2c', sk('#7a3a0c', 1));
  g += `<g fill="#1c1c1c">${circ(160, 130, 1.5)}${circ(160, 138, 1.5)}${circ(160, 146, 1.5)}${circ(160, 154, 1.4)}</g>`;
  return D(g, defs);
};

// apolon – Parnassius apollo
drawings[3406] = () => {
  const fw = 'M156 104C132 88 96 76 60 78C52 92 54 108 64 122C76 136 98 142 118 140C134 136 146 126 156 118Z';
  const hw = 'M156 118C134 124 108 138 100 156C96 176 110 196 130 196C146 194 156 174 158 136Z';
  const defs = `<clipPath id="s3406c"><path d="${fw}"/></clipPath>`;
  let half = path(hw, '#f7f5ef', sk('#7d7d7d', 1.3));
  half += path('M156 118C146 122 136 130 132 140C140 150 150 150 158 136Z', '#3a3a3a', 'fill-opacity=".55"');
  half += path('M104 186C100 176 100 166 104 158', 'none', 'stroke="#9a9a9a" stroke-width="3" stroke-opacity=".6" stroke-linecap="round"');
  for (const [x, y] of [[120, 152], [126, 176]]) half += circ(x, y, 9.5, '#1c1c1c') + circ(x, y, 7.6, '#d7262e') + circ(x, y, 2.4, '#fff');
  half += path(fw, '#f7f5ef', sk('#7d7d7d', 1.3));
  half += `<g clip-path="url(#s3406c)">${line('M56 84C62 104 74 124 96 140', '#a9abae', 9, 'stroke-opacity=".55"')}${line('M74 86C78 102 88 118 104 130', '#8e9094', 2.5, 'stroke-opacity=".6"')}</g>`;
  half += circ(126, 100, 5.5, '#1c1c1c') + circ(106, 98, 6, '#1c1c1c') + circ(94, 116, 4.5, '#1c1c1c') + circ(122, 126, 4.5, '#1c1c1c');
  half += path('M156 104C146 98 138 96 132 98C136 108 146 114 156 116Z', '#3a3a3a', 'fill-opacity=".45"');
  let g = sym(half);
  g += bfBody('#2a2a2a', '#3a3a3a');
  g += line('M160 126V160', '#777', 0.8, 'stroke-dasharray="2 2"');
  return D(g, defs);
};

// travniški postavnež – Euphydryas aurinia
drawings[3407] = () => {
  const fw = 'M156 104C132 90 98 78 64 78C56 92 58 108 68 122C80 136 102 142 122 138C136 134 148 126 156 118Z';
  const hw = 'M156 118C134 124 110 138 102 156C98 176 112 194 132 194C148 192 156 172 158 136Z';
  const cx = 160;
  const cy = 114;
  let bands = '';
  const ring = [[24, '#8a3a17', 24], [36, '#f2cf7d', 7], [46, '#cf5a22', 9], [57, '#f2cf7d', 7], [68, '#d5642a', 10], [79, '#f2cf7d', 7], [90, '#3a1d0c', 12]];
  for (const [r, c, w] of ring) bands += circ(cx, cy, r, 'none', `stroke="${c}" stroke-width="${w * 1.4}"`);
  let rings = '';
  for (const r of [31, 40, 52, 62, 74, 84]) rings += circ(cx, cy, r, 'none', 'stroke="#2a1408" stroke-width="1.3"');
  let veins = '';
  for (let a = 96; a <= 264; a += 12) {
    const t = (a * Math.PI) / 180;
    veins += `M${cx} ${cy}L${r1(cx + Math.cos(t) * 110)} ${r1(cy + Math.sin(t) * 110)}`;
  }
  let dots = '';
  for (let a = 112; a <= 160; a += 12) {
    const t = (a * Math.PI) / 180;
    dots += circ(cx + Math.cos(t) * 68, cy + Math.sin(t) * 68, 2.8, '#1b0d05');
  }
  const defs = `<clipPath id="s3407c"><path d="${fw}"/><path d="${hw}"/></clipPath>`;
  let half = `<g clip-path="url(#s3407c)"><rect x="40" y="60" width="120" height="150" fill="#d5642a"/>${bands}${rings}${line(veins, '#2a1408', 1.2)}${dots}</g>`;
  half += path(hw, 'none', sk('#2a1408', 1.4)) + path(fw, 'none', sk('#2a1408', 1.4));
  let g = sym(half);
  g += bfBody('#3a2414', '#4a2c18');
  return D(g, defs);
};

// močvirski cekinček – Lycaena dispar (male)
drawings[3408] = () => {
  const fw = 'M156 106C132 92 100 80 68 80C60 96 64 116 78 130C96 142 124 140 156 120Z';
  const hw = 'M156 120C132 126 108 140 102 158C100 176 116 190 134 186C150 180 158 160 158 134Z';
  const defs = `<linearGradient id="s3408g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffb43a"/><stop offset=".55" stop-color="#f7861b"/><stop offset="1" stop-color="#e8650f"/></linearGradient>`;
  let half = path(hw, 'url(#s3408g)', sk('#2a1608', 2.6));
  half += path('M110 150C108 160 110 172 118 180', 'none', 'stroke="#2a1608" stroke-width="1.2" stroke-opacity=".5"');
  half += path(fw, 'url(#s3408g)', sk('#2a1608', 2.6));
  half += el(120, 104, 2.6, 5, '#2a1608', 'transform="rotate(20 120 104)"');
  half += path('M84 92C100 90 120 94 138 104', 'none', 'stroke="#fff3c0" stroke-width="4" stroke-opacity=".45" stroke-linecap="round"');
  let g = sym(half);
  g += bfBody('#4a2e1a', '#5a3820');
  return D(g, defs);
};

// temni mravljiščar – Phengaris nausithous, resting on zdravilna strašnica
drawings[3409] = () => {
  let g = '';
  // food plant
  g += line('M166 236C166 216 164 204 161 190M166 222C182 214 200 210 222 200', '#5d7f3a', 2.4);
  g += line('M126 236C128 214 124 196 118 180', '#5d7f3a', 2);
  g += `<g transform="translate(150 214) rotate(-20)">${el(10, 0, 10, 4.5, '#6aa04c', sk('#41712f', 0.9))}</g>`;
  g += el(228, 194, 9, 13, '#7a1630', sk('#4a0b1c', 1.2) + ' transform="rotate(30 228 194)"') + el(116, 168, 9, 13, '#7a1630', sk('#4a0b1c', 1.2));
  g += el(160, 174, 14, 21, '#7a1630', sk('#4a0b1c', 1.3));
  g += `<g fill="#b3465f">${circ(156, 166, 1.4)}${circ(164, 172, 1.4)}${circ(158, 180, 1.4)}${circ(166, 184, 1.4)}${circ(154, 188, 1.4)}</g>`;
  // butterfly, wings closed (underside: cinnamon brown with one row of black, white-ringed spots)
  let b = '';
  b += line('M140 128L146 142M148 130L154 143M156 130L162 142', '#3a2a1e', 1.3);
  b += el(168, 130, 24, 5.5, '#4a3426', 'transform="rotate(10 168 130)"');
  b += path('M146 124C154 98 166 72 184 50C198 70 206 92 208 114C190 122 168 126 146 124Z', '#8b5a3a', sk('#4a2c18', 1.4));
  b += path('M146 125C150 108 176 98 204 102C222 108 228 128 216 142C200 154 168 148 146 125Z', '#845434', sk('#4a2c18', 1.4));
  b += path('M184 52C190 66 196 84 200 104', 'none', 'stroke="#a87552" stroke-width="2" stroke-opacity=".6"');
  let ss = '';
  for (const [x, y, r] of [[178, 72, 2.4], [184, 84, 2.6], [190, 96, 2.6], [176, 118, 2.4], [190, 116, 2.6], [204, 118, 2.6], [212, 130, 2.4]]) ss += circ(x, y, r + 1.3, '#f3e7d6') + circ(x, y, r, '#1c1410');
  b += ss;
  b += circ(140, 122, 5.5, '#3a2a1e') + circ(137.5, 120.5, 1.8, '#111');
  b += line('M138 117C130 100 124 88 116 78M140 116C138 98 138 86 140 72', '#2a1d14', 1.1);
  b += el(115, 77, 2, 3.2, '#2a1d14') + el(140, 71, 2, 3.2, '#2a1d14');
  g += `<g transform="translate(-9 0) scale(1.1)">${b}</g>`;
  return D(g);
};

// ---------------------------------------------------------------- identification cards
// s, tx, ty: placement of the drawing; calls: [x, y] point in drawing coords, [lx, ly] label
// position in card coords, side 'l' (box starts at lx) or 'r' (box ends at lx), text ('\n' splits lines).
const cards = {
  1804: { s: 1.3, tx: -52, ty: -2, calls: [[[172, 138], [206, 210], 'l', 'rumena čeveljasta\nmedena ustna'], [[104, 138], [8, 60], 'l', 'škrlatnorjavi,\nzaviti cvetni listi'], [[146, 168], [8, 214], 'l', 'široki listi z\nvzporednimi žilami']] },
  2044: { s: 1.05, tx: -8, ty: 12, calls: [[[112, 104], [8, 52], 'l', 'kovinsko modri,\nbodičasti ovršni listi'], [[166, 70], [312, 56], 'r', 'valjasto modro\nsocvetje'], [[196, 210], [312, 196], 'r', 'srčasti\npritlični listi']] },
  846: { s: 1.1, tx: -16, ty: 6, calls: [[[160, 58], [310, 48], 'r', 'temno rdeče,\novalne glavice'], [[104, 186], [8, 130], 'l', 'pernato deljeni\nlisti'], [[180, 124], [310, 150], 'r', 'tanka, razvejana\nstebla']] },
  729: { s: 0.86, tx: -20, ty: 36, calls: [[[120, 44], [8, 52], 'l', 'ogromna bela\nkobulasta socvetja'], [[154, 180], [8, 150], 'l', 'debelo steblo z\nvijoličnimi pegami'], [[110, 214], [8, 214], 'l', 'listi, večji od 1 m']], extra: 'person' },
  3332: { s: 1.05, tx: -8, ty: 10, calls: [[[130, 108], [8, 54], 'l', 'votla, členasta\nstebla kot bambus'], [[236, 112], [312, 196], 'r', 'široki listi z\nravno osnovo'], [[188, 60], [312, 52], 'r', 'belkasti grozdi\ncvetov (avgust)']] },
  492: { s: 1.1, tx: -14, ty: 8, calls: [[[280, 152], [312, 212], 'r', 'dolg, močan rep'], [[70, 120], [8, 52], 'l', 'sploščena glava,\nmajhni uhlji'], [[84, 136], [8, 212], 'l', 'svetlo grlo']], extra: 'otterprint' },
  1186: { s: 1.0, tx: 0, ty: 8, calls: [[[270, 206], [312, 160], 'r', 'sploščen,\nluskast rep'], [[61, 152], [8, 52], 'l', 'oranžni sekalci'], [[42, 136], [8, 98], 'l', 'oglodana\ndebla']] },
  3100: { s: 1.0, tx: 6, ty: 14, calls: [[[70, 58], [8, 50], 'l', 'črni čopki na uhljih'], [[268, 128], [312, 72], 'r', 'kratek rep\ns črno konico'], [[180, 120], [312, 200], 'r', 'pegast kožuh'], [[80, 130], [8, 200], 'l', 'svetli zalizci']] },
  2140: { s: 1.0, tx: 6, ty: 14, calls: [[[106, 176], [8, 212], 'l', 'temna proga na\nsprednji nogi'], [[50, 104], [8, 52], 'l', 'podoben psu,\nsvetla lica'], [[266, 170], [312, 60], 'r', 'rep nosi nizko']] },
  366: { s: 1.05, tx: -6, ty: 6, calls: [[[200, 80], [312, 52], 'r', 'hišica 3–4,5 cm'], [[150, 120], [8, 60], 'l', 'nežni, bledi pasovi'], [[120, 188], [312, 212], 'r', 'svetlo sivorjavo telo']] },
  2195: { s: 0.95, tx: 8, ty: 8, calls: [[[140, 112], [8, 52], 'l', 'ledvičasta lupina,\nokoli 7 cm'], [[200, 118], [312, 60], 'r', 'temna lupina\nz letnicami'], [[238, 222], [8, 212], 'l', 'zakopan v pesek ali prod']] },
  701: { s: 1.05, tx: -8, ty: 6, calls: [[[160, 100], [312, 50], 'r', 'trikotna lupina'], [[140, 140], [8, 56], 'l', 'temne cikcakaste\nproge'], [[92, 146], [8, 200], 'l', 'v gručah na\nkamnih in čolnih']] },
  675: { s: 0.98, tx: 6, ty: 14, calls: [[[66, 108], [8, 50], 'l', 'rdeče zunanje škrge'], [[200, 124], [312, 62], 'r', 'bledo, podolgovato\ntelo (20–30 cm)'], [[104, 160], [8, 210], 'l', 'drobne noge: spredaj\n3, zadaj 2 prsta']] },
  1301: { s: 0.94, tx: -4, ty: 16, calls: [[[130, 130], [8, 52], 'l', 'rumeno-črn\ntrebuh'], [[258, 70], [312, 128], 'r', 'siv, bradavičast\nhrbet'], [[110, 196], [8, 214], 'l', 'manjši od 5 cm']], extra: 'heartpupil' },
  1182: { s: 1.0, tx: 4, ty: 14, calls: [[[120, 114], [8, 56], 'l', 'visok, nazobčan\ngreben (samec)'], [[120, 158], [8, 212], 'l', 'oranžen trebuh\ns temnimi pegami'], [[250, 130], [312, 196], 'r', 'bela proga na repu']] },
  512: { s: 1.0, tx: 4, ty: 14, calls: [[[150, 150], [312, 62], 'r', 'povsem črn\nin svetleč'], [[92, 86], [8, 128], 'l', 'izrazite\nzaušesne žleze'], [[130, 128], [8, 206], 'l', 'rebrasti boki,\n9–14 cm']] },
  3140: { s: 0.92, tx: 12, ty: 20, calls: [[[150, 150], [312, 206], 'r', 'zelene lise na\nsvetli podlagi'], [[134, 110], [8, 132], 'l', 'zaušesni žlezi'], [[186, 88], [312, 52], 'r', 'vodoravna zenica']] },
  1105: { s: 0.92, tx: 13, ty: 26, calls: [[[124, 40], [8, 56], 'l', 'rogovju podobne\nčeljusti (samec)'], [[180, 170], [312, 150], 'r', 'kostanjevo rjave\npokrovke'], [[108, 71], [8, 136], 'l', 'kolenčaste\ntipalnice']] },
  3401: { s: 1.0, tx: 0, ty: 14, calls: [[[170, 190], [312, 212], 'r', 'modrosiv s črnimi\nžametnimi pegami'], [[34, 72], [8, 200], 'l', 'dolge tipalnice s\nčrnimi čopki']] },
  3402: { s: 1.0, tx: 0, ty: 12, calls: [[[174, 142], [312, 96], 'r', 'dve črni pegi na\nvsaki pokrovki'], [[146, 200], [8, 212], 'l', 'čokat, temnosiv'], [[70, 100], [8, 60], 'l', 'tipalnice dolge\nkot telo']] },
  3403: { s: 1.0, tx: 0, ty: 12, calls: [[[64, 140], [8, 212], 'l', 'zelo dolge,\nčlenaste tipalnice'], [[184, 110], [312, 56], 'r', 'nagubano oprsje\ns trnom ob strani'], [[170, 206], [312, 206], 'r', 'konci pokrovk\nrjavkasti']] },
  3404: { s: 1.05, tx: -8, ty: 6, calls: [[[184, 170], [312, 150], 'r', 'temnorjav,\nz leskom'], [[160, 110], [312, 56], 'r', 'vzdolžni grebeni na\noprsju (samec)'], [[150, 160], [8, 206], 'l', 'samci dišijo\npo marelicah']] },
  3405: { s: 1.0, tx: 0, ty: 16, calls: [[[80, 90], [8, 56], 'l', 'črna sprednja krila s\nsmetanastimi progami'], [[214, 170], [312, 216], 'r', 'rdeča zadnja krila\ns črnimi pegami']] },
  3406: { s: 1.0, tx: 0, ty: 14, calls: [[[120, 152], [8, 212], 'l', 'rdeče očesne pege,\nobrobljene s črno'], [[106, 98], [8, 46], 'l', 'črne pege na\nbelih krilih'], [[258, 100], [312, 150], 'r', 'sivo prosojen\nrob kril']] },
  3407: { s: 1.0, tx: 0, ty: 14, calls: [[[92, 110], [8, 50], 'l', 'oranžno-rjav,\nšahovničast vzorec'], [[209, 161], [312, 216], 'r', 'črne pike v\noranžnem pasu']] },
  3408: { s: 1.0, tx: 0, ty: 14, calls: [[[96, 110], [8, 46], 'l', 'samci bleščeče\noranžno zlati'], [[200, 104], [312, 46], 'r', 'črna lisica na\nsprednjem krilu'], [[246, 84], [312, 204], 'r', 'tanek črn rob']] },
  3409: { s: 1.05, tx: -6, ty: 6, calls: [[[172, 108], [312, 48], 'r', 'cimetasto rjava\nspodnja stran'], [[193, 92], [8, 56], 'l', 'ena vrsta črnih pik\nz belim robom'], [[160, 182], [8, 212], 'l', 'na glavicah zdravilne\nstrašnice']] },
};

function labelBox(lx, ly, side, text) {
  const lines = text.split('\n');
  const fs = 11;
  const w = Math.max(...lines.map((t) => t.length)) * fs * 0.54 + 12;
  const h = lines.length * 13 + 8;
  const x = side === 'l' ? lx : lx - w;
  const y = ly - h / 2;
  let t = `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${h}" rx="5" fill="#fff" fill-opacity=".94" stroke="#1f1f1f" stroke-opacity=".18"/>`;
  t += `<text x="${r1(x + 6)}" y="${r1(y + 15)}" font-size="${fs}" fill="#1f1f1f">`;
  lines.forEach((ln, i) => (t += `<tspan x="${r1(x + 6)}"${i ? ' dy="13"' : ''}>${esc(ln)}</tspan>`));
  t += '</text>';
  return { svg: t, box: [x, y, w, h] };
}

const EXTRAS = {
  person: () =>
    `<g transform="translate(268 112) scale(1.5)" fill="#6f6f6f" fill-opacity=".6">${circ(10, 6, 5.5)}<path d="M3 13H17L19.5 47H15.5L14 82H10.8L10 52L9.2 82H6L4.5 47H0.5Z"/></g>` +
    line('M306 56V236M301 56H311M301 236H311', '#444', 1.2) +
    `<text x="302" y="146" font-size="11" font-weight="700" fill="#333" text-anchor="end" transform="rotate(-90 302 146)">2–3 m</text>`,
  otterprint: () => {
    let s = circ(280, 74, 24, '#fff', 'fill-opacity=".94" stroke="#1f1f1f" stroke-opacity=".18"');
    s += el(280, 81, 8.5, 7, '#6a4a2e');
    for (const [x, y] of [[268, 68], [273, 61], [280, 58], [287, 61], [292, 68]]) s += el(x, y, 2.8, 3.5, '#6a4a2e');
    s += `<text x="250" y="78" font-size="10.5" fill="#1f1f1f" text-anchor="end">sled tačke</text>`;
    return s;
  },
  heartpupil: () => {
    let s = circ(276, 198, 26, '#fff', 'fill-opacity=".94" stroke="#1f1f1f" stroke-opacity=".18"');
    s += circ(276, 198, 19, '#c89a3a', sk('#5a4208', 1.4));
    s += path('M276 207C271 202 264 197 265.5 191.5C267 187 273 187 276 191C279 187 285 187 286.5 191.5C288 197 281 202 276 207Z', '#111');
    s += `<rect x="222" y="155" width="90" height="16" rx="4" fill="#fff" fill-opacity=".94"/><text x="308" y="167" font-size="11" fill="#1f1f1f" text-anchor="end">srčasta zenica</text>`;
    return s;
  },
};

function cardSvg(sp, grp) {
  const d = drawings[sp.id]();
  const c = cards[sp.id];
  let body = `<rect width="${W}" height="${H}" fill="#fbfaf6"/><rect width="${W}" height="${H}" fill="${grp.color}" fill-opacity=".1"/>`;
  body += el(160, 140, 150, 96, grp.color, 'fill-opacity=".12"');
  body += `<g transform="translate(${c.tx} ${c.ty}) scale(${c.s})">${d.g}</g>`;
  if (c.extra) body += EXTRAS[c.extra]();
  let leaders = '';
  let boxes = '';
  for (const [[px, py], [lx, ly], side, text] of c.calls) {
    const X = c.tx + px * c.s;
    const Y = c.ty + py * c.s;
    const lb = labelBox(lx, ly, side, text);
    const [bx, by, bw, bh] = lb.box;
    const ex = X < bx ? bx : X > bx + bw ? bx + bw : X;
    const ey = Y < by ? by : Y > by + bh ? by + bh : Y;
    const ax = Math.abs(ex - X) > Math.abs(ey - Y) ? ex : X < bx ? bx : X > bx + bw ? bx + bw : X;
    const ay = Math.abs(ex - X) > Math.abs(ey - Y) ? Math.min(Math.max(Y, by + 6), by + bh - 6) : ey;
    leaders += line(`M${r1(X)} ${r1(Y)}L${r1(ax)} ${r1(ay)}`, '#1f1f1f', 1.2);
    leaders += circ(X, Y, 3.2, '#fff', sk('#1f1f1f', 1.5));
    boxes += lb.svg;
  }
  body += leaders + boxes;
  // header
  body += `<rect width="${W}" height="30" fill="#fff" fill-opacity=".9"/><rect y="30" width="${W}" height="2" fill="${grp.color}"/>`;
  body += `<text x="12" y="20" font-size="13.5" font-weight="700" fill="#1f1f1f">${esc(sp.name)}</text>`;
  body += `<text x="308" y="20" font-size="10" font-style="italic" fill="#555" text-anchor="end">${esc(sp.latin)}</text>`;
  return svg(`${sp.name} – znaki za prepoznavanje`, `<g font-family="${FONT}">${body}</g>`, d.defs);
}

// ---------------------------------------------------------------- habitat scenes
const SH = 198; // scene height; the caption band sits below
const grad = (id, a, b) => `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
const skyRect = (id) => `<rect width="${W}" height="${SH}" fill="url(#${id})"/>`;

function ridge(y, amp, color, seed, n = 7, extra = '') {
  const rand = rng(seed);
  const pts = [[0, H]];
  for (let i = 0; i <= n; i++) pts.push([(i * W) / n, y - rand() * amp]);
  pts.push([W, H]);
  let d = `M0 ${H}L0 ${r1(pts[1][1])}`;
  for (let i = 1; i < pts.length - 2; i++) {
    const [x0, y0] = pts[i];
    const [x1, y1] = pts[i + 1];
    d += `Q${r1((x0 + x1) / 2)} ${r1(Math.min(y0, y1) - amp * 0.25)} ${r1(x1)} ${r1(y1)}`;
  }
  return path(d + `L${W} ${H}Z`, color, extra);
}

function peaks(list, color, snow) {
  let s = '';
  for (const [x, y, w] of list) {
    s += path(`M${x - w} ${SH}L${x} ${y}L${x + w} ${SH}Z`, color);
    s += path(`M${x} ${y}L${r1(x - w * 0.22)} ${r1(y + w * 0.3)}L${r1(x - w * 0.06)} ${r1(y + w * 0.24)}L${r1(x + w * 0.08)} ${r1(y + w * 0.32)}L${r1(x + w * 0.22)} ${r1(y + w * 0.3)}Z`, snow);
  }
  return s;
}

function grassTufts(seed, y0, y1, n, color, h = 10) {
  const rand = rng(seed);
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = rand() * W;
    const y = y0 + rand() * (y1 - y0);
    d += `M${r1(x)} ${r1(y)}l-3 -${r1(h * (0.6 + rand() * 0.6))}M${r1(x)} ${r1(y)}l2 -${r1(h * (0.7 + rand() * 0.6))}`;
  }
  return line(d, color, 1.3);
}

const beechTrunk = (x, top, w, c = '#a6a69c') => path(`M${x - w} ${SH}C${x - w * 0.8} ${top + 60} ${x - w * 0.5} ${top + 20} ${x - w * 0.4} ${top}L${x + w * 0.4} ${top}C${x + w * 0.5} ${top + 20} ${x + w * 0.8} ${top + 60} ${x + w} ${SH}Z`, c, sk('#7d7d74', 1));
const canopy = (list, c, op = 1) => `<g fill="${c}"${op < 1 ? ` fill-opacity="${op}"` : ''}>${list.map(([x, y, rx, ry]) => el(x, y, rx, ry ?? rx * 0.8, c).replace(` fill="${c}"`, '')).join('')}</g>`;
const fir = (x, y, h, c = '#2f5a3a') => path(`M${x} ${y}L${x + h * 0.28} ${y + h * 0.45}L${x + h * 0.14} ${y + h * 0.45}L${x + h * 0.36} ${y + h}L${x - h * 0.36} ${y + h}L${x - h * 0.14} ${y + h * 0.45}L${x - h * 0.28} ${y + h * 0.45}Z`, c);

function logPile(x, y, rows, r) {
  let s = '';
  for (let row = 0; row < rows; row++) {
    const n = rows - row + 1;
    for (let i = 0; i < n; i++) {
      const cx = x + (i - (n - 1) / 2) * r * 2;
      const cy = y - row * r * 1.75;
      s += circ(cx, cy, r, '#e2c48e', sk('#7a5530', 2)) + circ(cx, cy, r * 0.55, 'none', 'stroke="#c9a56c" stroke-width="1"') + circ(cx, cy, r * 0.15, '#b08a55');
    }
  }
  return s;
}

const water = (y, c = '#6fa8cf', y2 = SH) =>
  path(`M0 ${y}H${W}V${y2}H0Z`, c) + line(`M20 ${y + 8}h40M110 ${y + 14}h50M210 ${y + 7}h44M60 ${y + 22}h30M250 ${y + 20}h40`, '#fff', 1.4, 'stroke-opacity=".6"');

function reeds(x0, x1, yb, n, seed, c = '#7d9a4a') {
  const rand = rng(seed);
  let d = '';
  let heads = '';
  for (let i = 0; i < n; i++) {
    const x = x0 + rand() * (x1 - x0);
    const h = 30 + rand() * 34;
    d += `M${r1(x)} ${yb}q${r1((rand() - 0.5) * 8)} -${r1(h / 2)} ${r1((rand() - 0.5) * 10)} -${r1(h)}`;
    if (rand() > 0.6) heads += el(x + (rand() - 0.5) * 6, yb - h - 2, 2.2, 6, '#7a5a34');
  }
  return line(d, c, 1.6) + heads;
}

const oakCrown = (x, y, s, c = '#4f7a35') =>
  canopy([[x, y, 40 * s, 30 * s], [x - 34 * s, y + 10 * s, 26 * s, 22 * s], [x + 34 * s, y + 8 * s, 28 * s, 22 * s], [x - 14 * s, y - 18 * s, 24 * s, 20 * s], [x + 18 * s, y - 16 * s, 24 * s, 20 * s]], c);

// The species drawing is defined once in <defs> and placed with <use> (extra copies via m.at()).
function mini(id, x, y, s, rot = 0) {
  const d = drawings[id]();
  const at = (x, y, s, rot = 0) => `<use href="#m${id}" transform="translate(${x} ${y}) scale(${s})${rot ? ` rotate(${rot} 160 120)` : ''}"/>`;
  return { g: at(x, y, s, rot), defs: d.defs + `<g id="m${id}">${d.g}</g>`, at };
}

// flowers for meadows: small coloured dots on short stems
function flowers(seed, n, y0, y1, colors) {
  const rand = rng(seed);
  let st = '';
  let fl = '';
  for (let i = 0; i < n; i++) {
    const x = 6 + rand() * (W - 12);
    const y = y0 + rand() * (y1 - y0);
    st += `M${r1(x)} ${r1(y)}v8`;
    fl += circ(x, y, 2.4, colors[i % colors.length]);
  }
  return line(st, '#5f8a3a', 1) + fl;
}

const scenes = {
  1804: () => {
    const m = mini(1804, 96, 96, 0.36);
    let g = skyRect('sky') + peaks([[60, 40, 70], [180, 26, 90], [290, 48, 70]], '#b7bcc4', '#fff');
    g += ridge(130, 20, '#8fb86a', 1);
    g += beechTrunk(40, 20, 11) + beechTrunk(120, 0, 9) + beechTrunk(214, 10, 12) + beechTrunk(292, 30, 8);
    g += canopy([[30, 26, 60, 40], [150, 6, 80, 36], [280, 22, 70, 40]], '#7fb35a', 0.92);
    g += path(`M0 150Q160 130 320 152V${SH}H0Z`, '#a7c97a') + grassTufts(2, 156, 196, 40, '#6f9c4a');
    g += m.g + m.at(200, 120, 0.24);
    return { g, defs: grad('sky', '#cfe3f2', '#eef4e6') + m.defs, caption: 'Svetli bukovi gozdovi, predvsem v Alpah', months: 'maj–junij' };
  },
  2044: () => {
    const m = mini(2044, 150, 60, 0.45);
    let g = skyRect('sky') + peaks([[90, 20, 110], [236, 40, 90]], '#c3c6cc', '#fff');
    g += path('M0 120C80 100 200 110 320 96V198H0Z', '#98c06c') + path('M0 150C100 136 220 150 320 140V198H0Z', '#86b25c');
    g += spots(2044, 8, [10, 126, 310, 196], 5, 3, '#b9b6ad') + flowers(3, 16, 130, 192, ['#f5d547', '#ffffff', '#d86ad2']);
    g += m.g + m.at(20, 98, 0.3);
    return { g, defs: grad('sky', '#a9cdf0', '#e4f0f8') + m.defs, caption: 'Gorske trate: Krn, Črna prst, Porezen', months: 'julij–avgust' };
  },
  846: () => {
    const m = mini(846, 120, 60, 0.46);
    let g = skyRect('sky') + ridge(96, 20, '#9fbf8a', 4) + canopy([[40, 96, 40, 16], [270, 92, 56, 18]], '#6f9a5a');
    g += path('M0 110H320V198H0Z', '#a9cf7c') + path('M0 170C80 164 160 176 320 166V176C160 186 80 174 0 180Z', '#7fb0d6');
    g += grassTufts(5, 116, 196, 24, '#6f9c4a', 12) + reeds(0, 70, 176, 7, 6);
    g += m.g + m.at(0, 86, 0.3) + m.at(230, 92, 0.28);
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Vlažni in mokrotni travniki', months: 'junij–september' };
  },
  729: () => {
    const m = mini(729, 110, 26, 0.62);
    let g = skyRect('sky') + canopy([[30, 70, 60, 40], [300, 60, 60, 46]], '#7aa65a');
    g += path('M0 120H320V198H0Z', '#9cc46e') + path('M0 176C100 166 220 182 320 170V198H0Z', '#6fa8cf');
    g += grassTufts(7, 124, 170, 24, '#6f9c4a');
    g += m.g;
    g += `<g><rect x="10" y="10" width="128" height="24" rx="5" fill="#fff" stroke="#c62828" stroke-width="2"/>${path('M24 14L33 30H15Z', '#f7c948', sk('#c62828', 1.4))}<text x="24" y="28" font-size="11" font-weight="700" fill="#1f1f1f" text-anchor="middle">!</text><text x="40" y="26" font-size="11" font-weight="700" fill="#c62828">Ne dotikaj se!</text></g>`;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Bregovi potokov, jarki, opuščena zemljišča', months: 'junij–avgust' };
  },
  3332: () => {
    const m = mini(3332, 20, 40, 0.5);
    let g = skyRect('sky') + ridge(100, 16, '#a7c48e', 8);
    g += path('M0 126H320V198H0Z', '#a9cf7c') + path('M150 198C190 160 250 150 320 146V198Z', '#6fa8cf');
    g += m.g + m.at(120, 50, 0.44);
    g += grassTufts(9, 130, 196, 30, '#6f9c4a');
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Rečni bregovi, nasipi in robovi cest', months: 'maj–oktober, cveti avgusta' };
  },
  492: () => {
    const m = mini(492, 60, 62, 0.62);
    let g = skyRect('sky') + canopy([[40, 60, 70, 50], [200, 50, 90, 46], [310, 70, 50, 40]], '#6f9a55');
    g += path('M0 104C80 96 240 110 320 100V198H0Z', '#8fb86a') + water(130) + reeds(250, 320, 132, 12, 11) + reeds(0, 40, 132, 6, 12);
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Čiste reke in potoki z zaraščenimi bregovi', months: 'vse leto (sledi, iztrebki)' };
  },
  1186: () => {
    const m = mini(1186, 80, 66, 0.5);
    let g = skyRect('sky') + canopy([[30, 60, 60, 46], [250, 50, 90, 44]], '#7aa65a');
    g += path('M0 100H320V198H0Z', '#9cc46e') + water(150);
    g += beechTrunk(40, 40, 10, '#8c6a44');
    g += path('M196 148L284 124L288 136L204 158Z', '#8c6a44', sk('#5a3f24', 1.2)) + path('M284 124L296 126L298 134L288 136Z', '#e3c08a', sk('#5a3f24', 1));
    g += line('M230 140L226 120L218 112M252 134L256 114L264 108M226 120L234 112', '#6b4b2a', 2.2) + canopy([[218, 110, 8, 5], [264, 106, 8, 5], [236, 110, 6, 4]], '#7aa65a');
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Krka, Sotla, Mura, Drava: bregovi z vrbami', months: 'vse leto (oglodana drevesa)' };
  },
  3100: () => {
    const m = mini(3100, 96, 78, 0.5);
    let g = skyRect('sky') + ridge(70, 20, '#6f8f78', 13);
    for (const [x, y, h] of [[20, 50, 90], [70, 30, 110], [250, 36, 104], [300, 56, 84], [200, 60, 80]]) g += fir(x, y, h);
    g += path('M0 150C100 140 220 156 320 146V198H0Z', '#8aa56a') + path('M40 160C60 150 90 150 100 162Z', '#a3a39a');
    g += m.g;
    return { g, defs: grad('sky', '#c8dcea', '#eef2ea') + m.defs, caption: 'Obsežni dinarski gozdovi', months: 'vse leto' };
  },
  2140: () => {
    const m = mini(2140, 84, 70, 0.56);
    let g = skyRect('sky') + ridge(80, 24, '#7b9a84', 14);
    for (const [x, y, h] of [[24, 40, 100], [280, 30, 110], [230, 60, 80], [120, 60, 70]]) g += fir(x, y, h);
    g += path('M0 156C120 146 220 160 320 150V198H0Z', '#9ab878');
    g += m.g;
    return { g, defs: grad('sky', '#c8dcea', '#eef2ea') + m.defs, caption: 'Dinarski gozdovi in gozdne jase', months: 'vse leto' };
  },
  366: () => {
    const m = mini(366, 110, 96, 0.44);
    let g = skyRect('sky') + beechTrunk(290, 60, 10, '#8c6a44') + canopy([[280, 40, 70, 56], [200, 60, 40, 36]], '#6f9a55');
    g += path('M0 130H320V198H0Z', '#9cc46e');
    let fence = '';
    for (let x = 10; x < 170; x += 24) fence += `M${x} 130V92`;
    g += line(fence + 'M4 100H176M4 118H176', '#a58057', 4);
    g += grassTufts(15, 134, 196, 24, '#6f9c4a') + flowers(16, 10, 136, 190, ['#ffffff', '#f5d547']);
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Vrtovi, gozdni robovi, mejice (do 1800 m)', months: 'april–oktober' };
  },
  2195: () => {
    const m = mini(2195, 80, 86, 0.5);
    let g = `<rect width="${W}" height="${SH}" fill="url(#sky)"/>`;
    g += path('M0 20H320', 'none', 'stroke="#fff" stroke-width="2" stroke-opacity=".7"');
    g += path('M0 150C80 140 200 156 320 144V198H0Z', '#e3d4b0') + spots(2198, 18, [6, 156, 314, 196], 7, 4, '#b9a988');
    g += line('M20 40h50M120 56h60M220 36h60M40 80h40M240 90h50', '#fff', 1.5, 'stroke-opacity=".6"') + reeds(270, 320, 150, 5, 17, '#5f8f5a');
    g += m.g;
    return { g, defs: grad('sky', '#8fc0dc', '#cfe6ea') + m.defs, caption: 'Čisti potoki s peščenim ali prodnatim dnom', months: 'vse leto' };
  },
  701: () => {
    const m = mini(701, 150, 110, 0.4);
    let g = skyRect('sky') + ridge(70, 20, '#6f9a65', 18) + water(86, '#5f9fc8');
    g += path('M0 84C40 78 70 80 90 86L0 90Z', '#7aa65a');
    g += path('M40 120H190V128H40Z', '#a47b50', sk('#6b4b2a', 1)) + line('M60 128V198M120 128V198M180 128V198', '#7a5530', 7);
    g += path('M220 104C240 112 280 112 300 104L296 114C280 118 240 118 224 114Z', '#c9583a', sk('#7a2a18', 1));
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Drava, Blejsko jezero: kamni, pomoli, čolni', months: 'vse leto' };
  },
  675: () => {
    const m = mini(675, 56, 88, 0.56);
    let g = skyRect('sky') + canopy([[40, 20, 70, 30], [260, 16, 80, 30]], '#6f9a55');
    g += path('M0 30H320V140H0Z', '#9a9a92') + path('M120 140C120 100 140 70 170 70C200 70 220 100 220 140Z', '#2e3238');
    g += path('M150 140C156 120 184 120 190 140Z', '#6fb0d8') + path('M0 138H320V198H0Z', '#7fbad8') + line('M30 150h40M200 160h50M90 176h40', '#fff', 1.4, 'stroke-opacity=".7"');
    g += spots(675, 12, [4, 36, 316, 130], 12, 5, '#b2b2aa', (x) => x < 110 || x > 230);
    g += m.g;
    return { g, defs: grad('sky', '#c8dcea', '#eef2ea') + m.defs, caption: 'Podzemne kraške vode; včasih na izvirih', months: 'vse leto (po visokih vodah)' };
  },
  1301: () => {
    let g = skyRect('sky') + beechTrunk(30, 40, 9) + beechTrunk(290, 30, 10) + canopy([[40, 30, 80, 50], [270, 30, 80, 50]], '#6f9a55');
    g += path('M0 118H320V198H0Z', '#8fb86a') + path('M40 198L138 118H182L280 198Z', '#b89a72');
    g += path('M84 198L146 118H154L112 198Z', '#8d6f4c') + path('M208 198L166 118H174L236 198Z', '#8d6f4c');
    g += el(104, 184, 16, 6, '#8fb4d6', sk('#6d5236', 1)) + el(142, 142, 7, 3, '#8fb4d6') + el(218, 178, 14, 5, '#8fb4d6', sk('#6d5236', 1)) + el(180, 146, 6, 2.6, '#8fb4d6');
    g += `<g transform="translate(62 136) scale(.27)">${useAnuran('s1301a', '#7d7258', '#3f3829')}</g>`;
    g += `<g transform="translate(178 128) scale(.24) rotate(30 160 130)">${useAnuran('s1301a', '#857a5e', '#3f3829')}</g>`;
    return { g, defs: grad('sky', '#c8dcea', '#eef2ea') + anuran('s1301a').defs, caption: 'Luže v kolesnicah gozdnih poti', months: 'april–avgust' };
  },
  1182: () => {
    const m = mini(1182, 70, 80, 0.5);
    let g = skyRect('sky') + canopy([[30, 60, 60, 40], [290, 54, 60, 40]], '#6f9a55');
    g += path('M0 96H320V198H0Z', '#8fb86a') + el(160, 150, 170, 56, '#6fa8cf') + reeds(0, 60, 130, 7, 21) + reeds(260, 320, 130, 6, 22);
    g += line('M120 120h40M200 132h30M100 180h40', '#fff', 1.4, 'stroke-opacity=".6"');
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Mlake in ribniki brez rib', months: 'marec–junij' };
  },
  512: () => {
    const m = mini(512, 90, 84, 0.5);
    let g = skyRect('sky') + peaks([[70, 20, 100], [230, 10, 110]], '#9a9ea6', '#e8ecf0');
    g += canopy([[60, 30, 70, 22], [240, 26, 90, 24]], '#8c96a3', 0.8);
    g += path('M0 120C100 110 200 126 320 114V198H0Z', '#8aa86c') + path('M60 198C80 150 180 140 260 160L280 198Z', '#8d9097');
    let rain = '';
    for (let i = 0; i < 30; i++) rain += `M${(i * 53) % 320} ${(i * 37) % 120 + 20}l-4 12`;
    g += line(rain, '#5f7fa8', 1.2, 'stroke-opacity=".6"');
    g += m.g;
    return { g, defs: grad('sky', '#9aa6b4', '#dfe5ea') + m.defs, caption: 'Julijske Alpe, Karavanke, Snežnik', months: 'maj–september, po dežju' };
  },
  3140: () => {
    const m = mini(3140, 120, 110, 0.3);
    let g = skyRect('sky') + path('M0 60L60 90L150 70L240 96L320 74V198H0Z', '#d8cdb4') + path('M0 110H320V198H0Z', '#cbbf9f');
    g += el(110, 160, 90, 20, '#8fc0dc') + el(250, 150, 50, 12, '#8fc0dc') + spots(3140, 12, [6, 116, 314, 196], 4, 3, '#a89c80');
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Gramoznice in plitve, sončne mlake', months: 'april–junij (oglašanje)' };
  },
  1105: () => {
    const m = mini(1105, 150, 40, 0.42, -20);
    let g = skyRect('sky') + circ(270, 40, 14, '#fdf0c4');
    g += beechTrunk(60, 60, 14, '#4a3a2a') + oakCrown(60, 50, 1.1, '#3f5a35');
    g += path('M0 160C120 150 220 164 320 154V198H0Z', '#4f6a3a');
    g += m.g;
    return { g, defs: grad('sky', '#3b4a78', '#e6a867') + m.defs, caption: 'Stari hrastovi gozdovi; leti v mraku', months: 'maj–avgust' };
  },
  3401: () => {
    const m = mini(3401, 150, 68, 0.32, 10);
    let g = skyRect('sky') + beechTrunk(30, 20, 10) + beechTrunk(110, 0, 8) + beechTrunk(290, 10, 11);
    g += canopy([[40, 16, 80, 40], [200, 6, 100, 40], [310, 26, 60, 40]], '#7fb35a', 0.92);
    g += path('M0 156Q160 140 320 158V198H0Z', '#a7c97a') + logPile(198, 178, 3, 17);
    g += m.g;
    return { g, defs: grad('sky', '#cfe3f2', '#eef4e6') + m.defs, caption: 'Bukovi gozdovi, pogosto na zloženih hlodih', months: 'julij–sredina avgusta' };
  },
  3402: () => {
    const m = mini(3402, 120, 92, 0.3);
    let g = skyRect('sky') + beechTrunk(60, 20, 10) + beechTrunk(170, 10, 8) + canopy([[60, 16, 90, 40], [200, 10, 70, 34]], '#6f9a55');
    g += fir(262, 20, 120);
    g += path('M0 150Q160 140 320 152V198H0Z', '#9cc070');
    g += path('M130 176V150C130 144 190 144 190 150V176Z', '#b08a5a', sk('#6b4b2a', 1.4)) + el(160, 150, 30, 8, '#e2c48e', sk('#6b4b2a', 1.4)) + circ(160, 150, 14, 'none', 'stroke="#c9a56c"');
    g += m.g;
    return { g, defs: grad('sky', '#cfe3f2', '#eef4e6') + m.defs, caption: 'Bukovi in jelovi gozdovi: štori, posekan les', months: 'maj–julij' };
  },
  3403: () => {
    const m = mini(3403, 128, 92, 0.26, 0);
    let g = skyRect('sky') + path('M0 150C100 140 220 154 320 146V198H0Z', '#a9cf7c');
    g += path('M140 198C146 160 148 120 146 90L174 90C172 120 174 160 180 198Z', '#6b5238', sk('#3f2f20', 1.2));
    g += line('M150 96C130 80 110 70 90 66M170 96C190 80 214 72 236 70', '#6b5238', 8);
    g += oakCrown(160, 56, 1.7, '#4f7a35');
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Stari hrasti na gozdnih robovih in v parkih', months: 'junij–julij' };
  },
  3404: () => {
    const m = mini(3404, 136, 92, 0.26);
    let g = skyRect('sky') + path('M0 150C100 140 220 154 320 146V198H0Z', '#a9cf7c');
    g += path('M120 198C124 160 118 110 104 70L214 70C202 110 196 160 200 198Z', '#7a6a52', sk('#4a3f30', 1.4));
    g += line('M110 72C90 50 80 40 70 30M210 72C230 52 240 40 252 30M150 70V40M170 70L180 36', '#7a6a52', 8);
    g += canopy([[70, 28, 30, 16], [252, 28, 30, 16], [150, 30, 24, 14], [184, 30, 24, 14]], '#9bb86a');
    g += el(160, 112, 16, 24, '#2e241a');
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Dupla starih dreves: vrbe, hrasti, lipe', months: 'julij–september' };
  },
  3405: () => {
    const m = mini(3405, 120, 56, 0.42);
    let g = skyRect('sky') + canopy([[40, 40, 80, 60], [200, 30, 70, 50], [300, 50, 60, 50]], '#5f8a4a');
    g += path('M0 120H320V198H0Z', '#9cc46e');
    let stems = '';
    let heads = '';
    for (const [x, y] of [[40, 130], [90, 150], [220, 136], [280, 150], [150, 172], [256, 176]]) {
      stems += `M${x} ${y + 50}V${y}M${x} ${y + 22}l-9 -6M${x} ${y + 22}l9 -6`;
      heads += `<use href="#s3405k" x="${x}" y="${y}"/>`;
    }
    let cl = '';
    for (const [x, y] of [[-10, 0], [-5, -4], [0, -6], [5, -4], [10, 0], [-6, 2], [6, 2], [0, 0]]) cl += `<circle cx="${x}" cy="${y}" r="3.6"/>`;
    g += line(stems, '#5f8a3a', 2) + heads;
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs + `<g id="s3405k" fill="#dc9cc4" stroke="#b2709a" stroke-width=".6">${cl}</g>`, caption: 'Gozdni robovi in jase s konjsko grivo', months: 'julij–avgust' };
  },
  3406: () => {
    const m = mini(3406, 100, 50, 0.46);
    let g = skyRect('sky') + peaks([[60, 30, 90], [210, 16, 110], [310, 50, 60]], '#b7bcc4', '#fff');
    g += path('M0 120C100 100 220 116 320 104V198H0Z', '#9cc06e') + spots(3406, 10, [10, 130, 310, 196], 8, 4, '#c2c0b8');
    g += flowers(25, 26, 126, 192, ['#f5d547', '#d86ad2', '#ffffff']);
    g += m.g;
    return { g, defs: grad('sky', '#a9cdf0', '#e4f0f8') + m.defs, caption: 'Sončne gorske trate, 1000–2000 m', months: 'junij–julij' };
  },
  3407: () => {
    const m = mini(3407, 110, 60, 0.4);
    let g = skyRect('sky') + ridge(96, 18, '#9fbf8a', 26) + path('M0 116H320V198H0Z', '#a9cf7c');
    g += grassTufts(27, 120, 196, 16, '#6f9c4a', 12) + flowers(28, 12, 124, 192, ['#c9a7e8', '#ffffff', '#f5d547']);
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Cvetoči vlažni in suhi travniki', months: 'maj–junij' };
  },
  3408: () => {
    const m = mini(3408, 120, 54, 0.38);
    let g = skyRect('sky') + ridge(96, 16, '#9fbf8a', 29) + path('M0 112H320V198H0Z', '#a3cc7a');
    g += path('M0 160C80 150 200 170 320 156V170C200 184 80 164 0 174Z', '#7fb0d6') + reeds(0, 320, 162, 26, 30);
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Močvirni travniki in obrežja jarkov', months: 'maj–september' };
  },
  3409: () => {
    const m = mini(3409, 100, 40, 0.56);
    let g = skyRect('sky') + ridge(90, 16, '#9fbf8a', 31) + path('M0 110H320V198H0Z', '#a9cf7c');
    g += grassTufts(32, 114, 196, 30, '#6f9c4a', 12);
    const rand = rng(33);
    for (let i = 0; i < 12; i++) {
      const x = 10 + rand() * 300;
      const y = 120 + rand() * 60;
      g += line(`M${r1(x)} ${r1(y + 30)}V${r1(y)}`, '#5d7f3a', 1.4) + el(x, y - 4, 4, 6, '#7a1630');
    }
    g += m.g;
    return { g, defs: grad('sky', '#bcd9f0', '#eef6ea') + m.defs, caption: 'Vlažni travniki z zdravilno strašnico', months: 'julij–avgust' };
  },
};

function habitatSvg(sp, grp) {
  const sc = scenes[sp.id]();
  let body = sc.g;
  body += `<rect y="${SH}" width="${W}" height="${H - SH}" fill="#fff"/><rect y="${SH}" width="6" height="${H - SH}" fill="${grp.color}"/>`;
  body += `<text x="14" y="${SH + 17}" font-size="12" font-weight="700" fill="#1f1f1f">${esc(sc.caption)}</text>`;
  body += `<text x="14" y="${SH + 34}" font-size="11" fill="#444">Čas opazovanja: <tspan font-weight="700" fill="#1f1f1f">${esc(sc.months)}</tspan></text>`;
  return svg(`${sp.name} – življenjski prostor`, `<g font-family="${FONT}">${body}</g>`, sc.defs);
}

// ---------------------------------------------------------------- "other" entries (neutral grey)
function toGrey(s) {
  return s.replace(/#([0-9a-fA-F]{6})\b/g, (m) => {
    const v = Math.round(255 * lum(m) ** (1 / 2.2));
    const gv = Math.round(60 + v * 0.7);
    const h = gv.toString(16).padStart(2, '0');
    return `#${h}${h}${h}`;
  });
}

const others = {
  plants: () => {
    let g = line('M160 232C158 190 162 150 160 96', '#6a6a6a', 5);
    g += leafRibbed(132, 186, 13, 34, -40, '#9a9a9a', '#6a6a6a') + leafRibbed(188, 160, 12, 30, 42, '#a4a4a4', '#6a6a6a');
    let petals = '';
    for (let i = 0; i < 5; i++) petals += `<ellipse cx="160" cy="58" rx="14" ry="24" transform="rotate(${i * 72} 160 82)"/>`;
    g += `<g fill="#b9b9b9" stroke="#6a6a6a" stroke-width="1.4">${petals}</g>` + circ(160, 82, 11, '#848484', sk('#5e5e5e', 1.4));
    return g;
  },
  mammals: () => {
    const c = '#848484';
    const s = sk('#5e5e5e', 1.4);
    let g = path('M228 124C256 112 282 120 290 140C282 134 262 132 246 140Z', '#9a9a9a', s);
    g += path('M106 128L118 128L116 196L104 196Z', '#777', s) + path('M204 128L216 128L220 194L208 194Z', '#777', s);
    g += el(166, 130, 70, 32, c, s);
    g += path('M120 140L134 140L132 204L118 204Z', c, s) + path('M190 140L204 140L210 202L196 202Z', c, s);
    g += el(92, 106, 28, 22, c, s) + path('M66 110C56 112 46 116 40 120C46 126 58 126 70 122Z', c, s);
    g += path('M80 88L86 64L98 86Z', c, s) + path('M98 86L110 66L112 92Z', c, s);
    g += circ(80, 102, 2.6, '#3a3a3a') + circ(41, 120, 3, '#3a3a3a');
    return g;
  },
  molluscs: () => toGrey(drawings[366]().g),
  amphibians: () => {
    const a = anuran('o12a');
    let g = `<defs>${a.defs}</defs>` + useAnuran('o12a', '#8e8e8e', '#5e5e5e');
    g += circ(134, 86, 8, '#a6a6a6', sk('#5e5e5e', 1.3)) + circ(186, 86, 8, '#a6a6a6', sk('#5e5e5e', 1.3));
    g += circ(134, 86, 3.4, '#333') + circ(186, 86, 3.4, '#333');
    return g;
  },
  beetles: () => toGrey(drawings[3404]().g),
  butterflies: () => {
    const d = drawings[3408]();
    return `<defs>${toGrey(d.defs)}</defs>` + toGrey(d.g);
  },
};

// ---------------------------------------------------------------- output
const written = [];
const put = (name, text) => {
  writeFileSync(new URL(name, OUT), text);
  written.push([name, Buffer.byteLength(text)]);
};
for (const grp of catalogue.groups) {
  for (const sp of grp.species) {
    const d = drawings[sp.id]();
    put(`${sp.id}.svg`, svg(sp.name, backdrop(grp.color) + d.ctx + d.g, d.defs));
    put(`${sp.id}-znaki.svg`, cardSvg(sp, grp));
    put(`${sp.id}-habitat.svg`, habitatSvg(sp, grp));
  }
  put(`other-${grp.key}.svg`, svg(grp.other.name, backdrop(catalogue.otherColor) + others[grp.key]()));
}
if (process.argv.includes('--sizes')) for (const [n, b] of written) console.log(String(b).padStart(6), n);
console.log(`${written.length} SVG files written to public/species/`);
