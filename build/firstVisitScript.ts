/**
 * Vite plugin: puts the first-visit script (src/auth/firstVisitEntry.ts, see
 * src/auth/firstVisit.ts) at the top of index.html's head as one small inline classic script, so
 * a visitor without a session is on the way to the provider before the browser has even asked
 * for the app's bundle, which that script starts only for everyone else (src/auth/appStart.ts).
 * It is bundled on its own by esbuild (an IIFE, minified) and never part of the app's chunks.
 * The server allows it in its Content-Security-Policy by its SHA-256 hash, read from the built
 * index.html at start (server/http/securityHeaders.ts, `inlineScriptHashes`).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { firstFrameHtml } from '../src/app/firstFrame.ts';
import { sl } from '../src/i18n/sl.ts';
import { APP_TEMPLATE_ID } from '../src/auth/appStart.ts';

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
/** The `<meta charset>` that must stay in the first 1024 bytes; the template and script go right after it. */
const CHARSET = /<meta charset="UTF-8" \/>\n/i;
/** The app's entry script and its preloads, as Vite writes them into index.html. */
const APP_TAGS = /[ \t]*(?:<script\b[^>]*\btype="module"[^>]*><\/script>|<link\b[^>]*\brel="modulepreload"[^>]*>)\n?/g;

/**
 * The built index.html for the first visit: the app's entry script and preloads moved into
 * `<template id="sv-app">` (src/auth/appStart.ts), the first-visit script right after it, both
 * right after `<meta charset>` so that nothing is fetched first, and the loading screen in #root
 * (src/app/firstFrame.ts) so that the page says 'Nalaganje' from its first paint.
 */
export function firstVisitHtml(html: string, script: string): string {
  const tags = html.match(APP_TAGS)?.map((t) => t.trim()) ?? [];
  if (!CHARSET.test(html) || !html.includes(ROOT) || !tags.some((t) => t.startsWith('<script')))
    throw new Error(
      'index.html: <meta charset="UTF-8" />, an empty #root or the entry script not found for the first visit',
    );
  return html
    .replace(APP_TAGS, '')
    .replace(
      CHARSET,
      (m) => `${m}    <template id="${APP_TEMPLATE_ID}">${tags.join('')}</template>\n    <script>${script}</script>\n`,
    )
    .replace(ROOT, () => `<div id="root">${firstFrameHtml(sl.loading)}</div>`);
}

/** Rewrites the built index.html for the first visit (the dev server keeps the plain page and lets the app sign in). */
export function firstVisitScript(): Plugin {
  return {
    name: 'sporoci-vrsto:first-visit-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        return firstVisitHtml(html, await firstVisitScriptText());
      },
    },
  };
}
