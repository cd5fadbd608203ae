// The served OpenAPI document tells a generated client the truth: a request field with a default is
// optional to send, `severity: null` is what the server takes, `servers` says where the API is, and
// a known path called with another method answers 405 with `Allow`. The client is generated with
// openapi-typescript from GET /openapi.json and a snippet using it is type-checked.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import request from "supertest";
import ts from "typescript";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeBoard, makeCard } from "../src/testing/fixtures.ts";

let t: TestApp;
let dir: string;
let generated: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), "board-openapi-"));
  writeFileSync(path.join(dir, "openapi.json"), (await request(t.app).get("/openapi.json")).text);
  // Its command line, as a client's build runs it (the package is ESM only, which jest's CommonJS
  // cannot load).
  const cli = path.join(path.dirname(require.resolve("openapi-typescript/package.json")), "bin/cli.js");
  await promisify(execFile)(process.execPath, [cli, "openapi.json", "-o", "board-api.ts"], { cwd: dir });
  generated = readFileSync(path.join(dir, "board-api.ts"), "utf8");
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** Type errors of `source` (a module next to the generated types), as text. */
function typeErrors(source: string): string[] {
  const file = path.join(dir, `client-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

const HEADER = `
import type { paths } from "./board-api.ts";
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;
`;

describe("a client generated with openapi-typescript", () => {
  it("sends a body without the fields that have defaults, and severity null", () => {
    expect(
      typeErrors(`${HEADER}
export const plan: Body<"/api/v1/cards/{card_id}/plan", "post"> = { summary: "Ship it" };
export const label: Body<"/api/v1/projects/{project_id}/labels", "post"> = { name: "bug" };
export const claim: Body<"/api/v1/cards/{card_id}/claim", "post"> = {};
export const invite: Body<"/api/v1/projects/{project_id}/invitations", "post"> = { email: "a@example.com" };
export const finding: Body<"/api/v1/cards/{card_id}/findings", "post"> = { kind: "bug", title: "x", severity: null };
export const page: NonNullable<paths["/api/v1/projects"]["get"]["parameters"]["query"]> = {};
`),
    ).toEqual([]);
  });

  it("still requires what is required (the check can fail)", () => {
    const errors = typeErrors(`${HEADER}
export const plan: Body<"/api/v1/cards/{card_id}/plan", "post"> = { steps: ["one"] };
`);
    expect(errors.join("\n")).toMatch(/summary/);
  });

  it("writes defaulted request fields as optional in the generated text", () => {
    expect(generated).toMatch(/as_checklist\?: boolean/);
    expect(generated).toMatch(/steps\?: string\[\]/);
    expect(generated).toMatch(/color\?: string/);
  });
});

describe("the document", () => {
  it("names the server", async () => {
    const doc = (await request(t.app).get("/openapi.json")).body as { servers?: Array<{ url: string }> };
    expect(doc.servers).toEqual([{ url: expect.stringMatching(/^https?:\/\//), description: "This server" }]);
  });

  it("severity null is accepted, as documented", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const res = await owner.api.post(`/cards/${card.id}/findings`, {
      kind: "note",
      title: "x",
      severity: null,
    });
    expect(res.status).toBe(201);
    expect(res.body.severity).toBeNull();
  });
});

describe("405 for a known path's unknown method", () => {
  it("names the methods the path takes in Allow", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const put = await request(t.app)
      .put(`/api/v1/cards/${card.id}`)
      .set("Authorization", `Bearer ${owner.token}`)
      .send({ title: "x" });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, PATCH, DELETE, HEAD");
    expect(put.body).toEqual({
      error: { code: "method_not_allowed", message: "This path takes GET, PATCH, DELETE, HEAD." },
    });
    const move = await request(t.app).get(`/api/v1/cards/${card.id}/move`);
    expect(move.status).toBe(405);
    expect(move.headers.allow).toBe("POST");
    // An unknown path stays 404.
    expect((await request(t.app).put("/api/v1/no-such-thing")).status).toBe(404);
  });
});
