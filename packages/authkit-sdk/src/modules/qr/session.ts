import type { AuthKitClient } from "../../core/client.ts";
import { AuthKitError, toAuthKitError } from "../../core/errors.ts";
import { errorDetail } from "../../core/events.ts";
import type {
  QRSession,
  QRStartAnswer,
  QRStartBody,
  QRStatus,
  QRStatusAnswer,
  AuthResult,
  UserInfo,
} from "../../core/types.ts";
import type { StatusWatcher, StatusWatcherFactory } from "./status-watcher.ts";
import { watchStatus } from "./watcher.ts";

/** The QR refreshes this long before it expires, unless it was scanned. */
export const REFRESH_BEFORE_EXPIRY_MS = 60_000;

export interface QRCallbacks {
  onQRGenerated?: (qrUrl: string, challengeId: string) => void;
  onStatusChange?: (status: QRStatus, message?: string) => void;
  /** `result.challengeId` (login) is what the tenant's server passes to verify-auth. */
  onSuccess?: (redirectUrl?: string, user?: UserInfo, result?: AuthResult) => void;
  onError?: (error: AuthKitError) => void;
  onExpired?: () => void;
}

export interface QRFlowOptions extends QRCallbacks {
  purpose: "authenticate" | "register";
  /** Registration: the new passkey's name. */
  name?: string;
  /** The page showing the QR, when it is not the requesting page's own origin (the SDK's embeds). */
  origin?: string;
  /** Status transport and policy (socket.io with polling fallback by default). */
  watcher?: StatusWatcherFactory;
}

/**
 * One cross-device flow: shows a QR (qr/start), watches its status, refreshes it 1 minute before
 * it expires unless scanned, regenerates it when the phone user cancels, and ends on completed,
 * expired, failed or error.
 */
export class QRFlow implements QRSession {
  challengeId = "";
  qrUrl = "";
  #status: QRStatus | undefined;
  #watcher: StatusWatcher | undefined;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  #expiryTimer: ReturnType<typeof setTimeout> | undefined;
  #ended = false;

  constructor(
    private readonly auth: AuthKitClient,
    private readonly options: QRFlowOptions,
  ) {}

  /** Starts the first challenge; rejects (after emitting QR_ERROR) when that fails. */
  async begin(): Promise<this> {
    await this.#generate(false);
    return this;
  }

  async refresh(): Promise<void> {
    this.#ended = false;
    await this.#generate(true);
  }

  cancel(): void {
    this.#ended = true;
    this.#stopWatching();
  }

  async #generate(refreshed: boolean): Promise<void> {
    this.#stopWatching();
    let start: QRStartAnswer;
    try {
      const body: QRStartBody = {
        ...(this.options.purpose === "register"
          ? { purpose: "register", ...(this.options.name ? { name: this.options.name } : {}) }
          : {}),
        ...(this.options.origin ? { origin: this.options.origin } : {}),
        // The phone page speaks the site's language (not only the phone's).
        ...(this.auth.getConfig().locale ? { lang: this.auth.getConfig().locale } : {}),
      };
      start = await this.auth.request<QRStartAnswer>({ path: "/auth/v1/qr/start", body });
    } catch (thrown) {
      throw this.#fail(thrown);
    }
    this.challengeId = start.challengeId;
    this.qrUrl = start.qrUrl;
    this.#status = "pending";
    const generated = { qrUrl: start.qrUrl, challengeId: start.challengeId };
    this.auth.emit(refreshed ? "authkit:qr:refreshed" : "authkit:qr:generated", generated);
    this.options.onQRGenerated?.(start.qrUrl, start.challengeId);
    this.#schedule(start);
    this.#watcher = (this.options.watcher ?? watchStatus)({
      auth: this.auth,
      start,
      onStatus: (update) => this.#onStatus(start.challengeId, update),
      onError: (error) => this.#fail(error),
    });
  }

  #schedule(start: QRStartAnswer) {
    const { qrExpirationTime } = this.auth.getConfig();
    const serverLeft = Date.parse(start.expiresAt) - Date.now();
    const lifetime = Number.isFinite(serverLeft) ? Math.min(serverLeft, qrExpirationTime) : qrExpirationTime;
    // A code that lives a minute or less is left to expire (refreshing it at once would loop).
    if (lifetime > REFRESH_BEFORE_EXPIRY_MS) {
      this.#refreshTimer = setTimeout(() => {
        if (this.#status === "pending") void this.refresh().catch(() => undefined);
      }, lifetime - REFRESH_BEFORE_EXPIRY_MS);
    }
    this.#expiryTimer = setTimeout(() => this.#onStatus(start.challengeId, { status: "expired" }), lifetime);
  }

  #onStatus(challengeId: string, update: QRStatusAnswer) {
    if (this.#ended || challengeId !== this.challengeId || update.status === this.#status) return;
    this.#status = update.status;
    this.auth.emit("authkit:qr:status-change", {
      status: update.status,
      ...(update.message ? { message: update.message } : {}),
    });
    this.options.onStatusChange?.(update.status, update.message);
    switch (update.status) {
      case "completed": {
        this.cancel();
        // The wire's status as the flow's result (a login's verify-auth id is the phone's, not the QR's).
        const result: AuthResult = {
          ...(update.user ? { user: update.user } : {}),
          ...(update.loginChallengeId ? { challengeId: update.loginChallengeId } : {}),
          ...(update.sessionToken ? { sessionToken: update.sessionToken } : {}),
          ...(update.passkeyId ? { passkeyId: update.passkeyId } : {}),
        };
        this.auth.emit("authkit:qr:success", result);
        if (this.options.purpose === "authenticate") this.auth.emit("authkit:auth:success", result);
        this.options.onSuccess?.(undefined, result.user, result); // the auth server sends no redirect
        break;
      }
      case "expired":
        this.cancel();
        this.auth.emit("authkit:qr:expired", { challengeId });
        this.options.onExpired?.();
        break;
      case "cancelled":
        // The phone user dismissed the prompt: a fresh QR for another try.
        void this.refresh().catch(() => undefined);
        break;
      case "failed":
      case "error":
        this.#fail(
          new AuthKitError(
            "server_error",
            update.message ?? "The phone could not complete the passkey step.",
            {
              serverCode: `qr_${update.status}`,
            },
          ),
        );
        break;
    }
  }

  #fail(thrown: unknown): AuthKitError {
    const error = toAuthKitError(thrown);
    this.cancel();
    this.auth.emit("authkit:qr:error", errorDetail(error));
    if (this.options.purpose === "authenticate") this.auth.emit("authkit:auth:error", errorDetail(error));
    this.options.onError?.(error);
    return error;
  }

  #stopWatching() {
    this.#watcher?.stop();
    this.#watcher = undefined;
    clearTimeout(this.#refreshTimer);
    clearTimeout(this.#expiryTimer);
  }
}
