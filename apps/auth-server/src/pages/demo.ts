import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { DEMO_USER } from "../services/demo.ts";
import { pageAsset } from "./assets.ts";

export interface DemoPageData {
  /** This server's origin: the components' api-base-url. */
  apiBaseUrl: string;
  rpId: string;
  /** Minted server-side for this page view, as a tenant's backend would. */
  sessionToken: string;
  userToken: string;
  /** A manage-scoped user token, for <authkit-passkeys>. */
  manageToken: string;
}

const card = (id: string, title: string, tag: string, intro: SafeHtml | string, body: SafeHtml) =>
  html`<section class="card" id="${id}" aria-labelledby="${id}-title">
    <header class="card-header">
      <h2 id="${id}-title">${title}</h2>
      <code class="tag">${tag}</code>
    </header>
    <p class="intro">${intro}</p>
    <div class="demo">${body}</div>
  </section>`;

/** The demo: each component and the JS API against the demo tenant, with a live event log. */
export function demoPage({ apiBaseUrl, rpId, sessionToken, userToken, manageToken }: DemoPageData): SafeHtml {
  const common = { "api-base-url": apiBaseUrl };
  return pageDocument({
    title: "AuthKit demo",
    description: "Try passkeys with the AuthKit web components and JS API.",
    colorScheme: "light dark",
    styles: [pageAsset("demo-style")],
    scripts: [pageAsset("demo")],
    body: html`<div
      class="page"
      id="demo"
      data-api-base-url="${apiBaseUrl}"
      data-session-token="${sessionToken}"
      data-user-token="${userToken}"
      data-manage-token="${manageToken}"
    >
      <header class="masthead">
        <div>
          <p class="eyebrow">Development only</p>
          <h1>AuthKit demo</h1>
          <p class="lede">
            Create a passkey, then sign in with it. Everything here runs against this server's built-in demo
            tenant (rp_id <code>${rpId}</code>, user <code>${DEMO_USER.externalId}</code>); the page's tokens
            were minted server-side for this visit, as your backend would.
          </p>
        </div>
        <label class="language"
          >Language
          <select id="language">
            <option value="">Browser's</option>
            <option value="en">English</option>
            <option value="de">Deutsch</option>
            <option value="fr">Français</option>
            <option value="es">Español</option>
          </select></label
        >
        <div class="theme-switch" role="group" aria-label="Theme">
          <button type="button" data-theme-choice="auto" aria-pressed="true">Auto</button>
          <button type="button" data-theme-choice="light" aria-pressed="false">Light</button>
          <button type="button" data-theme-choice="dark" aria-pressed="false">Dark</button>
        </div>
      </header>
      <p class="notice" id="origin-notice" hidden></p>
      <main class="grid">
        ${card(
          "register",
          "1 · Create a passkey",
          "<authkit-register>",
          html`A user token (<code>POST /api/v1/user-token</code>) lets this button register a passkey for the
            demo user.`,
          html`<authkit-register
            api-base-url="${common["api-base-url"]}"
            token="${userToken}"
            name="Demo passkey"
            theme="class"
          ></authkit-register>`,
        )}
        ${card(
          "authenticate",
          "2 · Sign in",
          "<authkit-authenticate>",
          html`A session token (<code>POST /api/v1/session-token</code>); the button lives in an iframe on
            <code>/auth-embed</code>. On <code>success</code> the page sends the <code>challengeId</code> to
            its backend, which calls <code>verify-auth</code>.`,
          html`<authkit-authenticate
              api-base-url="${apiBaseUrl}"
              token="${sessionToken}"
              theme="class"
            ></authkit-authenticate>
            <div class="verified" id="verified" role="status" aria-live="polite" hidden></div>`,
        )}
        ${card(
          "passkeys",
          "3 · Your passkeys",
          "<authkit-passkeys>",
          html`A manage-scoped user token (<code>POST /api/v1/user-token</code> with
            <code>"scope": "manage"</code>): list, rename and delete the demo user's passkeys, or add one.`,
          html`<authkit-passkeys
            api-base-url="${apiBaseUrl}"
            token="${manageToken}"
            theme="class"
          ></authkit-passkeys>`,
        )}
        ${card(
          "autofill",
          "Passkey autofill",
          "auth.passkey.autofill()",
          html`Focus the field: the browser offers the demo user's passkeys in its autofill (conditional
            mediation). <code>&lt;authkit-authenticate autofill&gt;</code> does the same.`,
          html`<label class="field"
              >Username
              <input
                id="autofill-input"
                name="username"
                autocomplete="username webauthn"
                placeholder="Pick a passkey"
            /></label>
            <div class="verified" id="autofill-result" role="status" aria-live="polite" hidden></div>`,
        )}
        ${card(
          "passkey",
          "Passkey button",
          "<authkit-passkey>",
          "The primitive button: a passkey login on this page itself.",
          html`<authkit-passkey
              api-base-url="${apiBaseUrl}"
              token="${sessionToken}"
              theme="class"
            ></authkit-passkey>
            <authkit-passkey
              api-base-url="${apiBaseUrl}"
              token="${sessionToken}"
              button-class="secondary-button"
              label="Secondary style"
              theme="class"
            ></authkit-passkey>`,
        )}
        ${card(
          "qr",
          "QR code",
          "<authkit-qr>",
          "Cross-device login: scan with a phone, which runs the passkey step on this server's phone page.",
          html`<authkit-qr api-base-url="${apiBaseUrl}" token="${sessionToken}" theme="class"></authkit-qr>`,
        )}
        ${card(
          "status",
          "Status line",
          "<authkit-status>",
          html`Announced to screen readers; hidden while <code>idle</code>.`,
          html`<authkit-status
              id="status-demo"
              theme="class"
              status="success"
              message="Signed in as Demo user"
            ></authkit-status>
            <div class="button-row">
              <button type="button" class="chip" data-status="loading">loading</button>
              <button type="button" class="chip" data-status="success">success</button>
              <button type="button" class="chip" data-status="error">error</button>
              <button type="button" class="chip" data-status="idle">clear()</button>
            </div>`,
        )}
        ${card(
          "api",
          "JS API",
          "new AuthKit()",
          html`<code>auth.passkey.*</code> and <code>auth.management.*</code> with the same tokens (management
            with the manage-scoped one).`,
          html`<div class="button-row">
              <button type="button" class="chip" data-api="authenticate">passkey.authenticate()</button>
              <button type="button" class="chip" data-api="prf">authenticate({ prf: true })</button>
              <button type="button" class="chip" data-api="register">passkey.register()</button>
              <button type="button" class="chip" data-api="list">management.list()</button>
            </div>
            <pre class="result" id="api-result" aria-live="polite">Results appear here.</pre>`,
        )}
      </main>
      <section class="log-card" aria-labelledby="log-title">
        <header class="card-header">
          <h2 id="log-title">Event log</h2>
          <button type="button" class="chip" id="clear-log">Clear</button>
        </header>
        <p class="intro">
          <code>authkit:*</code> events on <code>window</code> and the components' DOM events, newest first.
        </p>
        <ol class="log" id="log" aria-live="off"></ol>
      </section>
    </div>`,
  });
}
