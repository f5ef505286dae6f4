import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Options of the security headers. */
export interface SecurityHeadersOptions {
  /**
   * The identity provider's issuer (`authority` of /identity.json). When it is another origin
   * (e.g. Keycloak), the app's sign-in needs it in connect-src (discovery, token, JWKS) and
   * form-action (the redirect to its login page and logout form).
   */
  authority: string;
  /** The origin users see (PUBLIC_URL); the provider counts as "another origin" only when it differs. */
  publicUrl: string;
  /**
   * Other origins the app loads images and data from: an atlas host of species images
   * (/config.json `speciesImages.base`) and the real tile services of a deployment (EXTRA_ORIGINS).
   */
  extraOrigins?: readonly string[];
  /**
   * CSP hash sources (`'sha256-…'`) of the inline scripts of the built index.html: the
   * first-visit script (build/firstVisitScript.ts). Nothing else inline runs.
   */
  inlineScripts?: readonly string[];
}

/** A CSP hash source of an inline script or style: `'sha256-<base64>'` of its exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The CSP hash sources of the inline scripts (`<script>` without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map(cspHash);
}

/** The inline-script hashes of the built app's index.html in `distDir` (none when it is not built). */
export function builtIndexScriptHashes(distDir: string): string[] {
  const file = join(distDir, 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}

/** The origin of `url`, or null when it is not an http(s) URL. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of the app's HTML (index.html and the SPA shell). It allows only
 * what the built app uses:
 * - scripts: the module bundles and the service worker /sw.js, all same-origin, and the one
 *   inline first-visit script of index.html by its hash; no other inline script, no eval;
 * - workers: the module data-core worker and the service worker, same-origin;
 * - styles: the bundled stylesheet; React `style={…}` and OpenLayers set element.style through
 *   the CSSOM, which style-src does not govern, so no 'unsafe-inline';
 * - images: same-origin (icons, species pictures, tiles), data: (OpenLayers' SVG icons) and
 *   blob: (photo previews and stored tiles shown through object URLs);
 * - connections: same-origin (/api, /tiles, /identity.json, /idp) plus the provider's origin;
 * - no framing, no <base>, forms only to self and the provider.
 */
export function appContentSecurityPolicy(
  authority: string,
  publicUrl: string,
  extraOrigins: readonly string[] = [],
  inlineScripts: readonly string[] = [],
): string {
  const self = originOf(publicUrl);
  const idp = originOf(authority);
  const extra = idp && idp !== self ? ` ${idp}` : '';
  const others = [...new Set(extraOrigins.map(originOf).filter((o): o is string => !!o && o !== self))];
  const more = others.length ? ` ${others.join(' ')}` : '';
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(' '),
    "worker-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${more}`,
    "font-src 'self'",
    `connect-src 'self'${extra}${more}`,
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action 'self'${extra}`,
  ].join('; ');
}

/** Headers every app page gets besides the CSP. */
export const APP_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'geolocation=(self), camera=(self), microphone=(self), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Adds the security headers. The app's HTML gets the CSP and the page headers; every other
 * response outside /idp (API JSON, tiles, assets, /identity.json) gets `nosniff`. /idp is left
 * alone: the provider sets its own strict CSP and page headers (server/idp/pages.ts), and its
 * requests are hijacked from Fastify anyway.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): void {
  const csp = appContentSecurityPolicy(opts.authority, opts.publicUrl, opts.extraOrigins ?? [], opts.inlineScripts);
  app.addHook('onSend', async (req, reply, payload) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/idp' || path.startsWith('/idp/')) return payload;
    void reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    // A page that brings its own, stricter policy (the privacy page, server/http/privacyPage.ts) keeps it.
    if (/^text\/html\b/i.test(type)) {
      void reply.headers({
        ...APP_PAGE_HEADERS,
        'content-security-policy': String(reply.getHeader('content-security-policy') ?? '') || csp,
      });
    }
    return payload;
  });
}
