import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { pageAsset } from "./assets.ts";
import { dashboardMessages } from "./i18n/dashboard/index.ts";
import { fill, type PageText } from "./i18n/index.ts";

const INVITE_COMMAND = 'cli admin invite --email you@example.com --name "Your name"';

const logo = html`<svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
  <rect width="32" height="32" rx="9" fill="currentColor" />
  <path
    d="M16 7.5a5.5 5.5 0 0 0-1.6 10.77V24l2.1 1.8 2.1-1.8-1.3-1.2 1.3-1.2-1.3-1.2 1.3-1.2v-.93A5.5 5.5 0 0 0 16 7.5Zm0 3a1.6 1.6 0 1 1 0 3.2 1.6 1.6 0 0 1 0-3.2Z"
    fill="#fff"
  />
</svg>`;

const brand = html`<p class="brand">${logo}<span>AuthKit</span><span class="brand-tag">Admin</span></p>`;

/**
 * The sign-in and invite pages: one centred card, in the page's language. A page without a script
 * of its own gets the theme's.
 */
function cardPage({
  text: { locale, t },
  title,
  script,
  body,
}: {
  text: PageText;
  title: string;
  script?: string;
  body: SafeHtml;
}): SafeHtml {
  return pageDocument({
    lang: locale,
    title: t.adminTitle.replace("{page}", title),
    colorScheme: "light dark",
    styles: [pageAsset("admin-style")],
    scripts: [pageAsset(script ?? "theme-only")],
    body: html`<div class="card-page">
      <main class="auth-card">${brand}${body}</main>
      <p class="footnote">${t.adminFootnote}</p>
    </div>`,
  });
}

/** `GET /`: the administrators' passkey sign-in. */
export function signInPage({
  apiBaseUrl,
  sessionToken,
  text,
}: {
  apiBaseUrl: string;
  sessionToken: string;
  text: PageText;
}): SafeHtml {
  const { locale, t } = text;
  // The sentences the page's script writes (admin-sign-in.ts).
  const messages = JSON.stringify({
    signInWrongAddress: t.signInWrongAddress,
    signInSessionEnded: t.signInSessionEnded,
    signingIn: t.signingIn,
    signInFailed: t.signInFailed,
    signInUnreachable: t.signInUnreachable,
  });
  return cardPage({
    text,
    title: t.signInTitle,
    script: "admin-sign-in",
    body: html`<h1>${t.signInHeading}</h1>
      <p class="lede">${t.signInText}</p>
      <p class="notice" id="notice" role="alert" hidden></p>
      <div class="component-slot" id="sign-in" data-api-base-url="${apiBaseUrl}" data-messages="${messages}">
        <authkit-authenticate
          api-base-url="${apiBaseUrl}"
          token="${sessionToken}"
          label="${t.signInButton}"
          lang="${locale}"
          theme="class"
        ></authkit-authenticate>
      </div>
      <p class="progress" id="progress" role="status" aria-live="polite"></p>
      <details class="help">
        <summary>${t.noPasskeyYet}</summary>
        <p>${t.joinByInvitation}</p>
        <pre><code>${INVITE_COMMAND}</code></pre>
      </details>`,
  });
}

/** `GET /admin/invite?code=`: create an invited administrator's passkey. */
export function invitePage({
  apiBaseUrl,
  code,
  invitee,
  text,
}: {
  apiBaseUrl: string;
  code: string;
  invitee: { name: string; email: string };
  text: PageText;
}): SafeHtml {
  const { locale, t } = text;
  return cardPage({
    text,
    title: t.inviteTitle,
    script: "admin-invite",
    body: html`<h1>${fill(t.inviteWelcome, { name: invitee.name })}</h1>
      <p class="lede">${fill(t.inviteText, { email: html`<strong>${invitee.email}</strong>` })}</p>
      <div class="component-slot" id="invite">
        <authkit-register
          api-base-url="${apiBaseUrl}"
          assertion-url="/admin/invite/user-token?code=${code}"
          label="${t.inviteButton}"
          lang="${locale}"
          theme="class"
        ></authkit-register>
      </div>
      <div class="next-step" id="next-step" hidden>
        <p>${t.inviteReady}</p>
        <a class="button-link" href="/">${t.continueToSignIn}</a>
      </div>
      <p class="hint">${t.inviteHint}</p>`,
  });
}

/** An invite link that expired, was used, or never existed (410). */
export function inviteExpiredPage(text: PageText): SafeHtml {
  const { t } = text;
  return cardPage({
    text,
    title: t.inviteExpiredTitle,
    body: html`<h1>${t.inviteExpiredHeading}</h1>
      <p class="lede">${t.inviteExpiredText}</p>
      <pre><code>${INVITE_COMMAND}</code></pre>
      <a class="button-link secondary" href="/">${t.goToSignIn}</a>`,
  });
}

/**
 * `GET /admin`: the dashboard (a Lit app talking to /admin/api), in the page's language: the app
 * reads its catalog from `data-messages` (web/admin/i18n.ts) and dates from `<html lang>`.
 */
export function dashboardPage({
  admin,
  text: { locale },
}: {
  admin: { id: string; name: string; email: string };
  text: PageText;
}): SafeHtml {
  const messages = dashboardMessages(locale);
  return pageDocument({
    lang: locale,
    title: messages.app.documentTitle.replace("{page}", messages.app.tenants),
    colorScheme: "light dark",
    styles: [pageAsset("admin-style")],
    scripts: [pageAsset("admin")],
    body: html`<admin-app
      admin-id="${admin.id}"
      admin-name="${admin.name}"
      admin-email="${admin.email}"
      data-messages="${JSON.stringify(messages)}"
    >
      <p class="boot">${messages.app.loading}</p>
    </admin-app>`,
  });
}
