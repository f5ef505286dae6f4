import { cspHash } from '../http/securityHeaders.ts';
import { PRIVACY_SECTIONS, PRIVACY_TITLE } from '../../domain/privacy.ts';

/**
 * The provider's pages (login, logout, logout done, error): Slovenian, mobile-first, no
 * external resources. The one stylesheet and the one script are inline and allowed by their
 * hashes in a strict Content-Security-Policy.
 */

/** Escapes text for HTML content and attribute values. */
export function esc(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

// #0C7F3F on white is 5.1:1 (AA); #A1001B on #FDECEE is 7.6:1; #3D4A42 on white is 9.6:1.
const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1B221E;background:#EEF4F0;display:flex;flex-direction:column;align-items:center}
main{width:100%;max-width:26rem;background:#fff;padding:1.5rem 1.25rem 2rem;min-height:100vh}
@media (min-width:481px){body{padding:3rem 1rem}main{min-height:0;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:2rem}}
.brand{display:flex;align-items:center;gap:.6rem;color:#0C7F3F;font-weight:700;font-size:1.15rem;margin-bottom:1.5rem}
.brand svg{width:40px;height:40px;flex:none}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
.muted{color:#3D4A42}
label{display:block;font-weight:600;margin:1rem 0 .35rem}
input{display:block;width:100%;min-height:48px;padding:.6rem .75rem;font:inherit;color:inherit;background:#fff;border:2px solid #5E6B63;border-radius:8px}
input[aria-invalid=true]{border-color:#A1001B}
button,.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;margin-top:1.5rem;padding:.6rem 1rem;font:inherit;font-weight:700;color:#fff;background:#0C7F3F;border:2px solid #0C7F3F;border-radius:8px;cursor:pointer;text-decoration:none}
button:hover,.button:hover{background:#096632;border-color:#096632}
.secondary{color:#0C7F3F;background:#fff;margin-top:.75rem}
.secondary:hover{background:#EEF4F0;color:#096632}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1B221E;outline-offset:2px}
a{color:#0A6B35}
.error{color:#A1001B;background:#FDECEE;border-left:4px solid #A1001B;border-radius:4px;padding:.6rem .75rem;font-weight:600}
code{font-size:.9em;word-break:break-word}
.footer{margin:1.5rem 0 0;text-align:center}
.footer a{display:inline-flex;align-items:center;min-height:44px;padding:0 .5rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
ul{margin:0 0 1rem;padding-left:1.25rem}
li{margin:0 0 .4rem}
`;

/** Submits a logout form marked data-auto (a valid id_token_hint: no confirmation needed). */
const AUTO_SUBMIT = `document.addEventListener('DOMContentLoaded',function(){var f=document.querySelector('form[data-auto]');if(f)f.submit();});`;

/**
 * The Content-Security-Policy of every /idp response. `script-src` is present so that
 * oidc-provider can add the hash of its own auto-submitting form_post page; `form-action` and
 * `frame-ancestors` list the app's origins because form posts here end in redirects to them.
 */
export function contentSecurityPolicy(appOrigins: readonly string[]): string {
  const origins = ["'self'", ...appOrigins].join(' ');
  return [
    "default-src 'none'",
    `style-src ${cspHash(CSS)}`,
    `script-src ${cspHash(AUTO_SUBMIT)}`,
    `form-action ${origins}`,
    `frame-ancestors ${origins}`,
    "base-uri 'none'",
  ].join('; ');
}

/** Headers of every HTML page of the provider (besides the CSP). */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const LOGO = `<svg viewBox="0 0 40 40" aria-hidden="true" focusable="false"><circle cx="20" cy="20" r="20" fill="#0C7F3F"/><path d="M12 27c0-9 6-15 17-16-1 11-7 17-16 17l-1 1" fill="#fff"/><path d="M13 27l9-9" stroke="#0C7F3F" stroke-width="2" stroke-linecap="round"/></svg>`;

function layout(title: string, body: string, withScript = false): string {
  return `<!doctype html>
<html lang="sl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} — Sporoči vrsto</title>
<style>${CSS}</style>
${withScript ? `<script>${AUTO_SUBMIT}</script>` : ''}
</head>
<body>
<main>
<div class="brand">${LOGO}<span>Sporoči vrsto</span></div>
${body}
</main>
</body>
</html>`;
}

/** Inputs of the login page. */
export interface LoginPageInput {
  /** Where the form posts. */
  action: string;
  /** The e-mail to show in the field (typed before, or a login_hint). */
  email: string;
  /** Whether the last attempt failed. */
  failed: boolean;
  /** Why the attempt was not checked (too many attempts, a busy server), shown instead of the bad-password error. */
  refusal?: string;
}

/** The login page: "E-pošta", "Geslo", "Prijava", and the Slovenian error after a bad or refused attempt. */
export function loginPage({ action, email, failed, refusal }: LoginPageInput): string {
  const error = refusal ?? (failed ? 'Napačna e-pošta ali geslo.' : null);
  const invalid = failed ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return layout(
    'Prijava',
    `<h1>Prijava</h1>
${error ? `<p class="error" id="login-error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${esc(action)}">
<label for="email">E-pošta</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${esc(email)}"${invalid}${failed || email ? '' : ' autofocus'}>
<label for="password">Geslo</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${failed || email ? ' autofocus' : ''}>
<button type="submit">Prijava</button>
</form>
<p class="footer"><a href="${PRIVACY_PATH}">Zasebnost</a></p>`,
  );
}

/** Where the server serves the privacy notice (server/http/privacyPage.ts). */
export const PRIVACY_PATH = '/zasebnost';

/** The privacy notice (domain/privacy.ts) as a page of its own, for those not signed in; `{email}` becomes a mailto link. */
export function privacyPage(contactEmail: string, appUrl: string): string {
  const text = (t: string): string =>
    esc(t).replace('{email}', `<a href="mailto:${esc(contactEmail)}">${esc(contactEmail)}</a>`);
  const sections = PRIVACY_SECTIONS.map(
    (s) =>
      `<h2>${esc(s.heading)}</h2>
${s.paragraphs.map((p) => `<p>${text(p)}</p>`).join('\n')}
${s.items ? `<ul>${s.items.map((i) => `<li>${text(i)}</li>`).join('')}</ul>` : ''}`,
  ).join('\n');
  return layout(
    PRIVACY_TITLE,
    `<h1>${esc(PRIVACY_TITLE)}</h1>
${sections}
<a class="button" href="${esc(appUrl)}">Nazaj na Sporoči vrsto</a>`,
  );
}

/** Inputs of the logout page. */
export interface LogoutPageInput {
  /** oidc-provider's form (action and xsrf input), to which the buttons belong. */
  form: string;
  /** Submit at once: the request carried a valid id_token_hint of the signed-in user. */
  auto: boolean;
  /** Where "Prekliči" leads. */
  cancelUrl: string;
}

/** The logout confirmation ("Odjava", "Ali se želite odjaviti?"), submitted by itself when `auto`. */
export function logoutPage({ form, auto, cancelUrl }: LogoutPageInput): string {
  // oidc-provider's form is `<form id="op.logoutForm" ...><input xsrf/></form>`; the buttons
  // refer to it by id. With `auto`, a hidden logout=yes goes inside and the script submits it.
  const formHtml = auto
    ? form
        .replace('<form ', '<form data-auto ')
        .replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>')
    : form;
  return layout(
    'Odjava',
    `<h1>Odjava</h1>
<p>${auto ? 'Odjavljanje …' : 'Ali se želite odjaviti?'}</p>
${formHtml}
<button type="submit" form="op.logoutForm" name="logout" value="yes"${auto ? '' : ' autofocus'}>Odjava</button>
${auto ? '' : `<a class="button secondary" href="${esc(cancelUrl)}">Prekliči</a>`}`,
    auto,
  );
}

/** The page after a logout that named no post_logout_redirect_uri. */
export function loggedOutPage(appUrl: string): string {
  return layout(
    'Odjava',
    `<h1>Odjavljeni ste</h1>
<p class="muted">Vaša seja je končana.</p>
<a class="button" href="${esc(appUrl)}">Nazaj na Sporoči vrsto</a>`,
  );
}

/** An error page: a Slovenian explanation, the technical reason, and a way back. */
export function errorPage(appUrl: string, message: string, detail?: string): string {
  return layout(
    'Napaka',
    `<h1>Prišlo je do napake</h1>
<p>${esc(message)}</p>
${detail ? `<p class="muted"><code>${esc(detail)}</code></p>` : ''}
<a class="button" href="${esc(appUrl)}">Nazaj na Sporoči vrsto</a>`,
  );
}
