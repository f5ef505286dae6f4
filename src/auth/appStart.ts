/**
 * The app's own scripts are not started by index.html's markup but by its first script: the
 * build moves the entry `<script type="module">` and its `modulepreload` links into
 * `<template id="sv-app">` (build/firstVisitScript.ts), where the browser neither fetches nor
 * runs them. A visitor who is sent straight to the provider (src/auth/firstVisit.ts) then
 * downloads and runs none of the app; everyone else gets it at once, as before.
 */

/** The id of the template that holds the app's script and preload tags. */
export const APP_TEMPLATE_ID = 'sv-app';

/**
 * Starts the app: copies the template's tags into <head> (new elements, so that they load and
 * run), the preloads at once and the entry when the document is parsed (#root must exist).
 * Only the first call does anything; without the template (the dev server) nothing happens.
 */
export function startApp(d: Document): void {
  const t = d.getElementById(APP_TEMPLATE_ID);
  if (!t || !('content' in t)) return;
  t.remove();
  const scripts: Element[] = [];
  for (const el of Array.from((t as HTMLTemplateElement).content.children)) {
    const copy = d.createElement(el.localName);
    for (const a of Array.from(el.attributes)) copy.setAttribute(a.name, a.value);
    if (copy.localName === 'script') scripts.push(copy);
    else d.head.append(copy);
  }
  const run = (): void => d.head.append(...scripts);
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}
