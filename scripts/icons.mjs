#!/usr/bin/env node
// Generates the web app manifest's PNG icons in public/icons/ from public/logo.svg:
//   icon-192.png, icon-512.png   purpose 'any': the logo on a transparent square, small margin
//   icon-maskable-512.png        purpose 'maskable': the logo inside the 80 % safe zone on the
//                                app's background colour, so any mask shape keeps it whole
// Uses sharp (a dependency). Deterministic: re-running gives the same files.
// Run: node scripts/icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const root = new URL('..', import.meta.url);
const logo = readFileSync(new URL('public/logo.svg', root));
const outDir = new URL('public/icons/', root);
mkdirSync(outDir, { recursive: true });

/** The manifest's background_color, also the maskable icon's full-bleed fill. */
const BACKGROUND = '#f2f7f3';

/** Renders the logo `inner` px wide, centred on a `size` px square filled with `background`. */
async function icon(size, inner, background, file) {
  const drawn = await sharp(logo, { density: Math.ceil((72 * inner) / 64) * 2 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: drawn, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toFile(new URL(file, outDir).pathname);
  console.log(`public/icons/${file} (${size}×${size})`);
}

const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
await icon(192, 176, transparent, 'icon-192.png');
await icon(512, 468, transparent, 'icon-512.png');
// The maskable safe zone is a centred circle of 80 % of the size; the logo (a pin, taller
// than wide) fits inside it at 60 %.
await icon(512, 308, BACKGROUND, 'icon-maskable-512.png');
