// What the passkey prompt shows for a board account (issue 31 pt 5): the account as its email
// (WebAuthn user.name), the person's name (user.displayName), and the site as the board's name
// (rp.name: BOARD_NAME, default "Board"), never the user's id or the auth server tenant's name.
// Over HTTP against a real auth server, with the registration options the SDK receives.
import type { RegisterStartResponse } from "@org/contracts";
import request from "supertest";
import type { TestApp } from "@org/board-api/testing";
import { BOARD_ORIGIN, createWebTestApp, startAuthServer, type AuthServer } from "../../src/board/web.ts";

let auth: AuthServer;
let board: TestApp;
let named: TestApp;
beforeAll(async () => {
  auth = await startAuthServer();
  board = await createWebTestApp(auth, await auth.tenant([BOARD_ORIGIN]));
  named = await createWebTestApp(auth, await auth.tenant([BOARD_ORIGIN]), { BOARD_NAME: "Acme Planning" });
});
afterAll(async () => {
  await board.close();
  await named.close();
  await auth.close();
});

/** The options register/start gives the SDK for a browser at the sign-up's passkey step. */
async function signupOptions(app: TestApp, body: { email: string; name: string }) {
  const agent = request.agent(app.app);
  await agent.post("/app/auth/signup").send(body).expect(201);
  const { body: token } = await agent.get("/app/auth/signup/token").expect(200);
  const response = await fetch(`${auth.url}/auth/v1/register/start`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${(token as { userToken: string }).userToken}`,
      "Content-Type": "application/json",
    },
    body: "{}",
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as RegisterStartResponse).options;
}

describe("registration options of a board account", () => {
  it("name the account by its email and name, and the site by the board's name (default Board)", async () => {
    const options = await signupOptions(board, { email: "ada@example.com", name: "Ada Lovelace" });
    expect(options.user.name).toBe("ada@example.com");
    expect(options.user.displayName).toBe("Ada Lovelace");
    expect(options.rp).toEqual(expect.objectContaining({ name: "Board", id: "localhost" }));
  });

  it("name the site by BOARD_NAME when it is set", async () => {
    const options = await signupOptions(named, { email: "grace@example.com", name: "Grace Hopper" });
    expect(options.rp.name).toBe("Acme Planning");
    expect(options.user.name).toBe("grace@example.com");
  });

  it("still work when another browser's unfinished sign-up holds the email", async () => {
    // Two browsers at the passkey step with one address: the second's prompt names the account by
    // its id rather than refusing the registration (only one of them can complete the account).
    await signupOptions(board, { email: "kay@example.com", name: "Kay" });
    const second = await signupOptions(board, { email: "kay@example.com", name: "Kay" });
    expect(second.user.displayName).toBe("Kay");
    expect(second.user.name).not.toBe("kay@example.com");
    expect(second.rp.name).toBe("Board");
  });
});
