// The kit's confirmation dialog (a real <dialog>: focus is trapped, Escape cancels), instead of
// confirm(). Focus starts on the action, as the board's confirmations always did.
import { confirmAction as confirm } from "@org/web-kit/confirm";

/** Asks; resolves true when confirmed. */
export function confirmAction(heading: string, message: string, action = "Confirm"): Promise<boolean> {
  return confirm({ title: heading, message, confirmLabel: action, tone: "primary" });
}
