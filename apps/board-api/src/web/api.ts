// The web app's calls to its own server: /api/v1 (the same operations as every client, with the
// session cookie) and the web endpoints (/app/auth, /app/account). Every change carries the
// session's CSRF token.
import type { User } from "@org/contracts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

let csrfToken = "";

/** Set when a session starts or is found; sent as X-CSRF-Token on every change. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached. Check your connection and try again.");
  }
  if (response.status === 204 || response.status === 202) return undefined as T;
  const json = (await response.json().catch(() => ({}))) as {
    error?: { code: string; message: string; details?: Array<{ path: string; message: string }> };
  };
  if (!response.ok) {
    const error = json.error ?? { code: "internal", message: `The server answered ${response.status}.` };
    if (response.status === 401) window.dispatchEvent(new CustomEvent("board:signed-out"));
    throw new ApiError(response.status, error.code, error.message, error.details);
  }
  return json as T;
}

const v1 = (path: string) => `/api/v1${path}`;

/** /api/v1 operations. */
export const api = {
  get: <T>(path: string) => send<T>("GET", v1(path)),
  post: <T>(path: string, body?: unknown) => send<T>("POST", v1(path), body ?? {}),
  patch: <T>(path: string, body: unknown) => send<T>("PATCH", v1(path), body),
  delete: (path: string) => send<void>("DELETE", v1(path)),
  upload: <T>(path: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return send<T>("POST", v1(path), form);
  },
  /** Every page of a list (boards have few members, labels, priorities). */
  async all<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes("?") ? "&" : "?";
      const page: Page<T> = await send<Page<T>>(
        "GET",
        v1(`${path}${separator}limit=200${cursor ? `&cursor=${cursor}` : ""}`),
      );
      items.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return items;
  },
};

export interface WebSession {
  user: User;
  csrf_token: string;
}

/** The web app's own endpoints (sign-up, sign-in, session, passkeys). */
export const web = {
  get: <T>(path: string) => send<T>("GET", `/app${path}`),
  post: <T>(path: string, body?: unknown) => send<T>("POST", `/app${path}`, body ?? {}),
  delete: (path: string) => send<void>("DELETE", `/app${path}`),
};

/** The current session, or null when signed out. */
export async function loadSession(): Promise<WebSession | null> {
  const response = await fetch("/app/auth/session", { credentials: "same-origin" });
  if (response.status !== 200) return null;
  const session = (await response.json()) as WebSession;
  setCsrfToken(session.csrf_token);
  return session;
}
