// A live socket loses its access with what granted it, on every instance: two instances (each its
// own database client, as two processes) share PostgreSQL and Redis; the attacker's socket sits on
// instance B while the token (or OAuth grant) is revoked, the session ended or the membership
// removed through A.
import { createDb } from "@org/db";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { csrfTokenOf } from "@org/service-kit";
import request from "supertest";
import { startWebSession } from "../src/services/web-sessions.ts";
import { issueApiToken, revokeToken } from "../src/services/tokens.ts";
import { addMember, makeBoard, makeCard, makeUser } from "../src/testing/fixtures.ts";
import { connect, startLiveInstance, testRedisUrl, type LiveInstance } from "../src/testing/live.ts";
import { grantTokens, webSessionOf } from "./helpers/oauth.ts";

const ORIGIN = "http://localhost:4000";
const IDLE_SECONDS = 3;

let database: TestDatabase;
let a: LiveInstance;
let b: LiveInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  const env = { PUBLIC_URL: ORIGIN, WEB_SESSION_IDLE_SECONDS: String(IDLE_SECONDS) };
  a = await startLiveInstance(database, { redisUrl: testRedisUrl, ownDb: true, env });
  b = await startLiveInstance(database, { redisUrl: testRedisUrl, ownDb: true, env });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});

/** Gives an event that should not arrive the time to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** A project on A with a member whose socket on B has joined it and receives its events. */
async function memberWatchingOnB() {
  const board = await makeBoard(a);
  const member = await makeUser(a);
  await addMember(board.owner.api, board.project.id, member, "member");
  const socket = await connect(b.url, member.token);
  expect(await socket.join(board.project.id)).toEqual({ ok: true, project_id: board.project.id });
  await makeCard(board.owner.api, board.column.id, { title: "before" });
  await socket.waitFor("card.created");
  return { ...board, member, socket };
}

describe("sockets after revocation, across instances", () => {
  it("a token revoked through instance A disconnects its socket on instance B", async () => {
    const { owner, column, member, socket } = await memberWatchingOnB();
    // A second socket of the same user with another token stays: only the revoked token's goes.
    const { token: otherToken } = await issueApiToken({
      db: database.db,
      userId: member.user.id,
      name: "other",
    });
    const other = await connect(b.url, otherToken);
    try {
      const tokens = (await member.api.get("/tokens")).body.data as { id: string; name: string }[];
      const cli = tokens.find((token) => token.name === "cli")!;
      await member.api.delete(`/tokens/${cli.id}`).expect(204);
      expect(await socket.disconnected()).toBe("io server disconnect");
      const count = socket.received.length;
      await makeCard(owner.api, column.id, { title: "after the revocation" });
      await settle();
      expect(socket.received).toHaveLength(count);
      expect(other.socket.connected).toBe(true);
      // Reconnecting with the revoked token is refused.
      await expect(connect(b.url, member.token)).rejects.toThrow("unauthenticated");
    } finally {
      socket.close();
      other.close();
    }
  });

  it("a token revoked by another process (cli token revoke) disconnects its socket on both instances", async () => {
    const { member, socket } = await memberWatchingOnB();
    const onA = await connect(a.url, member.token);
    const cli = createDb({ url: database.url, maxConnections: 1 });
    try {
      await revokeToken({ db: cli, match: { token: member.token } });
      expect(await socket.disconnected()).toBe("io server disconnect");
      expect(await onA.disconnected()).toBe("io server disconnect");
    } finally {
      await cli.$disconnect();
      socket.close();
      onA.close();
    }
  });

  it("signing out on instance A disconnects the session's socket on instance B", async () => {
    const { owner, project } = await makeBoard(a);
    const session = await startWebSession({
      db: database.db,
      userId: owner.user.id,
      lifetime: { idleMs: 60_000, absoluteMs: 60_000 },
    });
    const cookie = `board_session=${session.token}`;
    const socket = await connect(b.url, { headers: { Cookie: cookie, Origin: ORIGIN } });
    try {
      expect(await socket.join(project.id)).toMatchObject({ ok: true });
      await request(a.app)
        .post("/app/auth/signout")
        .set("Cookie", cookie)
        .set("Origin", ORIGIN)
        .set("X-CSRF-Token", csrfTokenOf(session.token))
        .expect(204);
      expect(await socket.disconnected()).toBe("io server disconnect");
      await expect(connect(b.url, { headers: { Cookie: cookie, Origin: ORIGIN } })).rejects.toThrow(
        "unauthenticated",
      );
    } finally {
      socket.close();
    }
  });

  it("a session that expires while idle disconnects its socket, which alone does not keep it alive", async () => {
    const { owner } = await makeBoard(a);
    const session = await startWebSession({
      db: database.db,
      userId: owner.user.id,
      lifetime: { idleMs: IDLE_SECONDS * 1000, absoluteMs: 60_000 },
    });
    const startedAt = Date.now();
    const socket = await connect(b.url, {
      headers: { Cookie: `board_session=${session.token}`, Origin: ORIGIN },
    });
    try {
      expect(await socket.disconnected(IDLE_SECONDS * 1000 + 5000)).toBe("io server disconnect");
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 100);
    } finally {
      socket.close();
    }
  });

  it("a member removed through instance A stops receiving the project on instance B", async () => {
    const { owner, project, column, member, socket } = await memberWatchingOnB();
    // The same user's socket that never joined this project is not disconnected.
    const elsewhere = await connect(b.url, member.token);
    try {
      await owner.api.delete(`/projects/${project.id}/members/${member.user.id}`).expect(204);
      expect(await socket.disconnected()).toBe("io server disconnect");
      const count = socket.received.length;
      await makeCard(owner.api, column.id, { title: "after the removal" });
      await settle();
      expect(socket.received).toHaveLength(count);
      expect(elsewhere.socket.connected).toBe(true);
      expect(await elsewhere.join(project.id)).toEqual({
        error: { code: "not_found", message: "Project not found." },
      });
    } finally {
      socket.close();
      elsewhere.close();
    }
  });

  it("one instance without Redis disconnects them too", async () => {
    const single = await startLiveInstance(database, { ownDb: true, env: { PUBLIC_URL: ORIGIN } });
    try {
      const { owner, project } = await makeBoard(single);
      const member = await makeUser(single);
      await addMember(owner.api, project.id, member, "member");
      const byToken = await connect(single.url, member.token);
      expect(await byToken.join(project.id)).toMatchObject({ ok: true });
      await owner.api.delete(`/projects/${project.id}/members/${member.user.id}`).expect(204);
      expect(await byToken.disconnected()).toBe("io server disconnect");
      const again = await connect(single.url, member.token);
      const tokens = (await member.api.get("/tokens")).body.data as { id: string }[];
      await member.api.delete(`/tokens/${tokens[0]!.id}`).expect(204);
      expect(await again.disconnected()).toBe("io server disconnect");
    } finally {
      await single.close();
    }
  });

  it("a member who leaves the project is disconnected from it too", async () => {
    const { project, member, socket } = await memberWatchingOnB();
    try {
      await member.api.delete(`/projects/${project.id}/members/${member.user.id}`).expect(204);
      expect(await socket.disconnected()).toBe("io server disconnect");
    } finally {
      socket.close();
    }
  });
});

describe("OAuth grants, across instances", () => {
  it("revoking a grant through A ends its access token, refresh token and socket on B at once", async () => {
    const { owner, project, column } = await makeBoard(a);
    const session = await webSessionOf(database.db, owner.user.id);
    const pair = await grantTokens(a.app, session, { resource: `${ORIGIN}/api/v1` });
    // Another grant of the same person, and their API token, stay.
    const other = await grantTokens(a.app, session, { resource: `${ORIGIN}/api/v1` });
    const socket = await connect(b.url, pair.access_token);
    const otherSocket = await connect(b.url, other.access_token);
    try {
      expect(await socket.join(project.id)).toEqual({ ok: true, project_id: project.id });
      // B has looked the token up (and cached it) before the revocation.
      const before = await request(b.app)
        .get("/api/v1/me")
        .set("Authorization", `Bearer ${pair.access_token}`);
      expect(before.status).toBe(200);
      const grants = (await owner.api.get("/me/grants")).body.data as { id: string; client_id: string }[];
      const grant = grants.find((g) => g.client_id === pair.client)!;
      await owner.api.delete(`/me/grants/${grant.id}`).expect(204);
      // Answered: nothing of the grant works anywhere any more.
      const after = await request(b.app)
        .get("/api/v1/me")
        .set("Authorization", `Bearer ${pair.access_token}`);
      expect(after.status).toBe(401);
      const refresh = await request(b.app).post("/oauth/token").type("form").send({
        grant_type: "refresh_token",
        refresh_token: pair.refresh_token,
        client_id: pair.client,
      });
      expect(refresh.body.error).toBe("invalid_grant");
      expect(await socket.disconnected()).toBe("io server disconnect");
      const count = socket.received.length;
      await makeCard(owner.api, column.id, { title: "after the revocation" });
      await settle();
      expect(socket.received).toHaveLength(count);
      await expect(connect(b.url, pair.access_token)).rejects.toThrow("unauthenticated");
      expect(otherSocket.socket.connected).toBe(true);
      const still = await request(b.app)
        .get("/api/v1/me")
        .set("Authorization", `Bearer ${other.access_token}`);
      expect(still.status).toBe(200);
    } finally {
      socket.close();
      otherSocket.close();
    }
  });

  it("a socket opened with an access token is disconnected when the token expires", async () => {
    const { owner } = await makeBoard(a);
    const session = await webSessionOf(database.db, owner.user.id);
    const pair = await grantTokens(a.app, session, { resource: `${ORIGIN}/api/v1` });
    // An access token lives an hour: this one is made to end in 2 seconds.
    await database.db.oAuthToken.updateMany({
      where: { grant: { client: { clientId: pair.client } }, kind: "access" },
      data: { expiresAt: new Date(Date.now() + 2000) },
    });
    const socket = await connect(b.url, pair.access_token);
    try {
      expect(await socket.disconnected(6000)).toBe("io server disconnect");
    } finally {
      socket.close();
    }
  });
});
