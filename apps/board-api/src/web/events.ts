// The web app's own events, each with its detail: sent with `emit`, heard with `on` (window's) or
// `listen` (listen.ts, in a template), so a misspelt event or a wrong detail does not compile.
import type { Invitation, Project, User, WebSessionInfo } from "@org/contracts";
import type { ThemeChoice } from "@org/web-theme/theme";
import { typedEvents } from "@org/web-kit/events";

export interface BoardEvents {
  /** window: an answer was 401, the session ended. */
  "board:signed-out": undefined;
  /** window: notifications were read (the unread count changes). */
  "board:notifications-changed": undefined;
  /** window: an invitation was accepted or declined (the count changes). */
  "board:invitations-changed": undefined;
  /** The sign-in or sign-up view started a session. */
  "signed-in": WebSessionInfo;
  /** The account or verify-email view changed the user. */
  "user-changed": User;
  "theme-changed": ThemeChoice;
  "sign-out": undefined;
  /** The new-project form: made (setup may still run), then opened (`created`), or cancelled. */
  made: Project;
  created: Project;
  cancel: undefined;
  /** The invitation list joined a project. */
  joined: Invitation;
  /** A card's panel or part changed the card. */
  changed: undefined;
  /** The card panel asks to be closed. */
  close: undefined;
}

export const { emit, on } = typedEvents<BoardEvents>();
