// The kit's confirmation dialog, and the dashboard's way of saying an action is done.
import { confirmAction as kitConfirm, type ConfirmOptions } from "@org/web-kit/confirm";
import { toast } from "@org/web-kit/toast";
import { t } from "../i18n.ts";

export type { ConfirmOptions };

/** Asks before an action, with Cancel and Close in the page's language. */
export const confirmAction = (options: ConfirmOptions): Promise<boolean> =>
  kitConfirm({ cancelLabel: t.common.cancel, closeLabel: t.common.close, ...options });

/** Tells the dashboard's status line (a polite live region) about a completed action. */
export function notify(message: string): void {
  toast(message);
}
