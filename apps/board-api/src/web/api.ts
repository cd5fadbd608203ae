// The web app's calls to its own server, on the web kit's fetch client: /api/v1 (the same
// operations as every client, with the session cookie; paths checked against the registry) and the
// web endpoints (/app/auth, /app/account). Every change carries the session's CSRF token.
import type { User } from "@org/contracts";
import {
  ApiError,
  createApiClient,
  methodCalls,
  type ApiClientOptions,
  type ErrorDetail,
} from "@org/web-kit/api-client";
import type { BoardPath, BoardPaths } from "@org/web-kit/registry-paths";

export { ApiError };

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

let csrfToken = "";

/** Set when a session starts or is found; sent as X-CSRF-Token on every change. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** The board's error envelope: `{ error: { code, message, details? } }`. */
interface BoardErrorBody {
  error?: { code: string; message: string; details?: ErrorDetail[] };
}

/**
 * A not_found message without its hint for agents ("Use find_cards … (HTTP: …)"), which a person
 * following a stale link cannot act on: what is gone, and why it may be; other messages without
 * the API options a person has no control for.
 */
function forPeople(code: string, message: string): string {
  const what = code === "not_found" ? /^(\w[\w ]*?) not found\b/.exec(message)?.[1] : undefined;
  if (what) return `${what} not found. It may have been deleted, or you no longer have access to it.`;
  // A parent kept out of a done column: `force` is an option of the API's callers, not the page's.
  return message.replace(/, or pass force: true\.$/, ".");
}

const boardClient: Omit<ApiClientOptions, "base"> = {
  csrfToken: () => csrfToken,
  emptyStatuses: [202],
  onUnauthorized: () => window.dispatchEvent(new CustomEvent("board:signed-out")),
  readError(status, body) {
    const error = (body as BoardErrorBody | undefined)?.error ?? {
      code: "internal",
      message: `The server answered ${status}.`,
    };
    return new ApiError(status, error.code, forPeople(error.code, error.message), error.details);
  },
  unreachable: () =>
    new ApiError(0, "network", "The server cannot be reached. Check your connection and try again."),
};

const v1 = createApiClient({ ...boardClient, base: "/api/v1" });
const operations = methodCalls<BoardPaths>(v1);
const app = createApiClient({ ...boardClient, base: "/app" });

/** /api/v1 operations. */
export const api = {
  get: operations.get,
  post: <T>(path: BoardPath<"post">, body?: unknown) => operations.post<T>(path, body ?? {}),
  patch: operations.patch,
  delete: operations.delete,
  upload: <T>(path: BoardPath<"post">, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return operations.post<T>(path, form);
  },
  /** Every page of a list (boards have few members, labels, priorities). */
  async all<T>(path: BoardPath<"get">): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes("?") ? "&" : "?";
      const page: Page<T> = await v1<Page<T>>(
        "GET",
        `${path}${separator}limit=200${cursor ? `&cursor=${cursor}` : ""}`,
      );
      items.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return items;
  },
};

/** Account → Connected apps: OAuth grants (routes of src/oauth, outside the operation registry). */
export interface ConnectedApp {
  id: string;
  client_id: string;
  client_name: string;
  client_uri: string | null;
  scopes: string[];
  project_ids: string[] | null;
  /** A limited grant's projects with their names; null: every project. */
  projects: Array<{ id: string; name: string }> | null;
  created_at: string;
  last_used_at: string | null;
}

export const connectedApps = {
  list: () => v1<{ data: ConnectedApp[] }>("GET", "/me/grants"),
  revoke: (grantId: string) => v1<void>("DELETE", `/me/grants/${encodeURIComponent(grantId)}`),
};

export interface WebSession {
  user: User;
  csrf_token: string;
}

/** The web app's own endpoints (sign-up, sign-in, session, passkeys). */
export const web = {
  get: <T>(path: string) => app<T>("GET", path),
  post: <T>(path: string, body?: unknown) => app<T>("POST", path, body ?? {}),
  patch: <T>(path: string, body: unknown) => app<T>("PATCH", path, body),
  delete: (path: string) => app<void>("DELETE", path),
};

/** The current session, or null when signed out. */
export async function loadSession(): Promise<WebSession | null> {
  const response = await fetch("/app/auth/session", { credentials: "same-origin" });
  if (response.status !== 200) return null;
  const session = (await response.json()) as WebSession;
  setCsrfToken(session.csrf_token);
  return session;
}
