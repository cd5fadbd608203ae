import { type TestApp, addMember, client, makeUser } from "@org/board-api/testing";
import {
  BOARD_ORIGIN,
  createWebTestApp,
  signUp,
  startAuthServer,
  type AuthServer,
  type WebClient,
} from "../../src/board/web.ts";

let auth: AuthServer;
let t: TestApp;
let ada: WebClient;
let bob: Awaited<ReturnType<typeof makeUser>>;
let projectId: string;
let columnId: string;
let doneId: string;
beforeAll(async () => {
  auth = await startAuthServer();
  t = await createWebTestApp(auth, await auth.tenant([BOARD_ORIGIN]));
  ada = await signUp(t, auth, { email: "ada@example.com", name: "Ada" });
  bob = await makeUser(t, { email: "bob@example.com", name: "Bob" });
  projectId = (await ada.api.post("/projects", { name: "Mentions" })).body.id;
  columnId = (await ada.api.post(`/projects/${projectId}/columns`, { name: "Todo" })).body.id;
  doneId = (await ada.api.post(`/projects/${projectId}/columns`, { name: "Done" })).body.id;
  await addMember(ada.api, projectId, bob, "member");
});
afterAll(async () => {
  await t.close();
  await auth.close();
});

const notificationsOf = async (api: { get(path: string): Promise<{ body: { data: unknown[] } }> }) =>
  (await api.get("/me/notifications")).body.data as Array<Record<string, unknown>>;

describe("mentions, notifications and activity", () => {
  it("come from a comment written in the web app", async () => {
    const card = (await ada.api.post(`/columns/${columnId}/cards`, { title: "Ship it" })).body;
    const comment = await ada.api.post(`/cards/${card.id}/comments`, {
      body: "Can you look, @bob? (not @nobody, not x@bob.com)",
    });
    expect(comment.status).toBe(201);
    const notifications = await notificationsOf(bob.api);
    expect(notifications).toEqual([
      {
        id: expect.any(String),
        kind: "mention",
        project_id: projectId,
        project_name: "Mentions",
        card_id: card.id,
        card_number: card.number,
        card_title: "Ship it",
        comment_id: comment.body.id,
        actor_id: ada.user.id,
        actor_name: "Ada",
        excerpt: "Can you look, @bob? (not @nobody, not x@bob.com)",
        webhook_id: null,
        webhook_url: null,
        read_at: null,
        created_at: expect.any(String),
      },
    ]);
    const read = await bob.api.post(`/me/notifications/${notifications[0]!.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.read_at).toEqual(expect.any(String));
    expect((await bob.api.get("/me/notifications?unread=true")).body.data).toEqual([]);
    // Nobody else reads or marks them.
    expect((await ada.api.post(`/me/notifications/${notifications[0]!.id}/read`)).status).toBe(404);

    const activity = await ada.api.get(`/cards/${card.id}/activity`);
    expect(activity.body.data.map((entry: { kind: string }) => entry.kind)).toEqual(["commented", "created"]);
    expect(activity.body.data[0]).toEqual({
      id: expect.any(String),
      kind: "commented",
      actor_id: ada.user.id,
      data: { comment_id: comment.body.id },
      created_at: expect.any(String),
    });
  });

  it("record edits (which fields, from and to), moves and archiving, and notify a mention added by an edit once", async () => {
    const card = (await ada.api.post(`/columns/${columnId}/cards`, { title: "Draft" })).body;
    await ada.api.patch(`/cards/${card.id}`, { title: "Final", body: "For @bob" }).expect(200);
    await ada.api.patch(`/cards/${card.id}`, { body: "For @bob, again" }).expect(200);
    await ada.api.post(`/cards/${card.id}/move`, { to_column_id: doneId, position: 0 }).expect(200);
    await ada.api.post(`/cards/${card.id}/archive`).expect(200);
    const entries = (await ada.api.get(`/cards/${card.id}/activity`)).body.data;
    expect(entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      "archived",
      "moved",
      "edited",
      "edited",
      "created",
    ]);
    expect(entries[1].data).toEqual({ from_column_id: columnId, to_column_id: doneId, position: 0 });
    expect(entries[3].data).toEqual({ fields: { title: { from: "Draft", to: "Final" }, body: {} } });
    const mentions = (await notificationsOf(bob.api)).filter((n) => n.card_id === card.id);
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({ comment_id: null, excerpt: "Final For @bob" });
  });

  it("never come from the API or MCP, whatever the text says", async () => {
    const before = (await notificationsOf(bob.api)).length;
    const card = (await bob.api.post(`/columns/${columnId}/cards`, { title: "Hi @ada", body: "@ada" })).body;
    await bob.api.post(`/cards/${card.id}/comments`, { body: "@ada please" }).expect(201);
    await bob.api.patch(`/cards/${card.id}`, { body: "@ada again" }).expect(200);
    expect((await ada.api.get(`/cards/${card.id}/activity`)).body.data).toEqual([]);
    expect(await notificationsOf(ada.api)).toEqual([]);

    // An API token of the web app's own user writes none either: it is how the request authenticated that counts.
    const { token } = (await ada.api.post("/tokens", { name: "script" })).body;
    const viaToken = client(t, token);
    await viaToken.post(`/cards/${card.id}/comments`, { body: "@bob from a script" }).expect(201);
    expect((await notificationsOf(bob.api)).length).toBe(before);
    expect((await ada.api.get(`/cards/${card.id}/activity`)).body.data).toEqual([]);
  });

  it("show a member the project's and card's current names, and a former member only the names they were written with", async () => {
    const carol = await makeUser(t, { name: "Carol Former" });
    const project = (await ada.api.post("/projects", { name: "Before" })).body;
    const column = (await ada.api.post(`/projects/${project.id}/columns`, { name: "Todo" })).body;
    await addMember(ada.api, project.id, carol, "member");
    const card = (await ada.api.post(`/columns/${column.id}/cards`, { title: "Old title" })).body;
    await ada.api.post(`/cards/${card.id}/comments`, { body: `@${carol.user.handle} see this` }).expect(201);
    const names = async () =>
      (await notificationsOf(carol.api)).map((n) => ({ project: n.project_name, card: n.card_title }));

    await ada.api.patch(`/cards/${card.id}`, { title: "Renamed while a member" }).expect(200);
    expect(await names()).toEqual([{ project: "Before", card: "Renamed while a member" }]);

    await ada.api.delete(`/projects/${project.id}/members/${carol.user.id}`).expect(204);
    await ada.api.patch(`/cards/${card.id}`, { title: "Acquisition of Initech" }).expect(200);
    await ada.api.patch(`/projects/${project.id}`, { name: "Secret merger" }).expect(200);
    const expected = [{ project: "Before", card: "Old title" }];
    expect(await names()).toEqual(expected);
    const [notification] = await notificationsOf(carol.api);
    const read = await carol.api.post(`/me/notifications/${notification!.id as string}/read`);
    expect({ project: read.body.project_name, card: read.body.card_title }).toEqual(expected[0]);
  });

  it("are marked read all at once", async () => {
    const card = (await ada.api.post(`/columns/${columnId}/cards`, { title: "@bob one" })).body;
    await ada.api.post(`/cards/${card.id}/comments`, { body: "@bob two" }).expect(201);
    expect((await bob.api.get("/me/notifications?unread=true")).body.data.length).toBeGreaterThanOrEqual(2);
    expect((await bob.api.post("/me/notifications/read")).status).toBe(204);
    expect((await bob.api.get("/me/notifications?unread=true")).body.data).toEqual([]);
  });

  it("use handles members can change (unique)", async () => {
    const renamed = await bob.api.patch("/me", { handle: "bobby" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.handle).toBe("bobby");
    const taken = await ada.api.patch("/me", { handle: "bobby" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: { code: "conflict", message: "The handle @bobby is taken." } });
    expect((await ada.api.patch("/me", { handle: "No Caps" })).status).toBe(422);
    const members = (await ada.api.get(`/projects/${projectId}/members`)).body.data;
    expect(members.map((member: { handle: string }) => member.handle).sort()).toEqual(["ada", "bobby"]);
  });

  it("are found for many people of the same first name created at once", async () => {
    const graces = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        makeUser(t, { email: `grace${i}@example.com`, name: `Grace ${i}` }),
      ),
    );
    const handles = await Promise.all(
      graces.map(async (grace) => ((await grace.api.get("/me")).body as { handle: string }).handle),
    );
    expect(new Set(handles).size).toBe(12);
    for (const handle of handles) expect(handle).toMatch(/^grace(-[a-z0-9]+)?$/);
    expect(handles).toContain("grace");
  });
});
