// Renaming and recolouring a label through MCP (update_label), and what an agent is told when it
// passes a label's name for its id, or lacks the role.
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeUser } from "../src/testing/fixtures.ts";
import { callTool, listenMcp, okTool, toolError } from "./helpers/mcp.ts";

let t: TestApp;
let mcp: Awaited<ReturnType<typeof listenMcp>>;
beforeAll(async () => {
  t = await createTestApp();
  mcp = await listenMcp(t);
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

describe("update_label over MCP", () => {
  it("renames and recolours; the card shows it; wrong ids and roles say what to do next", async () => {
    const { owner, project, column } = await makeBoard(t);
    const member = await makeUser(t);
    await addMember(owner.api, project.id, member, "member");
    const label = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" })).body;
    const card = await makeCard(owner.api, column.id, { label_ids: [label.id] });
    const admin = await mcp.connect(owner.token, { query: "?toolsets=labels,cards" });

    const renamed = await okTool(admin, "update_label", {
      label_id: label.id,
      name: "defect",
      color: "#dc2626",
    });
    expect(renamed).toMatchObject({ id: label.id, name: "defect", color: "#dc2626" });
    const read = await okTool<{ labels: unknown[] }>(admin, "get_card", { card_id: card.id });
    expect(read.labels).toEqual([{ id: label.id, name: "defect", color: "#dc2626" }]);

    const byName = toolError(await callTool(admin, "update_label", { label_id: "defect", name: "x" }));
    expect(byName.code).toBe("not_found");
    expect(byName.message).toBe(
      "Label not found: label_id takes an id (a UUID), not a number or a name. " +
        "Use list_labels to get a label_id (HTTP: GET /projects/{project_id}/labels).",
    );
    const badColour = toolError(await callTool(admin, "update_label", { label_id: label.id, color: "red" }));
    expect(badColour.code).toBe("validation_failed");
    expect(badColour.details?.[0]?.path).toBe("color");

    const agent = await mcp.connect(member.token, { query: "?toolsets=labels" });
    const refused = toolError(await callTool(agent, "update_label", { label_id: label.id, name: "mine" }));
    expect(refused).toEqual({ code: "forbidden", message: "This needs the admin role or higher." });
  });
});
