import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { DEMO_USER } from "../services/demo.ts";
import { pageAsset } from "./assets.ts";
import { fill, type PageText } from "./i18n/index.ts";

export interface DemoPageData {
  /** This server's origin: the components' api-base-url. */
  apiBaseUrl: string;
  rpId: string;
  /** Minted server-side for this page view, as a tenant's backend would. */
  sessionToken: string;
  userToken: string;
  /** A manage-scoped user token, for <authkit-passkeys>. */
  manageToken: string;
  /** The page's language (the components follow its `<html lang>`). */
  text: PageText;
}

const code = (text: string) => html`<code>${text}</code>`;

const card = (id: string, title: string, tag: string, intro: SafeHtml | string, body: SafeHtml) =>
  html`<section class="card" id="${id}" aria-labelledby="${id}-title">
    <header class="card-header">
      <h2 id="${id}-title">${title}</h2>
      <code class="tag">${tag}</code>
    </header>
    <p class="intro">${intro}</p>
    <div class="demo">${body}</div>
  </section>`;

/**
 * The demo: each component and the JS API against the demo tenant, with a live event log, in the
 * page's language. The sentences its script writes come in `data-messages`.
 */
export function demoPage({
  apiBaseUrl,
  rpId,
  sessionToken,
  userToken,
  manageToken,
  text: { locale, t },
}: DemoPageData): SafeHtml {
  const common = { "api-base-url": apiBaseUrl };
  const messages = JSON.stringify({
    demoWrongOrigin: t.demoWrongOrigin,
    demoVerified: t.demoVerified,
    demoVerifyFailed: t.demoVerifyFailed,
    demoWaiting: t.demoWaiting,
    demoCancelled: t.demoCancelled,
    demoAutofillVerified: t.demoAutofillVerified,
    demoAutofillFailed: t.demoAutofillFailed,
    demoApiPasskeyName: t.demoApiPasskeyName,
  });
  const signedIn = t.demoSignedInAs.replace("{name}", DEMO_USER.displayName);
  return pageDocument({
    lang: locale,
    title: t.demoTitle,
    description: t.demoDescription,
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
      data-messages="${messages}"
    >
      <header class="masthead">
        <div>
          <p class="eyebrow">${t.demoEyebrow}</p>
          <h1>${t.demoTitle}</h1>
          <p class="lede">${fill(t.demoLede, { rpId: code(rpId), user: code(DEMO_USER.externalId) })}</p>
        </div>
        <label class="language"
          >${t.demoLanguage}
          <select id="language">
            <option value="">${t.demoLanguageOfPage}</option>
            <option value="en">English</option>
            <option value="de">Deutsch</option>
            <option value="fr">Français</option>
            <option value="es">Español</option>
          </select></label
        >
        <div class="theme-switch" role="group" aria-label="${t.demoTheme}">
          <button type="button" data-theme-choice="auto" aria-pressed="true">${t.demoThemeAuto}</button>
          <button type="button" data-theme-choice="light" aria-pressed="false">${t.demoThemeLight}</button>
          <button type="button" data-theme-choice="dark" aria-pressed="false">${t.demoThemeDark}</button>
        </div>
      </header>
      <p class="notice" id="origin-notice" hidden></p>
      <main class="grid">
        ${card(
          "register",
          t.demoRegisterTitle,
          "<authkit-register>",
          fill(t.demoRegisterIntro, { endpoint: code("POST /api/v1/user-token") }),
          html`<authkit-register
            api-base-url="${common["api-base-url"]}"
            token="${userToken}"
            name="${t.demoPasskeyName}"
            theme="class"
          ></authkit-register>`,
        )}
        ${card(
          "authenticate",
          t.demoSignInTitle,
          "<authkit-authenticate>",
          fill(t.demoSignInIntro, {
            endpoint: code("POST /api/v1/session-token"),
            embed: code("/auth-embed"),
            success: code("success"),
            challengeId: code("challengeId"),
            verifyAuth: code("verify-auth"),
          }),
          html`<authkit-authenticate
              api-base-url="${apiBaseUrl}"
              token="${sessionToken}"
              theme="class"
            ></authkit-authenticate>
            <div class="verified" id="verified" role="status" aria-live="polite" hidden></div>`,
        )}
        ${card(
          "passkeys",
          t.demoPasskeysTitle,
          "<authkit-passkeys>",
          fill(t.demoPasskeysIntro, {
            endpoint: code("POST /api/v1/user-token"),
            scope: code('"scope": "manage"'),
          }),
          html`<authkit-passkeys
            api-base-url="${apiBaseUrl}"
            token="${manageToken}"
            theme="class"
          ></authkit-passkeys>`,
        )}
        ${card(
          "autofill",
          t.demoAutofillTitle,
          "auth.passkey.autofill()",
          fill(t.demoAutofillIntro, { element: code("<authkit-authenticate autofill>") }),
          html`<label class="field"
              >${t.demoUsername}
              <input
                id="autofill-input"
                name="username"
                autocomplete="username webauthn"
                placeholder="${t.demoPickPasskey}"
            /></label>
            <div class="verified" id="autofill-result" role="status" aria-live="polite" hidden></div>`,
        )}
        ${card(
          "passkey",
          t.demoButtonTitle,
          "<authkit-passkey>",
          t.demoButtonIntro,
          html`<authkit-passkey
              api-base-url="${apiBaseUrl}"
              token="${sessionToken}"
              theme="class"
            ></authkit-passkey>
            <authkit-passkey
              api-base-url="${apiBaseUrl}"
              token="${sessionToken}"
              button-class="secondary-button"
              label="${t.demoSecondaryStyle}"
              theme="class"
            ></authkit-passkey>`,
        )}
        ${card(
          "qr",
          t.demoQrTitle,
          "<authkit-qr>",
          t.demoQrIntro,
          html`<authkit-qr api-base-url="${apiBaseUrl}" token="${sessionToken}" theme="class"></authkit-qr>`,
        )}
        ${card(
          "status",
          t.demoStatusTitle,
          "<authkit-status>",
          fill(t.demoStatusIntro, { idle: code("idle") }),
          html`<authkit-status
              id="status-demo"
              theme="class"
              status="success"
              message="${signedIn}"
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
          fill(t.demoApiIntro, { passkey: code("auth.passkey.*"), management: code("auth.management.*") }),
          html`<div class="button-row">
              <button type="button" class="chip" data-api="authenticate">passkey.authenticate()</button>
              <button type="button" class="chip" data-api="prf">authenticate({ prf: true })</button>
              <button type="button" class="chip" data-api="register">passkey.register()</button>
              <button type="button" class="chip" data-api="list">management.list()</button>
            </div>
            <pre class="result" id="api-result" aria-live="polite">${t.demoResults}</pre>`,
        )}
      </main>
      <section class="log-card" aria-labelledby="log-title">
        <header class="card-header">
          <h2 id="log-title">${t.demoLogTitle}</h2>
          <button type="button" class="chip" id="clear-log">${t.demoClear}</button>
        </header>
        <p class="intro">${fill(t.demoLogIntro, { events: code("authkit:*"), window: code("window") })}</p>
        <ol class="log" id="log" aria-live="off"></ol>
      </section>
    </div>`,
  });
}
