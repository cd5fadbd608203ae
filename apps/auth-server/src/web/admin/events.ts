// The dashboard's own events, each with its detail: sent with `emit`, heard with `listen` in a
// template, so a misspelt event or a wrong detail does not compile.
import { typedEvents } from "@org/web-kit/events";
import { typedListen } from "@org/web-kit/listen";

interface DashboardEvents {
  /** A user's passkey was deleted (detail: its id). */
  "passkey-deleted": string;
  /** A user's sessions were ended (detail: how many). */
  "sessions-ended": number;
}

export const { emit } = typedEvents<DashboardEvents>();
export const { listen } = typedListen<DashboardEvents>();
