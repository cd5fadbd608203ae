// The script of /register-embed: the QR of <authkit-register> when it uses assertion-url (or of
// any page that frames it and posts the seed's `{ type: "init", token, name }`). Waits for `init`
// from the parent (its origin checked), shows the registration QR and relays its statuses
// (scanned, cancelled, …), success, error and expiry to the parent.
import "../components/qr/index.ts";
import type { AuthResult } from "../core/types.ts";
import type { InitMessage } from "./protocol.ts";
import {
  applyTheme,
  configure,
  forwardEvents,
  mountPoint,
  relayError,
  relayQrStatus,
  setToken,
  styleEmbedPage,
  themeOf,
} from "./embed-page.ts";
import { ParentChannel } from "./parent-channel.ts";

styleEmbedPage();
const channel = new ParentChannel();
forwardEvents(channel);
let started = false;

function render(init: InitMessage): void {
  const qr = document.createElement("authkit-qr");
  configure(qr, init, channel.parentOrigin ?? "");
  qr.setAttribute("show-controls", "false");
  qr.purpose = "register";
  qr.name = typeof init.name === "string" ? init.name : "";
  qr.token = init.token;
  qr.autoStart = true;
  relayQrStatus(channel, qr);
  qr.addEventListener("success", (event) => {
    channel.post({ type: "success", result: (event as CustomEvent<AuthResult>).detail });
  });
  qr.addEventListener("error", (event) => relayError(channel, event));
  mountPoint().append(qr);
  applyTheme(themeOf(init), init.vars);
}

channel.listen((message) => {
  if (message.type === "theme") return applyTheme(message.theme, message.vars);
  if (message.type === "token") return setToken(message.token);
  if (message.type !== "init" || started) return;
  started = true;
  render(message);
  channel.reportHeight();
  channel.post({ type: "ready" });
});
