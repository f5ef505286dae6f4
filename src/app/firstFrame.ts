/**
 * The first frame of index.html, inside #root before any JavaScript runs: the loading screen
 * as `LoadingScreen` draws it while the session is missing ('Nalaganje'). A phone on a
 * slow line shows it at once instead of a blank page, while the first-visit script asks for the
 * provider or the app's bundle comes in; React replaces it on its first render.
 * build/firstVisitScript.ts writes it into the built index.html.
 */
export function firstFrameHtml(loading: string): string {
  return (
    '<div class="loading-screen" role="status" aria-live="polite">' +
    '<img src="/logo.svg" alt="" width="72" height="72" />' +
    `<p class="loading-title">${loading}</p>` +
    '<div class="spinner" aria-hidden="true"></div>' +
    '</div>'
  );
}
