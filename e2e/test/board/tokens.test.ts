import request from "supertest";
import { type TestApp, client, makeUser } from "@org/board-api/testing";
import {
  BOARD_ORIGIN,
  createWebTestApp,
  signUp,
  startAuthServer,
  type AuthServer,
} from "../../src/board/web.ts";

let auth: AuthServer;
let t: TestApp;
beforeAll(async () => {
  auth = await startAuthServer();
  t = await createWebTestApp(auth, await auth.tenant([BOARD_ORIGIN]));
});
afterAll(async () => {
  await t.close();
  await auth.close();
});

describe("API tokens (the account service)", () => {
  it("are created in the web app, shown once, listed without the secret, and revoked at once", async () => {
    const ada = await signUp(t, auth, { email: "ada@example.com", name: "Ada" });
    const created = await ada.api.post("/tokens", { name: "  laptop agent " });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: "laptop agent",
      created_at: expect.any(String),
      last_used_at: null,
      token: expect.stringMatching(/^bt_[\w-]{43}$/),
    });
    const agent = client(t, created.body.token);
    expect((await agent.get("/me")).body).toMatchObject({ id: ada.user.id });

    const listed = await ada.api.get("/tokens");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [
        {
          id: created.body.id,
          name: "laptop agent",
          created_at: created.body.created_at,
          last_used_at: expect.any(String),
        },
      ],
      next_cursor: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);

    expect((await ada.api.delete(`/tokens/${created.body.id}`)).status).toBe(204);
    const refused = await agent.get("/me");
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      error: { code: "unauthenticated", message: "The API token is invalid or revoked." },
    });
    expect((await ada.api.get("/tokens")).body.data).toEqual([]);
    const twice = await ada.api.delete(`/tokens/${created.body.id}`);
    expect(twice.status).toBe(404);
  });

  it("belong to their user: nobody lists or revokes another user's", async () => {
    const owner = await signUp(t, auth, { email: "owner@example.com", name: "Owner" });
    const other = await makeUser(t);
    await owner.api.post("/tokens", { name: "first" }).expect(201);
    const made = await owner.api.post("/tokens", { name: "ci" });
    expect(made.status).toBe(201);
    const names = (await owner.api.get("/tokens")).body.data.map((token: { name: string }) => token.name);
    expect(names).toEqual(["ci", "first"]); // newest first
    expect((await other.api.get("/tokens")).body.data.map((token: { name: string }) => token.name)).toEqual([
      "cli",
    ]);
    const foreign = await other.api.delete(`/tokens/${made.body.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      error: { code: "not_found", message: "No such token (or it was revoked already)." },
    });
    expect((await client(t, made.body.token).get("/me")).status).toBe(200);
    const invalid = await owner.api.post("/tokens", { name: "" });
    expect(invalid.status).toBe(422);
    expect((await request(t.app).get("/api/v1/tokens")).status).toBe(401);
  });

  it("are never minted by a bearer token, which would outlive its own revocation", async () => {
    const ada = await signUp(t, auth, { email: "leaky@example.com", name: "Leaky" });
    const leaked = client(t, (await ada.api.post("/tokens", { name: "leaked" })).body.token as string);
    // The attacker holding the leaked token tries to make a copy of it before it is revoked …
    const minted = await leaked.post("/tokens", { name: "backdoor" });
    expect(minted.status).toBe(403);
    expect(minted.body.error).toEqual({
      code: "forbidden",
      message:
        "An API token cannot create tokens (its copies would outlive its revocation): create them in the web app (Account → API tokens) or with `cli token create`.",
    });
    expect((await ada.api.get("/tokens")).body.data.map((token: { name: string }) => token.name)).toEqual([
      "leaked",
    ]);
    // … so revoking the one token the owner knows about ends the attacker's access.
    const id = (await ada.api.get("/tokens")).body.data[0].id as string;
    await ada.api.delete(`/tokens/${id}`).expect(204);
    expect((await leaked.get("/me")).status).toBe(401);
  });
});
