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
export function demoPage({ apiBaseUrl, rpId, sessionToken, userToken }: DemoPageData): SafeHtml {
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
          html`<code>auth.passkey.*</code> and <code>auth.management.*</code> with the same tokens; the
            management calls use the session cookie set by a sign-in on this page.`,
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
