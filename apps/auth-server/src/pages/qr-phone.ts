import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { pageAsset } from "./assets.ts";
import { fill, type PageMessageKey, type PageText } from "./i18n/index.ts";

/** The sentences the page's script writes itself (read from `data-messages`). */
const SCRIPT_MESSAGES = [
  "expiresIn",
  "justNow",
  "failedUnsupported",
  "failedExists",
  "failedSecurity",
  "failedUnknown",
  "failedServer",
] as const satisfies PageMessageKey[];

const icon = (name: "key" | "check" | "warning" | "error") => {
  const paths = {
    key: html`<circle cx="8" cy="15" r="4" /> <path d="M10.8 12.2 20 3M17 6l3 3M14.5 8.5l2 2" />`,
    check: html`<circle cx="12" cy="12" r="9" /> <path d="m8 12.5 2.8 2.8L16.5 9.5" />`,
    warning: html`<path d="M12 4 2.8 20h18.4z" /> <path d="M12 10v4.5m0 2.5v.01" />`,
    error: html`<circle cx="12" cy="12" r="9" /> <path d="m9 9 6 6m0-6-6 6" />`,
  };
  return html`<svg class="icon ${name}" viewBox="0 0 24 24" aria-hidden="true">${paths[name]}</svg>`;
};

/** One of the page's states; the script shows exactly one (`data-view`). */
const view = (name: string, body: SafeHtml, hidden = true) =>
  html`<section class="view" data-view="${name}" ${hidden ? html`hidden` : ""}>${body}</section>`;

const problem = (name: string, kind: "warning" | "error", title: string, text: SafeHtml | string) =>
  view(
    name,
    html`<div class="status-icon ${kind}">${icon(kind)}</div>
      <h1>${title}</h1>
      <p class="lede" data-text="${name}">${text}</p>`,
  );

/**
 * The page a phone opens by scanning a QR code (`/qr#<secret>`). Its script claims the challenge
 * (the computer's QR turns into "scanned"), shows which site asked — only what the server verified:
 * the tenant's name and, when known, which of its origins; nothing a requester could choose — warns
 * when the phone is on another network than the computer, runs the passkey step on the phone and
 * reports how it ended. Every text is here, in the page's language (the QR link's `lang`, else the
 * phone's); the script only fills in the facts and switches views, with the few sentences it
 * writes itself handed over in `data-messages`.
 */
export function qrPhonePage({ locale, t }: PageText): SafeHtml {
  const tenant = html`<strong data-fact="tenant"></strong>`;
  const messages = JSON.stringify(Object.fromEntries(SCRIPT_MESSAGES.map((key) => [key, t[key]])));
  return pageDocument({
    lang: locale,
    title: t.phoneTitle,
    description: t.phoneDescription,
    colorScheme: "light dark",
    styles: [pageAsset("qr-phone-style")],
    scripts: [pageAsset("qr-phone")],
    body: html`<main class="phone" id="qr-phone" aria-live="polite" data-messages="${messages}">
      <header class="brand">${icon("key")}<span>${t.brand}</span></header>
      ${view(
        "loading",
        html`<div class="status-icon"><span class="spinner" aria-hidden="true"></span></div>
          <h1>${t.opening}</h1>
          <noscript><p class="lede">${t.needsJavaScript}</p></noscript>`,
        false,
      )}
      ${view(
        "confirm",
        html`<h1 data-purpose="authenticate">${t.confirmSignInTitle}</h1>
          <h1 data-purpose="register">${t.confirmRegisterTitle}</h1>
          <p class="lede" data-purpose="authenticate">${fill(t.confirmSignInText, { tenant })}</p>
          <p class="lede" data-purpose="register">
            ${fill(t.confirmRegisterText, { account: html`<strong data-fact="account"></strong>`, tenant })}
          </p>
          <dl class="facts">
            <div>
              <dt>${t.factSite}</dt>
              <dd><span data-fact="tenant"></span><span class="sub" data-fact="site"></span></dd>
            </div>
            <div>
              <dt>${t.factAsked}</dt>
              <dd data-fact="requested"></dd>
            </div>
          </dl>
          <p class="caution network" data-network="different" hidden>
            ${icon("warning")}<span><strong>${t.networkWarningTitle}</strong> ${t.networkWarningText}</span>
          </p>
          <p class="caution" data-text="phishing">${icon("warning")}<span>${t.phishingWarning}</span></p>
          <div class="actions">
            <button type="button" class="primary" id="continue">
              <span data-purpose="authenticate">${t.continueSignIn}</span
              ><span data-purpose="register">${t.continueRegister}</span>
            </button>
            <button type="button" class="secondary" id="cancel">${t.cancel}</button>
          </div>
          <p class="countdown" data-fact="countdown"></p>`,
      )}
      ${view(
        "working",
        html`<div class="status-icon"><span class="spinner" aria-hidden="true"></span></div>
          <h1>${t.workingTitle}</h1>
          <p class="lede">${t.workingText}</p>`,
      )}
      ${view(
        "done",
        html`<div class="status-icon success">${icon("check")}</div>
          <h1 data-purpose="authenticate">${t.doneSignInTitle}</h1>
          <h1 data-purpose="register">${t.doneRegisterTitle}</h1>
          <p class="lede" data-purpose="authenticate">${t.doneSignInText}</p>
          <p class="lede" data-purpose="register">${fill(t.doneRegisterText, { tenant })}</p>`,
      )}
      ${problem("cancelled", "warning", t.cancelledTitle, t.cancelledText)}
      ${problem("nopasskey", "warning", t.noPasskeyTitle, fill(t.noPasskeyText, { tenant }))}
      ${problem("used", "error", t.usedTitle, t.usedText)}
      ${problem("expired", "warning", t.expiredTitle, t.expiredText)}
      ${problem("incomplete", "error", t.incompleteTitle, t.incompleteText)}
      ${problem("failed", "error", t.failedTitle, "")}
    </main>`,
  });
}
