// Property-based fuzzing of every operation of the registry over HTTP: arbitrary text and JSON in
// path parameters, query strings and bodies (multipart file names too). Never a 5xx, every error in
// the board's envelope with the status of its code, and a refused request changes no row and
// leaves no file. FUZZ_SEED and FUZZ_RUNS replay or widen a run.
import { readdir } from "node:fs/promises";
import {
  BoardErrorSchema,
  boardErrorStatus,
  boardOperationList,
  toJsonSchema,
  type BoardOperation,
} from "@org/contracts";
import { databaseSnapshot } from "@org/db/testing";
import {
  anyText,
  bodyFromSchema,
  fuzz,
  percentEncode,
  queryFromSchema,
  queryString,
  queryValues,
} from "@org/service-kit/testing";
import fc from "fast-check";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" });
});
afterAll(() => t.close());

/** A project with one of everything, owned by the fuzzing user; its ids, by the path word naming them. */
async function makeWorld() {
  const { owner, project, column } = await makeBoard(t);
  const member = await makeUser(t);
  await addMember(owner.api, project.id, member, "member");
  const other = await makeColumn(owner.api, project.id, { name: "Done" });
  const card = await makeCard(owner.api, column.id, { title: "Fuzzed" });
  const ok = async (res: request.Test | Promise<request.Response>) => (await res).body as { id: string };
  const label = await ok(owner.api.post(`/projects/${project.id}/labels`, { name: "bug" }));
  await owner.api.post(`/cards/${card.id}/labels`, { label_id: label.id });
  const priority = await ok(owner.api.post(`/projects/${project.id}/priorities`, { name: "P1" }));
  const comment = await ok(owner.api.post(`/cards/${card.id}/comments`, { body: "hello" }));
  const item = await ok(owner.api.post(`/cards/${card.id}/checklist`, { text: "step" }));
  const criterion = await ok(owner.api.post(`/projects/${project.id}/gate-criteria`, { text: "ready" }));
  const attachment = await ok(
    owner.api.post(`/cards/${card.id}/attachments`).attach("file", Buffer.from("bytes"), "a.txt"),
  );
  await owner.api.post(`/projects/${project.id}/members`, { email: "invitee@example.com" });
  const invitation = (await owner.api.get(`/projects/${project.id}/invitations`)).body.data[0] as {
    id: string;
  };
  const ids: Record<string, string> = {
    project_id: project.id,
    column_id: other.id,
    card_id: card.id,
    comment_id: comment.id,
    item_id: item.id,
    label_id: label.id,
    priority_id: priority.id,
    attachment_id: attachment.id,
    invitation_id: invitation.id,
    user_id: member.user.id,
    criterion_id: criterion.id,
  };
  return { owner, ids };
}

type World = Awaited<ReturnType<typeof makeWorld>>;

/** The real id a path parameter names: `{card_id}` a card, `{label_id}` a label. */
function realIdFor(param: string, ids: Record<string, string>): string | undefined {
  return ids[param];
}

interface FuzzInput {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  upload: { field: string; filename: string; content: string } | undefined;
}

function inputFor(op: BoardOperation, world: World): fc.Arbitrary<FuzzInput> {
  const paramKeys = op.params ? Object.keys(op.params.shape) : [];
  const params = fc.record(
    Object.fromEntries(
      paramKeys.map((key) => {
        const real = realIdFor(key, world.ids);
        const options = [anyText, fc.uuid()];
        return [
          key,
          real ? fc.oneof({ weight: 4, arbitrary: fc.constant(real) }, ...options) : fc.oneof(...options),
        ];
      }),
    ),
  );
  const plausibleIds = Object.values(world.ids);
  return fc.record({
    params,
    query: op.query ? queryFromSchema(toJsonSchema(op.query), { plausibleIds }) : queryValues([]),
    body:
      op.body && !op.multipart
        ? bodyFromSchema(toJsonSchema(op.body), { plausibleIds })
        : fc.constant(undefined),
    upload: op.multipart
      ? fc.record({
          field: fc.oneof({ weight: 3, arbitrary: fc.constant("file") }, anyText),
          filename: anyText,
          content: fc.string({ maxLength: 64 }),
        })
      : fc.constant(undefined),
  });
}

function send(op: BoardOperation, world: World, input: FuzzInput): request.Test {
  const path = op.path.replace(/\{(\w+)\}/g, (_match, key: string) => percentEncode(input.params[key] ?? ""));
  const url = `/api/v1${path}${queryString(input.query)}`;
  const req = request(t.app)[op.method](url).set("Authorization", `Bearer ${world.owner.api.token}`);
  if (input.upload) {
    const { field, filename, content } = input.upload;
    // Field and file names go out as the client wrote them, lone surrogates and all.
    return req.attach(field, Buffer.from(content), { filename });
  }
  if (input.body === undefined) return req;
  return req.set("Content-Type", "application/json").send(JSON.stringify(input.body));
}

describe("fuzzing every board operation", () => {
  it.each(boardOperationList.map((op) => [op.name, op] as const))("%s", async (name, op) => {
    const world = await makeWorld();
    await fuzz(name, inputFor(op, world), async (input) => {
      const before = await databaseSnapshot(t.database.db);
      const filesBefore = (await readdir(t.attachmentsDir)).length;
      const res = await send(op, world, input);
      if (res.status < 400) {
        expect([op.status, op.emptyStatus]).toContain(res.status);
        return;
      }
      expect(res.status).toBeLessThan(500);
      const envelope = BoardErrorSchema.strict().safeParse(res.body);
      expect(envelope.success).toBe(true);
      expect(boardErrorStatus[res.body.error.code as keyof typeof boardErrorStatus]).toBe(res.status);
      expect(await databaseSnapshot(t.database.db)).toEqual(before);
      expect((await readdir(t.attachmentsDir)).length).toBe(filesBefore);
    });
  });
});
