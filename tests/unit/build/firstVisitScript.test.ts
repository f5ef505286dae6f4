import { describe, expect, it } from 'vitest';
import { firstVisitHtml, firstVisitScriptText } from '../../../build/firstVisitScript.ts';
import { inlineScriptHashes } from '../../../server/http/securityHeaders.ts';

/** index.html as Vite writes it, before the first-visit rewrite. */
const BUILT = `<!doctype html>
<html lang="sl">
  <head>
    <meta charset="UTF-8" />
    <title>Sporoči vrsto</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B.js">
    <link rel="modulepreload" crossorigin href="/assets/core-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the first-visit rewrite of index.html', () => {
  it('moves the app’s scripts into the template, before which nothing is fetched, and inlines the script after it', () => {
    const html = firstVisitHtml(BUILT, 'window.x=1;');
    const head = html.slice(0, html.indexOf('<title>'));
    expect(head).toBe(
      '<!doctype html>\n<html lang="sl">\n  <head>\n    <meta charset="UTF-8" />\n' +
        '    <template id="sv-app"><script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/runtime-B.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/core-C.js"></template>\n' +
        '    <script>window.x=1;</script>\n    ',
    );
    // Outside the template nothing of the app's JavaScript is left; the stylesheet stays for the first frame.
    const outside = html.replace(/<template[\s\S]*?<\/template>/, '');
    expect(outside).not.toMatch(/modulepreload|type="module"/);
    expect(outside).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D.css">');
    expect(html).toMatch(/<div id="root"><div class="loading-screen"[^]*Nalaganje<\/p>/);
    expect(inlineScriptHashes(html)).toHaveLength(1);
  });

  it('fails the build when Vite’s page no longer looks as expected', () => {
    expect(() => firstVisitHtml(BUILT.replace('<div id="root"></div>', '<main></main>'), '')).toThrow(/#root/);
    expect(() => firstVisitHtml(BUILT.replace(/<script type="module"[^\n]*\n/, ''), '')).toThrow(/entry script/);
  });

  it('bundles the script small and self-contained (no import, no oidc-client-ts)', async () => {
    const text = await firstVisitScriptText();
    expect(text).not.toMatch(/\bimport\b|oidc-client-ts|\bLogger\b/);
    expect(text.length).toBeLessThan(4096);
    expect(text).toContain('window.svFirstVisit=');
  });
});
