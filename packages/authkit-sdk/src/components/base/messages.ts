import type { AuthKitError } from "../../core/errors.ts";

/** What the element tells the person for an error (developers get the full message in the event and with `debug`). */
export function userMessage(error: AuthKitError, action: "sign-in" | "registration" = "sign-in"): string {
  switch (error.code) {
    case "user_cancelled":
      return action === "sign-in" ? "Sign-in was cancelled." : "Passkey creation was cancelled.";
    case "server_unreachable":
      return "Can't reach the sign-in service. Check your connection and try again.";
    case "credential_not_found":
      return "This passkey isn't registered for this site.";
    case "challenge_expired":
      return "The request expired. Please try again.";
    case "webauthn_not_supported":
      return "This browser or device doesn't support passkeys.";
    case "user_disabled":
      return "This account has been disabled.";
    case "configuration_error":
      return `${action === "sign-in" ? "Sign-in" : "Passkey creation"} isn't set up correctly on this site.`;
    case "rate_limited":
      return error.retryAfter
        ? `Too many attempts. Try again in ${error.retryAfter} seconds.`
        : "Too many attempts. Try again in a moment.";
    default:
      return error.message || "Something went wrong. Please try again.";
  }
}
