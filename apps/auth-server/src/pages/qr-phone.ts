import { html, pageDocument, type SafeHtml } from "@org/service-kit";
import { pageAsset } from "./assets.ts";

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
 * reports how it ended. Every text is here; the script only fills in the facts and switches views.
 */
export function qrPhonePage(): SafeHtml {
  return pageDocument({
    title: "Sign in with your phone",
    description: "Confirm a sign-in or a new passkey on your computer with this phone.",
    colorScheme: "light dark",
    styles: [pageAsset("qr-phone-style")],
    scripts: [pageAsset("qr-phone")],
    body: html`<main class="phone" id="qr-phone" aria-live="polite">
      <header class="brand">${icon("key")}<span>Passkey</span></header>
      ${view(
        "loading",
        html`<div class="status-icon"><span class="spinner" aria-hidden="true"></span></div>
          <h1>Opening…</h1>
          <noscript><p class="lede">This page needs JavaScript to use your passkey.</p></noscript>`,
        false,
      )}
      ${view(
        "confirm",
        html`<h1 data-purpose="authenticate">Sign in on your computer?</h1>
          <h1 data-purpose="register">Create a passkey on this phone?</h1>
          <p class="lede" data-purpose="authenticate">
            Your passkey on this phone will sign you in to <strong data-fact="tenant"></strong> on the
            computer that shows the QR code.
          </p>
          <p class="lede" data-purpose="register">
            This phone will keep a passkey for <strong data-fact="account"></strong> at
            <strong data-fact="tenant"></strong>, so you can sign in with it.
          </p>
          <dl class="facts">
            <div>
              <dt>Site</dt>
              <dd><span data-fact="tenant"></span><span class="sub" data-fact="site"></span></dd>
            </div>
            <div>
              <dt>Asked</dt>
              <dd data-fact="requested"></dd>
            </div>
          </dl>
          <p class="caution network" data-network="different" hidden>
            ${icon("warning")}<span
              ><strong>This phone is on a different network from the computer that showed the code.</strong>
              That is normal on mobile data. But if you did not scan a code on a screen in front of you,
              someone else may be trying to sign in as you: tap Cancel.</span
            >
          </p>
          <p class="caution">
            ${icon("warning")}<span
              >Continue only if you are at that computer and just scanned its code. If someone sent you this
              code, tap Cancel.</span
            >
          </p>
          <div class="actions">
            <button type="button" class="primary" id="continue">
              <span data-purpose="authenticate">Sign in with passkey</span
              ><span data-purpose="register">Create passkey</span>
            </button>
            <button type="button" class="secondary" id="cancel">Cancel</button>
          </div>
          <p class="countdown" data-fact="countdown"></p>`,
      )}
      ${view(
        "working",
        html`<div class="status-icon"><span class="spinner" aria-hidden="true"></span></div>
          <h1>Use your passkey</h1>
          <p class="lede">Follow your phone's prompt (fingerprint, face or screen lock).</p>`,
      )}
      ${view(
        "done",
        html`<div class="status-icon success">${icon("check")}</div>
          <h1 data-purpose="authenticate">You're signed in on your computer</h1>
          <h1 data-purpose="register">Passkey created</h1>
          <p class="lede" data-purpose="authenticate">You can put your phone away.</p>
          <p class="lede" data-purpose="register">
            You can now sign in to <strong data-fact="tenant"></strong> with this phone. Your computer shows
            the result too.
          </p>`,
      )}
      ${problem(
        "cancelled",
        "warning",
        "Cancelled",
        "Nothing was signed in. Your computer shows a new QR code if you want to try again.",
      )}
      ${problem(
        "used",
        "error",
        "This QR code was already used",
        "Each code works once, on one device. Scan the new code your computer shows.",
      )}
      ${problem(
        "expired",
        "warning",
        "This QR code has expired",
        "Codes are valid for a few minutes. Show a new one on your computer and scan it again.",
      )}
      ${problem(
        "incomplete",
        "error",
        "This link is incomplete",
        "Open it by scanning the QR code on your computer with this phone's camera.",
      )}
      ${problem("failed", "error", "That didn't work", "")}
    </main>`,
  });
}
