import type { BoardEvent } from "@org/contracts";
import type { Db, Prisma } from "@org/db";
import type { WindowCounter } from "@org/service-kit";
import type { OAuthAccess } from "../oauth/access.ts";
import type { FileStore } from "./file-store.ts";

/** The user a request acts as (the owner of its API token, or the web app's signed-in user). */
export interface Actor {
  id: string;
  email: string;
  name: string;
  /**
   * Set when the request came from the web app (its cookie session): only then are @mentions,
   * notifications and activity written. Decided by how the request authenticated, never by
   * anything a client sends.
   */
  viaWebApp?: true;
  /**
   * Web app requests only: when the session last proved a passkey (its sign-in, sign-up or a
   * step-up since); account security changes need it within 5 minutes (step-up.ts).
   */
  steppedUpAt?: Date | null;
  /** The auth server login of that proof, which a registration token cites (web-auth.ts). */
  stepUpChallengeId?: string | null;
  /** Set when an OAuth access token authenticated the request: its scopes, projects and resource. */
  oauth?: OAuthAccess;
}

/** Where live events go (socket.io, plugged in by the server). */
export interface BoardEvents {
  emit(event: BoardEvent): void;
}

/** What every service function gets besides its own options. */
export interface ServiceContext {
  db: Db;
  actor: Actor;
  files: FileStore;
  /** Where live events go; absent: nowhere. */
  events?: BoardEvents | undefined;
  /** A text search's statement timeout (CARD_SEARCH_TIMEOUT_MS); absent: 1000 ms. */
  cardSearchTimeoutMs?: number | undefined;
  /** Bytes of attachments a project, and a user, may hold in all; absent: unlimited. */
  attachmentQuota?: { projectBytes: number; userBytes: number } | undefined;
  /** Counts a user's invitations of people who share none of their projects; absent: unlimited. */
  strangerInvites?: WindowCounter | undefined;
}

export type Tx = Prisma.TransactionClient;

/** Interactive transactions wait for a pooled connection and for row locks under load. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

/** The current time in SQL as a UTC timestamp, the way Prisma stores `DateTime` (timestamp(3)). */
export { SQL_NOW } from "@org/db";
