// socket.io and the web app's session cookie: accepted from the app's own pages only, and a
// mention reaches the person mentioned (their user room), live.
import type request from "supertest";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { connect, startLiveInstance, type LiveInstance, addMember, makeUser } from "@org/board-api/testing";
import { BOARD_ORIGIN, signUp, startAuthServer, type AuthServer } from "../../src/board/web.ts";

let auth: AuthServer;
let database: TestDatabase;
let live: LiveInstance;
beforeAll(async () => {
  auth = await startAuthServer();
  database = await createTestDatabase();
  live = await startLiveInstance(database, {
    env: {
      AUTH_SERVER_URL: auth.url,
      AUTH_API_KEY: await auth.tenant([BOARD_ORIGIN]),
      PUBLIC_URL: BOARD_ORIGIN,
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000",
    },
  });
});
afterAll(async () => {
  await live.close();
  await database.drop();
  await auth.close();
});

describe("socket.io with the web session", () => {
  it("connects from the app's own origin, and a mention reaches the member's own room", async () => {
    const ada = await signUp(live, auth, { email: "ada@example.com", name: "Ada" });
    const bob = await signUp(live, auth, { email: "bob@example.com", name: "Bob" });
    const cookieOf = (res: request.Response) =>
      ((res.headers["set-cookie"] as unknown as string[]) ?? []).map((line) => line.split(";")[0]).join("; ");
    const bobSocket = await connect(live.url, {
      headers: { Cookie: cookieOf(bob.completed), Origin: BOARD_ORIGIN },
    });
    try {
      const project = (await ada.api.post("/projects", { name: "Live" })).body;
      const column = (await ada.api.post(`/projects/${project.id}/columns`, { name: "Todo" })).body;
      await addMember(ada.api, project.id, bob, "member");
      const card = (await ada.api.post(`/columns/${column.id}/cards`, { title: "Hello" })).body;
      await ada.api.post(`/cards/${card.id}/comments`, { body: "@bob look" }).expect(201);
      const event = await bobSocket.waitFor("notification.created");
      expect(event).toMatchObject({ project_id: project.id, actor_id: ada.user.id, to_user_id: bob.user.id });
      expect(event.data).toEqual({ notification_id: expect.any(String), card_id: card.id });
      // Bob never joined the project room: only what was for him personally reached him (the
      // invitation that made him a member, gone once accepted, and the notification).
      expect(bobSocket.received.map((received) => received.type)).toEqual([
        "invitation.created",
        "invitation.deleted",
        "notification.created",
      ]);
      expect(bobSocket.received.every((received) => received.to_user_id === bob.user.id)).toBe(true);
    } finally {
      bobSocket.close();
    }
  });

  it("refuses the cookie from another site's page, and without any credentials", async () => {
    const eve = await signUp(live, auth, { email: "eve@example.com", name: "Eve" });
    const cookie = ((eve.completed.headers["set-cookie"] as unknown as string[]) ?? [])[0]!.split(";")[0]!;
    await expect(
      connect(live.url, { headers: { Cookie: cookie, Origin: "https://evil.example" } }),
    ).rejects.toThrow("unauthenticated");
    await expect(connect(live.url, { headers: { Origin: BOARD_ORIGIN } })).rejects.toThrow("unauthenticated");
    // Tokens work as before.
    const token = await makeUser(live);
    const socket = await connect(live.url, token.token);
    socket.close();
  });
});
