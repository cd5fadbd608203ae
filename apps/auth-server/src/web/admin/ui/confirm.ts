// The kit's confirmation dialog, and the dashboard's way of saying an action is done.
import { toast } from "@org/web-kit/toast";

export { confirmAction, type ConfirmOptions } from "@org/web-kit/confirm";

/** Tells the dashboard's status line (a polite live region) about a completed action. */
export function notify(message: string): void {
  toast(message);
}
