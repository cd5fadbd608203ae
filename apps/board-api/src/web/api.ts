// The web app's calls to its own server, on the web kit's fetch client, each by name and typed from
// its registry in @org/contracts (no request or answer type is written here): /api/v1's operations
// (`call("move_card", { params, body })`, with the session cookie), the person's unpublished
// /api/v1 account operations (`callAccount`: connected apps) and the web endpoints under /app
// (`callWeb`: sign-up, sign-in, passkeys, the OAuth consent). Every change carries the session's
// CSRF token.
import type {
  BoardAccountOperations,
  BoardOperations,
  BoardWebOperations,
  WebSessionInfo,
} from "@org/contracts";
import { ApiError, createApiClient, type ApiClientOptions, type ErrorDetail } from "@org/web-kit/api-client";
import { createOperationClient, type CallInput, type CallResult } from "@org/web-kit/operation-client";
import accountRoutes from "./account-operations.at-build.ts";
import routes from "./operations.at-build.ts";
import webRoutes from "./web-operations.at-build.ts";
import { emit } from "./events.ts";

export { ApiError };

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
  onUnauthorized: () => emit(window, "board:signed-out"),
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
const app = createApiClient({ ...boardClient, base: "/app" });

/** An /api/v1 operation by name: `call("move_card", { params: { card_id }, body })`. */
export const call = createOperationClient<BoardOperations>(v1, routes);

type Ops = BoardOperations;
type ListName = {
  [N in keyof Ops]: CallResult<Ops[N]> extends { data: unknown[]; next_cursor: string | null } ? N : never;
}[keyof Ops];
type Item<N extends ListName> = CallResult<Ops[N]> extends { data: Array<infer T> } ? T : never;

/** Every page of a list operation (boards have few members, labels, priorities), 200 at a time. */
export async function callAll<N extends ListName>(name: N, input?: CallInput<Ops[N]>): Promise<Item<N>[]> {
  const items: Item<N>[] = [];
  let cursor: string | null = null;
  do {
    const { query, ...rest } = (input ?? {}) as { query?: object };
    const page = (await (call as (name: N, input: object) => Promise<unknown>)(name, {
      ...rest,
      query: { ...query, limit: 200, ...(cursor ? { cursor } : {}) },
    })) as { data: Item<N>[]; next_cursor: string | null };
    items.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

/** An upload's body: the file as the multipart form's `file`. */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file);
  return form;
}

/** Account → Connected apps (OAuth grants), by name: `callAccount("revoke_connected_app", { params })`. */
export const callAccount = createOperationClient<BoardAccountOperations>(v1, accountRoutes);

/** The web app's own endpoints by name (sign-up, sign-in, session, passkeys, OAuth consent): `callWeb("sign_in", { body })`. */
export const callWeb = createOperationClient<BoardWebOperations>(app, webRoutes);

/** The current session (the user and its CSRF token), or null when signed out. */
export async function loadSession(): Promise<WebSessionInfo | null> {
  const session = await callWeb("get_session");
  if (!session) return null;
  setCsrfToken(session.csrf_token);
  return session;
}
