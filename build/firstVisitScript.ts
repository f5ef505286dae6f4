/**
 * Vite plugin: puts the first-visit script (src/auth/firstVisitEntry.ts, see
 * src/auth/firstVisit.ts) at the top of index.html's head as one small inline classic script, so
 * a visitor without a session is on the way to the provider before the browser has even asked
 * for the app's bundle. It is bundled on its own by esbuild (an IIFE, minified) and never part
 * of the app's chunks. The server allows it in its Content-Security-Policy by its SHA-256 hash,
 * read from the built index.html at start (server/http/securityHeaders.ts, `inlineScriptHashes`).
 * It also writes the first frame (the loading screen) into #root.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { firstFrameHtml } from '../src/app/firstFrame.ts';
import { sl } from '../src/i18n/sl.ts';

const ENTRY = fileURLToPath(new URL('../src/auth/firstVisitEntry.ts', import.meta.url));

/** The first-visit script, bundled and minified. */
export async function firstVisitScriptText(): Promise<string> {
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild gave no output for the first-visit script');
  return file.text.trim();
}

/** The empty #root that gets the first frame (the loading screen). */
const ROOT = '<div id="root"></div>';

/** The `<meta charset>` that must stay in the first 1024 bytes; the script goes right after it. */
const CHARSET = /<meta charset="UTF-8" \/>\n/i;

/**
 * Inlines the first-visit script right after index.html's `<meta charset>`, before anything is
 * fetched, and puts the loading screen in #root (src/app/firstFrame.ts) so that the page says
 * 'Nalaganje' from its first paint.
 */
export function firstVisitScript(): Plugin {
  return {
    name: 'sporoci-vrsto:first-visit-script',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!CHARSET.test(html) || !html.includes(ROOT))
          throw new Error('index.html: <meta charset="UTF-8" /> or an empty #root not found for the first visit');
        const script = await firstVisitScriptText();
        return html
          .replace(CHARSET, (m) => `${m}    <script>${script}</script>\n`)
          .replace(ROOT, () => `<div id="root">${firstFrameHtml(sl.loading)}</div>`);
      },
    },
  };
}
