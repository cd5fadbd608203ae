// The script of the phone page (/qr#<secret>): claims the QR challenge (the computer then shows
// "scanned"), shows which site asked (facts the server verified) and whether this phone is on the
// computer's network, runs WebAuthn on this phone when the person continues, and reports the
// outcome to the auth server (completed, cancelled, failed).
// The secret comes from the URL's fragment, which no request line or log ever carries.
import "@org/web-theme/auto"; // first: the `dark` class before anything renders
import type {
  authPublicOperationsByGroup,
  QrAbortRequest,
  QrClaimResponse,
  QrFinishRequest,
  QrPhoneFailure,
} from "@org/contracts";
import type { HttpMethod } from "@org/web-kit/api-client";
import { createOperationClient, type UnderBase } from "@org/web-kit/operation-client";
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import routes from "./qr-phone-operations.at-build.ts";

type View =
  | "loading"
  | "confirm"
  | "working"
  | "done"
  | "cancelled"
  | "nopasskey"
  | "used"
  | "expired"
  | "incomplete"
  | "failed";

/**
 * A sign-in refused this fast never showed the person a prompt: the phone has no passkey for the
 * site (browsers answer at once; nobody dismisses a prompt within a second). The SDK reads a
 * refusal the same way (credential_not_found).
 */
const NO_PASSKEY_WITHIN_MS = 1_000;

const root = document.getElementById("qr-phone") as HTMLElement;
/** The sentences this script writes, in the page's language (the server put them in `data-messages`). */
const t = JSON.parse(root.dataset.messages ?? "{}") as Record<
  | "expiresIn"
  | "justNow"
  | "failedUnsupported"
  | "failedExists"
  | "failedSecurity"
  | "failedUnknown"
  | "failedServer",
  string
>;
/** The page's language (`<html lang>`), for times and "2 minutes ago". */
const lang = document.documentElement.lang || "en";
let claim: QrClaimResponse | undefined;
let countdown: ReturnType<typeof setInterval> | undefined;
/** Server clock minus this phone's, from the Date header (the expiry is server time). */
let skewMs = 0;

function show(view: View, message?: string): void {
  root.dataset.view = view;
  for (const section of root.querySelectorAll<HTMLElement>("[data-view]")) {
    section.hidden = section.dataset.view !== view;
  }
  if (message) {
    const text = root.querySelector<HTMLElement>(`[data-text="${view}"]`);
    if (text) text.textContent = message;
  }
  if (view !== "confirm") clearInterval(countdown);
}

function fill(name: string, value: string): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[data-fact="${name}"]`))
    element.textContent = value;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sends one of the phone's operations: with the claim's token once there is one, reading the
 * server's clock from the Date header (the expiry is server time).
 */
async function send<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/auth/v1/qr/mobile${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(claim ? { Authorization: `Bearer ${claim.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const date = Date.parse(response.headers.get("Date") ?? "");
  if (Number.isFinite(date)) skewMs = date - Date.now();
  const payload = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok)
    throw new HttpFailure(response.status, payload.error ?? `The server answered ${response.status}.`);
  return payload as T;
}

/** The phone's operations by name (claimQr, finishQr, abortQr), typed from the registry. */
const call = createOperationClient<UnderBase<typeof authPublicOperationsByGroup.qr, "/auth/v1/qr/mobile">>(
  send,
  routes,
);

const minutesAgo = (iso: string) => {
  const minutes = Math.round((Date.now() + skewMs - Date.parse(iso)) / 60_000);
  const time = new Date(iso).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
  return minutes < 1
    ? `${time} (${t.justNow})`
    : `${time} (${new Intl.RelativeTimeFormat(lang, { numeric: "auto" }).format(-minutes, "minute")})`;
};

function startCountdown(requestedAt: string, expiresAt: string): void {
  // The Date header has whole seconds: never show more than the code's whole lifetime.
  const lifetime = Math.round((Date.parse(expiresAt) - Date.parse(requestedAt)) / 1000);
  const tick = () => {
    const left = Math.min(lifetime, Math.ceil((Date.parse(expiresAt) - (Date.now() + skewMs)) / 1000));
    if (left <= 0) return show("expired");
    fill(
      "countdown",
      t.expiresIn.replace("{time}", `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`),
    );
  };
  tick();
  countdown = setInterval(tick, 1000);
}

/** The phone's reason for a WebAuthn failure; undefined when the person dismissed the prompt. */
function failureOf(error: unknown): QrPhoneFailure | undefined {
  const code = error instanceof WebAuthnError ? error.code : undefined;
  const name =
    (error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : undefined) ??
    (error instanceof Error ? error.name : undefined);
  if (code === "ERROR_CEREMONY_ABORTED" || name === "NotAllowedError" || name === "AbortError")
    return undefined;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return "credential_exists";
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID" || name === "SecurityError")
    return "security_error";
  if (name === "NotSupportedError") return "webauthn_not_supported";
  return "unknown";
}

/** Tells the server the phone gave up, then shows it. */
async function abort(
  request: QrAbortRequest,
  message?: string,
  cancelledView: View = "cancelled",
): Promise<void> {
  if (!claim) return;
  try {
    await call("abortQr", { body: request });
  } catch {
    // The challenge already ended (expired, say): what the person sees is the same.
  }
  if (request.status === "cancelled") show(cancelledView);
  else show("failed", message);
}

const PHONE_MESSAGES: Record<QrPhoneFailure, string> = {
  webauthn_not_supported: t.failedUnsupported,
  credential_exists: t.failedExists,
  security_error: t.failedSecurity,
  unknown: t.failedUnknown,
};

/** What the person reads for a failed request: the server's own text is English, for developers. */
const failureText = (error: unknown) => (error instanceof HttpFailure ? t.failedServer : t.failedUnknown);

async function ceremony(): Promise<void> {
  if (!claim) return;
  show("working");
  let credential;
  const started = Date.now();
  try {
    credential =
      claim.purpose === "register"
        ? await startRegistration({ optionsJSON: claim.options as never })
        : await startAuthentication({ optionsJSON: claim.options as never });
  } catch (error) {
    const reason = failureOf(error);
    if (!reason && claim.purpose === "authenticate" && Date.now() - started < NO_PASSKEY_WITHIN_MS) {
      // The computer shows a new code, as after a cancel; the phone says why nothing happened.
      return abort({ status: "cancelled" }, undefined, "nopasskey");
    }
    return abort(
      reason ? { status: "failed", reason } : { status: "cancelled" },
      reason && PHONE_MESSAGES[reason],
    );
  }
  try {
    // The browser library's WebAuthn JSON is the contract's (an open object: any other member
    // allowed), but its interfaces carry no index signature for TypeScript to see that.
    const sent = credential as QrFinishRequest["credential"];
    await call("finishQr", { body: { challengeId: claim.challengeId, credential: sent } });
    show("done");
  } catch (error) {
    if (error instanceof HttpFailure && error.status === 410) return show("expired");
    show("failed", failureText(error));
  }
}

async function open(): Promise<void> {
  const secret = location.hash.slice(1);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return show("incomplete");
  try {
    claim = await call("claimQr", { body: { secret } });
  } catch (error) {
    if (error instanceof HttpFailure && error.status === 409) return show("used");
    if (error instanceof HttpFailure && error.status === 410) return show("expired");
    return show("failed", failureText(error));
  }
  root.dataset.purpose = claim.purpose;
  for (const element of root.querySelectorAll<HTMLElement>("[data-purpose]")) {
    element.hidden = element.dataset.purpose !== claim.purpose;
  }
  fill("tenant", claim.tenant.name);
  fill("site", claim.origin ?? claim.tenant.rpId);
  const networkWarning = root.querySelector<HTMLElement>('[data-network="different"]');
  if (networkWarning) networkWarning.hidden = claim.network !== "different";
  fill("requested", minutesAgo(claim.requestedAt));
  if (claim.purpose === "register") fill("account", claim.user.name);
  if (!browserSupportsWebAuthn()) {
    return abort(
      { status: "failed", reason: "webauthn_not_supported" },
      PHONE_MESSAGES.webauthn_not_supported,
    );
  }
  show("confirm");
  startCountdown(claim.requestedAt, claim.expiresAt);
}

// Another code scanned while this page is open may only change the fragment: start over with it.
window.addEventListener("hashchange", () => location.reload());
document.getElementById("continue")?.addEventListener("click", () => void ceremony());
document.getElementById("cancel")?.addEventListener("click", () => void abort({ status: "cancelled" }));
void open();
