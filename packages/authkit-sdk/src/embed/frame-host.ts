import { dispatchOnWindow, type AuthKitEventMap } from "../core/events.ts";
import {
  deserializeDetail,
  isEventName,
  openEnvelope,
  originOf,
  seal,
  type FrameMessage,
  type ParentMessage,
} from "./protocol.ts";

export interface FrameHostOptions {
  /** The auth server (the iframe's origin). */
  apiBaseUrl: string;
  /** `/auth-embed` or `/register-embed`. */
  path: string;
  /** The element's language: the embed page's `<html lang>` and title (its text comes with `init`). */
  lang?: string;
  /** Sent once the iframe has loaded. */
  init: () => ParentMessage;
  onMessage: (message: FrameMessage) => void;
  /** No `ready` within this many ms (the server is down, or refuses to be framed). */
  timeout: number;
  onTimeout: () => void;
}

/**
 * The parent side of an embed: creates the cross-origin iframe (`?origin=` names this page; the
 * token is never in the URL), posts `init` on load to the auth server's origin only, and accepts
 * messages only from that iframe's window and origin.
 */
export class FrameHost {
  readonly iframe: HTMLIFrameElement;
  readonly #origin: string;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #ready = false;

  constructor(private readonly options: FrameHostOptions) {
    const origin = originOf(options.apiBaseUrl);
    if (!origin) throw new TypeError(`Not a URL: ${options.apiBaseUrl}`);
    this.#origin = origin;
    const url = new URL(options.path, `${options.apiBaseUrl}/`);
    url.searchParams.set("origin", location.origin);
    if (options.lang) url.searchParams.set("lang", options.lang);
    this.iframe = document.createElement("iframe");
    this.iframe.src = url.href;
    this.iframe.allow = "publickey-credentials-get *; publickey-credentials-create *";
    this.iframe.setAttribute("part", "frame");
    this.iframe.title = "Passkey sign-in";
    this.iframe.addEventListener("load", this.#onLoad);
    window.addEventListener("message", this.#onMessage);
    this.#timer = setTimeout(() => {
      if (!this.#ready) options.onTimeout();
    }, options.timeout);
  }

  /** Posts to the iframe, to the auth server's origin only. */
  post(message: ParentMessage): void {
    this.iframe.contentWindow?.postMessage(seal(message), this.#origin);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    window.removeEventListener("message", this.#onMessage);
    this.iframe.removeEventListener("load", this.#onLoad);
    this.iframe.remove();
  }

  readonly #onLoad = () => this.post(this.options.init());

  readonly #onMessage = (event: MessageEvent) => {
    if (event.origin !== this.#origin || event.source !== this.iframe.contentWindow) return;
    const message = openEnvelope<FrameMessage>(event.data);
    if (!message) return;
    if (message.type === "ready") {
      this.#ready = true;
      clearTimeout(this.#timer);
    }
    if (message.type === "event") {
      // What the iframe's SDK announced, announced again on this page's window.
      if (isEventName(message.name)) {
        dispatchOnWindow(
          message.name,
          deserializeDetail(message.detail) as AuthKitEventMap[typeof message.name],
        );
      }
      return;
    }
    this.options.onMessage(message);
  };
}
