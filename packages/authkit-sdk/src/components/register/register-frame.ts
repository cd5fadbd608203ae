import { AuthKitError } from "../../core/errors.ts";
import { FrameHost } from "../../embed/frame-host.ts";
import type { AuthResult } from "../../core/types.ts";
import { deserializeError, type InitMessage } from "../../embed/protocol.ts";

export interface RegisterFrameOptions {
  apiBaseUrl: string;
  timeout: number;
  title: string;
  lang: string;
  init: () => InitMessage;
  onResize: (height: number) => void;
  onSuccess: (result: AuthResult) => void;
  onError: (error: AuthKitError) => void;
  onExpired: () => void;
}

/**
 * The `/register-embed` iframe of `<authkit-register>` with `assertion-url` in QR mode: the QR
 * lives on the auth server's origin and gets the user token by postMessage.
 */
export function registerFrame(options: RegisterFrameOptions): FrameHost {
  const frame = new FrameHost({
    apiBaseUrl: options.apiBaseUrl,
    path: "register-embed",
    lang: options.lang,
    timeout: options.timeout,
    init: options.init,
    onMessage: (message) => {
      if (message.type === "resize") options.onResize(message.height);
      else if (message.type === "success") options.onSuccess(message.result);
      else if (message.type === "error") options.onError(deserializeError(message.error));
      else if (message.type === "expired") options.onExpired();
    },
    onTimeout: () =>
      options.onError(
        new AuthKitError("server_unreachable", `The QR frame did not answer within ${options.timeout} ms.`),
      ),
  });
  frame.iframe.title = options.title;
  return frame;
}
