// The script of /auth-embed: the iframe of <authkit-authenticate>. Waits for `init` from the
// parent (its origin checked), then shows the passkey button or the QR code for the detected
// mode and relays what happens, by postMessage to the parent's origin only.
import "../components/passkey/index.ts";
import "../components/qr/index.ts";
import type { PasskeySuccessDetail } from "../components/events.ts";
import type { QRStatus } from "../core/types.ts";
import type { InitMessage } from "./protocol.ts";
import { applyTheme, mountPoint, relayError, styleEmbedPage } from "./embed-page.ts";
import { bindEmbedParent } from "../core/http.ts";
import { ParentChannel } from "./parent-channel.ts";

styleEmbedPage();
const channel = new ParentChannel();
// Every request of this page names its parent: the server checks the token belongs to that page's tenant.
bindEmbedParent(channel.parentOrigin);
let initialised: InitMessage | undefined;

function passkeyButton(init: InitMessage): HTMLElement {
  const passkey = document.createElement("authkit-passkey");
  if (init.label) passkey.label = init.label;
  passkey.prf = init.prf === true;
  return passkey;
}

function qrCode(): HTMLElement {
  const qr = document.createElement("authkit-qr");
  qr.autoStart = true;
  qr.pageOrigin = channel.parentOrigin ?? "";
  qr.addEventListener("status-change", (event) => {
    const { status, message } = (event as CustomEvent<{ status: QRStatus; message?: string }>).detail;
    channel.post({ type: "status", status, ...(message ? { message } : {}) });
  });
  qr.addEventListener("expired", () => channel.post({ type: "expired" }));
  return qr;
}

function render(init: InitMessage): void {
  const element = init.mode?.mode === "qr" ? qrCode() : passkeyButton(init);
  const configurable = element as HTMLElement & { token: string; debug: boolean; silent: boolean };
  configurable.setAttribute("api-base-url", location.origin);
  configurable.setAttribute("data-themed", "");
  configurable.token = init.token;
  configurable.debug = init.debug === true;
  configurable.silent = init.silent === true;
  element.addEventListener("success", (event) => {
    channel.post({ type: "success", ...(event as CustomEvent<PasskeySuccessDetail>).detail });
  });
  element.addEventListener("error", (event) => relayError(channel, event));
  mountPoint().append(element);
  applyTheme(init.theme, init.vars);
}

channel.listen((message) => {
  if (message.type === "theme") return applyTheme(message.theme, message.vars);
  if (message.type !== "init" || typeof message.token !== "string") return;
  const first = !initialised;
  initialised = message;
  render(message);
  if (first) {
    channel.reportHeight();
    channel.post({ type: "ready" });
  }
});
