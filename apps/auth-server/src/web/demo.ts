// The /demo page's script: the theme switch, the tenant-backend step after sign-in (verify-auth
// through /demo/verify), the JS API buttons, and the live event log. The SDK import is the module
// the server serves at /sdk/authkit.js (see @org/web-build), so the page runs one SDK.
import "@org/web-theme/auto"; // first: the `dark` class before anything renders
import { setTheme, themeChoice, type ThemeChoice } from "@org/web-theme/theme";
import { AuthKit, AuthKitEvents, type AuthenticateSuccessDetail, type StatusKind } from "@org/authkit-sdk";
import type { PageMessages } from "../pages/i18n/en.ts";

const root = document.getElementById("demo") as HTMLElement;
const { apiBaseUrl = "", sessionToken = "", userToken = "", manageToken = "" } = root.dataset;
// The sentences this script writes, in the page's language (pages/demo.ts).
const t = JSON.parse(root.dataset.messages ?? "{}") as Pick<
  PageMessages,
  | "demoWrongOrigin"
  | "demoVerified"
  | "demoVerifyFailed"
  | "demoWaiting"
  | "demoCancelled"
  | "demoAutofillVerified"
  | "demoAutofillFailed"
  | "demoApiPasskeyName"
>;
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
const log = document.getElementById("log") as HTMLOListElement;

// ---- origin check: passkeys of rp_id localhost do not work on 127.0.0.1 ----
if (location.origin !== apiBaseUrl) {
  const notice = document.getElementById("origin-notice") as HTMLElement;
  notice.textContent = fill(t.demoWrongOrigin, { url: apiBaseUrl });
  notice.hidden = false;
}

// ---- theme switch: the components use theme="class", following the `dark` class on <html> ----
const themeButtons = document.querySelectorAll<HTMLButtonElement>("[data-theme-choice]");
function showThemeChoice() {
  for (const button of themeButtons) {
    button.setAttribute("aria-pressed", String(button.dataset.themeChoice === themeChoice()));
  }
}
for (const button of themeButtons) {
  button.addEventListener("click", () => {
    setTheme((button.dataset.themeChoice ?? "auto") as ThemeChoice);
    showThemeChoice();
  });
}
showThemeChoice();

// ---- event log ----
const json = (value: unknown) =>
  JSON.stringify(
    value,
    (_key, item: unknown) =>
      item instanceof Error ? { ...(item as object), name: item.name, message: item.message } : item,
    2,
  );
function record(source: string, name: string, detail: unknown) {
  const entry = document.createElement("li");
  const time = document.createElement("time");
  time.textContent = new Date().toLocaleTimeString(document.documentElement.lang);
  const label = document.createElement("span");
  label.className = "event-name";
  label.textContent = name;
  const from = document.createElement("span");
  from.className = "event-source";
  from.textContent = source;
  entry.append(time, label, from);
  if (detail !== undefined && detail !== null) {
    const body = document.createElement("pre");
    body.textContent = json(detail);
    entry.append(body);
  }
  log.prepend(entry);
}
for (const name of Object.values(AuthKitEvents)) {
  window.addEventListener(name, (event) => record("window", name, (event as CustomEvent).detail));
}
const componentEvents = [
  "ready",
  "mode-detected",
  "success",
  "error",
  "expired",
  "qr-generated",
  "status-change",
  "refreshed",
  "cancelled",
  "loaded",
  "renamed",
  "deleted",
  "added",
];
const elements = document.querySelectorAll<HTMLElement>(
  "authkit-register, authkit-authenticate, authkit-passkey, authkit-passkeys, authkit-qr, authkit-status",
);
for (const element of elements) {
  for (const name of componentEvents) {
    element.addEventListener(name, (event) =>
      record(`<${element.localName}>`, name, (event as CustomEvent).detail),
    );
  }
}
document.getElementById("clear-log")?.addEventListener("click", () => log.replaceChildren());

// ---- the tenant backend's part: verify the login server-side ----
const verified = document.getElementById("verified") as HTMLElement;
document.querySelector("authkit-authenticate")?.addEventListener("success", async (event) => {
  const { challengeId } = (event as CustomEvent<AuthenticateSuccessDetail>).detail;
  const response = await fetch("/demo/verify", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ challengeId }),
  });
  const body = (await response.json()) as {
    user?: { displayName?: string; externalId: string };
    error?: string;
  };
  verified.hidden = false;
  verified.className = response.ok ? "verified ok" : "verified failed";
  verified.textContent = response.ok
    ? fill(t.demoVerified, { name: body.user?.displayName ?? "", id: body.user?.externalId ?? "" })
    : fill(t.demoVerifyFailed, { error: body.error ?? response.status });
});

// ---- authkit-status ----
const status = document.getElementById("status-demo") as HTMLElementTagNameMap["authkit-status"];
const messages: Record<string, string> = {
  loading: t.demoWaiting,
  success: status.getAttribute("message") ?? "", // "Signed in as Demo user", as the page wrote it
  error: t.demoCancelled,
};
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-status]")) {
  button.addEventListener("click", () => {
    const kind = button.dataset.status as StatusKind;
    if (kind === "idle") status.clear();
    else status.setStatus(kind, messages[kind]);
  });
}

// ---- JS API ----
const result = document.getElementById("api-result") as HTMLElement;
const show = (value: unknown) => {
  result.textContent = json(value);
};
const calls: Record<string, () => Promise<unknown>> = {
  authenticate: () => new AuthKit({ apiBaseUrl, token: sessionToken, debug: true }).passkey.authenticate(),
  prf: () =>
    new AuthKit({ apiBaseUrl, token: sessionToken, debug: true }).passkey.authenticate({ prf: true }),
  register: () =>
    new AuthKit({ apiBaseUrl, token: userToken, debug: true }).passkey.register({
      name: t.demoApiPasskeyName,
      prf: "event",
    }),
  list: () => new AuthKit({ apiBaseUrl, token: manageToken, debug: true }).management.list(),
};
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-api]")) {
  button.addEventListener("click", async () => {
    const call = calls[button.dataset.api ?? ""];
    if (!call) return;
    result.textContent = "…";
    try {
      show(await call());
    } catch (error) {
      show(error);
    }
  });
}

// ---- language: every element follows its `lang` ----
const language = document.getElementById("language") as HTMLSelectElement;
language.addEventListener("change", () => {
  for (const element of elements) element.lang = language.value;
});

// ---- passkey autofill: the browser offers the passkeys in the username field's autofill ----
const autofillResult = document.getElementById("autofill-result") as HTMLElement;
async function offerAutofill(): Promise<void> {
  const login = await new AuthKit({ apiBaseUrl, token: sessionToken }).passkey.autofill();
  if (!login.success) {
    // Replaced by another passkey request on the page (a click): offered again a moment later.
    if (login.error_code !== "webauthn_not_supported") setTimeout(() => void offerAutofill(), 1_000);
    return;
  }
  const response = await fetch("/demo/verify", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ challengeId: login.challengeId }),
  });
  autofillResult.hidden = false;
  autofillResult.className = response.ok ? "verified ok" : "verified failed";
  autofillResult.textContent = response.ok
    ? fill(t.demoAutofillVerified, { name: login.user?.displayName ?? "" })
    : t.demoAutofillFailed;
}
void offerAutofill();
