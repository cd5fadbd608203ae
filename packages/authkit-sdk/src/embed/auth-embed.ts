// The script of /auth-embed: the iframe of <authkit-authenticate>, or of any page that frames it
// and posts the seed's `{ type: "init", token }`. Waits for `init` from the parent (its origin
// checked), shows the passkey button or the QR code for the mode (detected here when init names
// none), and relays what happens, by postMessage to the parent's origin only.
import "../components/passkey/index.ts";
import "../components/qr/index.ts";
import type { AuthkitPasskey } from "../components/passkey/index.ts";
import type { AuthkitQr } from "../components/qr/index.ts";
import type { ComponentErrorDetail } from "../components/events.ts";
import type { AuthResult } from "../core/types.ts";
import { toAuthKitError } from "../core/errors.ts";
import { browserEnvironment } from "../detection/environment.ts";
import { detectMode } from "../detection/mode.ts";
import { loadLocale, messagesFor } from "../i18n/index.ts";
import { cancelCeremony } from "../webauthn/ceremony.ts";
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
let initialised: InitMessage | undefined;

function passkeyButton(init: InitMessage): AuthkitPasskey {
  const passkey = document.createElement("authkit-passkey");
  if (init.label) passkey.label = init.label;
  passkey.prf = init.prf === true;
  passkey.phoneOffered = true;
  // No passkey here, or the person closed the prompt: a way forward with the phone.
  passkey.addEventListener("error", (event) => {
    const { code } = toAuthKitError((event as CustomEvent<ComponentErrorDetail>).detail.error);
    if (code === "credential_not_found" || code === "user_cancelled") offerPhone(init);
  });
  return passkey;
}

function offerPhone(init: InitMessage): void {
  // Once, and not under the QR code (a prompt cancelled by the switch still reports its error).
  if (document.querySelector(".link-button, authkit-qr")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link-button";
  const word = () => (button.textContent = messagesFor(init.lang, init.messages).usePhoneToSignIn);
  word();
  void loadLocale(init.lang).then(word, () => undefined);
  button.addEventListener("click", () => {
    // A prompt still open (a computer with no authenticator waits for its timeout) is closed.
    cancelCeremony();
    render(init, "qr");
  });
  // Under the passkey button, which stays for another try.
  document.getElementById("embed")?.append(button);
}

function qrCode(): AuthkitQr {
  const qr = document.createElement("authkit-qr");
  qr.autoStart = true;
  relayQrStatus(channel, qr);
  return qr;
}

function render(init: InitMessage, mode: "passkey" | "qr"): void {
  removeEventListener("authkit:passkey:start", onPrompt);
  if (mode === "passkey") addEventListener("authkit:passkey:start", onPrompt);
  const element = mode === "qr" ? qrCode() : passkeyButton(init);
  configure(element, init, channel.parentOrigin ?? "");
  element.token = init.token;
  element.addEventListener("success", (event) => {
    channel.post({ type: "success", result: (event as CustomEvent<AuthResult>).detail });
  });
  element.addEventListener("error", (event) => {
    // The prompt the person closed by choosing their phone is no error of the sign-in.
    const { code } = toAuthKitError((event as CustomEvent<ComponentErrorDetail>).detail.error);
    if (!element.isConnected && code === "user_cancelled") return;
    relayError(channel, event);
  });
  mountPoint().append(element);
  applyTheme(themeOf(init), init.vars);
}

/** While the browser's prompt is open, the phone is offered too: never only a spinner. */
function onPrompt(): void {
  if (initialised) offerPhone(initialised);
}

channel.listen((message) => {
  if (message.type === "theme") return applyTheme(message.theme, message.vars);
  if (message.type === "token") return setToken(message.token);
  if (message.type !== "init") return;
  const first = !initialised;
  initialised = message;
  void (async () => {
    const mode = message.mode ?? (await detectMode(browserEnvironment(), "auto", "authenticate"));
    if (initialised !== message) return;
    render(message, mode.mode === "qr" ? "qr" : "passkey");
    if (first) {
      channel.reportHeight();
      channel.post({ type: "ready" });
    }
  })();
});
