import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { pageAsset } from "./assets.ts";

const INVITE_COMMAND = 'cli admin invite --email you@example.com --name "Your name"';

const logo = html`<svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
  <rect width="32" height="32" rx="9" fill="currentColor" />
  <path
    d="M16 7.5a5.5 5.5 0 0 0-1.6 10.77V24l2.1 1.8 2.1-1.8-1.3-1.2 1.3-1.2-1.3-1.2 1.3-1.2v-.93A5.5 5.5 0 0 0 16 7.5Zm0 3a1.6 1.6 0 1 1 0 3.2 1.6 1.6 0 0 1 0-3.2Z"
    fill="#fff"
  />
</svg>`;

const brand = html`<p class="brand">${logo}<span>AuthKit</span><span class="brand-tag">Admin</span></p>`;

/** The sign-in and invite pages: one centred card. A page without a script of its own gets the theme's. */
function cardPage({ title, script, body }: { title: string; script?: string; body: SafeHtml }): SafeHtml {
  return pageDocument({
    title: `${title} · AuthKit admin`,
    colorScheme: "light dark",
    styles: [pageAsset("admin-style")],
    scripts: [pageAsset(script ?? "theme-only")],
    body: html`<div class="card-page">
      <main class="auth-card">${brand}${body}</main>
      <p class="footnote">AuthKit · passkey authentication server</p>
    </div>`,
  });
}

/** `GET /`: the administrators' passkey sign-in. */
export function signInPage({
  apiBaseUrl,
  sessionToken,
}: {
  apiBaseUrl: string;
  sessionToken: string;
}): SafeHtml {
  return cardPage({
    title: "Sign in",
    script: "admin-sign-in",
    body: html`<h1>Sign in to the dashboard</h1>
      <p class="lede">Use your administrator passkey to manage tenants, users and the audit log.</p>
      <p class="notice" id="notice" role="alert" hidden></p>
      <div class="component-slot" id="sign-in" data-api-base-url="${apiBaseUrl}">
        <authkit-authenticate
          api-base-url="${apiBaseUrl}"
          token="${sessionToken}"
          label="Sign in with passkey"
          theme="class"
        ></authkit-authenticate>
      </div>
      <p class="progress" id="progress" role="status" aria-live="polite"></p>
      <details class="help">
        <summary>No passkey yet?</summary>
        <p>
          Administrators join by invitation. Ask an administrator for an invite link, or run this on the
          server:
        </p>
        <pre><code>${INVITE_COMMAND}</code></pre>
      </details>`,
  });
}

/** `GET /admin/invite?code=`: create an invited administrator's passkey. */
export function invitePage({
  apiBaseUrl,
  code,
  invitee,
}: {
  apiBaseUrl: string;
  code: string;
  invitee: { name: string; email: string };
}): SafeHtml {
  return cardPage({
    title: "Create your passkey",
    script: "admin-invite",
    body: html`<h1>Welcome, ${invitee.name}</h1>
      <p class="lede">
        You are invited to administer this AuthKit server as <strong>${invitee.email}</strong>. Create a
        passkey on this device (or a security key); it is how you sign in: there is no password.
      </p>
      <div class="component-slot" id="invite">
        <authkit-register
          api-base-url="${apiBaseUrl}"
          assertion-url="/admin/invite/user-token?code=${code}"
          label="Create passkey"
          theme="class"
        ></authkit-register>
      </div>
      <div class="next-step" id="next-step" hidden>
        <p>Your passkey is ready. This link is now used up.</p>
        <a class="button-link" href="/">Continue to sign in</a>
      </div>
      <p class="hint">The link works once, for 24 hours from when it was made.</p>`,
  });
}

/** An invite link that expired, was used, or never existed (410). */
export function inviteExpiredPage(): SafeHtml {
  return cardPage({
    title: "Invite link expired",
    body: html`<h1>This invite link can't be used</h1>
      <p class="lede">
        It has expired (links last 24 hours) or was already used to create a passkey. Ask an administrator for
        a new one, or run this on the server:
      </p>
      <pre><code>${INVITE_COMMAND}</code></pre>
      <a class="button-link secondary" href="/">Go to sign in</a>`,
  });
}

/** `GET /admin`: the dashboard (a Lit app talking to /admin/api). */
export function dashboardPage({ admin }: { admin: { id: string; name: string; email: string } }): SafeHtml {
  return pageDocument({
    title: "AuthKit admin",
    colorScheme: "light dark",
    styles: [pageAsset("admin-style")],
    scripts: [pageAsset("admin")],
    body: html`<admin-app admin-id="${admin.id}" admin-name="${admin.name}" admin-email="${admin.email}">
      <p class="boot">Loading the dashboard…</p>
    </admin-app>`,
  });
}
