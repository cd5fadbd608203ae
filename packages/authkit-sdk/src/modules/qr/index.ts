import type { AuthKitClient } from "../../core/client.ts";
import type { QRSession } from "../../core/types.ts";
import type { QRCallbacks, QRFlowOptions } from "./session.ts";

export type { QRCallbacks };
export type { StatusWatcherFactory } from "./status-watcher.ts";

export interface QRStartOptions extends QRCallbacks {
  /** The page showing the QR, when the request does not come from it (the SDK's own embeds). */
  origin?: string;
}

export interface QRRegisterOptions extends QRStartOptions {
  /** Display name of the new passkey. */
  name: string;
}

/** Cross-device flows: the user scans a QR code with a phone, which runs the passkey step. */
export class QRModule {
  constructor(private readonly auth: AuthKitClient) {}

  /**
   * Login by QR with the session token. Emits QR_GENERATED, QR_STATUS_CHANGE, QR_SUCCESS +
   * AUTH_SUCCESS, QR_ERROR + AUTH_ERROR, QR_EXPIRED, QR_REFRESHED.
   */
  startAuth(options: QRStartOptions = {}): Promise<QRSession> {
    return this.#begin({ ...options, purpose: "authenticate" });
  }

  /** Registration by QR with a user token: the phone creates the passkey. */
  startRegister(options: QRRegisterOptions): Promise<QRSession> {
    return this.#begin({ ...options, purpose: "register" });
  }

  /** The QR flow is loaded when first used: a page that never shows a QR code never downloads it. */
  async #begin(options: QRFlowOptions): Promise<QRSession> {
    const { QRFlow } = await import("./session.ts");
    return new QRFlow(this.auth, options).begin();
  }
}
