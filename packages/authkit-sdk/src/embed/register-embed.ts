// The script of /register-embed: the QR of <authkit-register> when it uses assertion-url. Waits
// for `init` ({ token, name }) from the parent (its origin checked), shows the registration QR
// and relays its statuses (scanned, cancelled, …), success, error and expiry to the parent.
import "../components/qr/index.ts";
import type { QRStatus, QRSuccessDetail } from "../core/types.ts";
import type { InitMessage } from "./protocol.ts";
import { applyTheme, mountPoint, relayError, styleEmbedPage } from "./embed-page.ts";
import { bindEmbedParent } from "../core/http.ts";
import { ParentChannel } from "./parent-channel.ts";

styleEmbedPage();
const channel = new ParentChannel();
// Every request of this page names its parent: the server checks the token belongs to that page's tenant.
bindEmbedParent(channel.parentOrigin);
let started = false;

function render(init: InitMessage): void {
  const qr = document.createElement("authkit-qr");
  qr.setAttribute("api-base-url", location.origin);
  qr.setAttribute("data-themed", "");
  qr.setAttribute("show-controls", "false");
  qr.purpose = "register";
  qr.name = init.name ?? "";
  qr.token = init.token;
  qr.pageOrigin = channel.parentOrigin ?? "";
  qr.debug = init.debug === true;
  qr.autoStart = true;
  qr.addEventListener("status-change", (event) => {
    const { status, message } = (event as CustomEvent<{ status: QRStatus; message?: string }>).detail;
    channel.post({ type: "status", status, ...(message ? { message } : {}) });
  });
  qr.addEventListener("success", (event) => {
    channel.post({ type: "success", ...(event as CustomEvent<QRSuccessDetail>).detail });
  });
  qr.addEventListener("expired", () => channel.post({ type: "expired" }));
  qr.addEventListener("error", (event) => relayError(channel, event));
  mountPoint().append(qr);
  applyTheme(init.theme, init.vars);
}

channel.listen((message) => {
  if (message.type === "theme") return applyTheme(message.theme, message.vars);
  if (message.type !== "init" || started || typeof message.token !== "string") return;
  started = true;
  render(message);
  channel.reportHeight();
  channel.post({ type: "ready" });
});
