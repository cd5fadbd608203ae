// Fixture factories: each takes a partial and fills in the rest, through the same paths clients
// use (HTTP), except users and tokens, which come from the service function the CLI runs.
import type { Card, Column, Project } from "@org/contracts";
import request from "supertest";
import { createUser } from "../services/users.ts";
import type { TestApp } from "./app.ts";

export type Client = ReturnType<typeof client>;

/** supertest calls to /api/v1 with `Authorization: Bearer <token>`. */
export function client(t: TestApp, token: string) {
  const agent = request(t.app);
  const auth = (test: request.Test) => test.set("Authorization", `Bearer ${token}`);
  return {
    token,
    get: (path: string) => auth(agent.get(`/api/v1${path}`)),
    post: (path: string, body?: object) => auth(agent.post(`/api/v1${path}`)).send(body),
    patch: (path: string, body?: object) => auth(agent.patch(`/api/v1${path}`)).send(body),
    delete: (path: string) => auth(agent.delete(`/api/v1${path}`)),
  };
}

let userCount = 0;

/** A user with an API token, and a client acting as that user. */
export async function makeUser(t: TestApp, partial: { email?: string; name?: string } = {}) {
  userCount += 1;
  const created = await createUser({
    db: t.database.db,
    email: partial.email ?? `user${userCount}-${Date.now()}@example.com`,
    name: partial.name ?? `User ${userCount}`,
  });
  return { ...created, api: client(t, created.token) };
}

async function created<T>(res: request.Response): Promise<T> {
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export async function makeProject(
  api: Client,
  partial: { name?: string; repo_url?: string } = {},
): Promise<Project> {
  return created(await api.post("/projects", { name: "Project", ...partial }));
}

let columnsMade = 0;

/** A column; unnamed ones are "Column 1", "Column 2", … (names are unique in a project). */
export async function makeColumn(
  api: Client,
  projectId: string,
  partial: { name?: string; position?: number } = {},
): Promise<Column> {
  columnsMade += 1;
  return created(
    await api.post(`/projects/${projectId}/columns`, { name: `Column ${columnsMade}`, ...partial }),
  );
}

export async function makeCard(
  api: Client,
  columnId: string,
  partial: Record<string, unknown> = {},
): Promise<Card> {
  return created(await api.post(`/columns/${columnId}/cards`, { title: "Card", ...partial }));
}

/**
 * Makes `invitee` a member with `role`: `owner` invites them by id (add_member answers 202: nobody
 * joins without consent) and they accept (accept_invitation).
 */
/** What adding a member needs of a client: a bearer client, or a web one (session and CSRF token). */
type Caller = Pick<Client, "get" | "post">;

export async function addMember(
  owner: Caller,
  projectId: string,
  invitee: { user: { id: string }; api: Caller },
  role: string,
) {
  const invited = await owner.post(`/projects/${projectId}/members`, { user_id: invitee.user.id, role });
  if (invited.status !== 202)
    throw new Error(`expected 202, got ${invited.status}: ${JSON.stringify(invited.body)}`);
  const mine = (await invitee.api.get("/me/invitations?limit=200")).body as {
    data: { id: string; project_id: string }[];
  };
  const invitation = mine.data.find((item) => item.project_id === projectId);
  if (!invitation) throw new Error(`no invitation to ${projectId} for ${invitee.user.id}`);
  return created(await invitee.api.post(`/invitations/${invitation.id}/accept`));
}

/** A user with a project, one column, and a client. */
export async function makeBoard(t: TestApp) {
  const owner = await makeUser(t);
  const project = await makeProject(owner.api);
  const column = await makeColumn(owner.api, project.id, { name: "Todo" });
  return { owner, project, column };
}
