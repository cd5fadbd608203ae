import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeProject, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notFound = (message: string) => ({ error: { code: "not_found", message } });
const forbidden = (role: string) => ({
  error: { code: "forbidden", message: `This needs the ${role} role or higher.` },
});

describe("projects", () => {
  it("create makes the caller owner; get, patch and list", async () => {
    const { api } = await makeUser(t);
    const res = await api.post("/projects", { name: "Alpha", repo_url: "https://git.example.com/alpha.git" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      name: "Alpha",
      repo_url: "https://git.example.com/alpha.git",
      role: "owner",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = res.body.id;
    expect((await api.get(`/projects/${id}`)).body).toEqual(res.body);
    const patched = await api.patch(`/projects/${id}`, { name: "Beta", repo_url: "" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Beta", repo_url: null });
    const list = await api.get("/projects");
    expect(list.body).toEqual({
      data: [{ ...patched.body, updated_at: expect.any(String) }],
      next_cursor: null,
    });
  });

  it('template "kanban" starts the project with five columns, the last a done column', async () => {
    const owner = await makeUser(t);
    const res = await owner.api.post("/projects", { name: "Kanban", template: "kanban" });
    expect(res.status).toBe(201);
    const board = await owner.api.get(`/projects/${res.body.id}/columns`);
    expect(
      board.body.data.map((c: { name: string; done: boolean; position: number }) => [
        c.name,
        c.done,
        c.position,
      ]),
    ).toEqual([
      ["Backlog", false, 0],
      ["Todo", false, 1],
      ["In progress", false, 2],
      ["Review", false, 3],
      ["Done", true, 4],
    ]);
    // Without a template: no columns; an unknown one is validation_failed and creates nothing.
    const plain = await owner.api.post("/projects", { name: "Plain" });
    expect((await owner.api.get(`/projects/${plain.body.id}/columns`)).body.data).toEqual([]);
    const unknown = await owner.api.post("/projects", { name: "Scrum", template: "scrum" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual([{ path: "template", message: expect.any(String) }]);
    const names = (await owner.api.get("/projects")).body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual(["Kanban", "Plain"]);
  });

  it("validates bodies", async () => {
    const { api } = await makeUser(t);
    const res = await api.post("/projects", { name: "", repo_url: "not a url" });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["name", "repo_url"]);
  });

  it("takes only an http(s) repo_url: a script, data or file address never becomes a stored link", async () => {
    const { api } = await makeUser(t);
    const project = (await api.post("/projects", { name: "Links" })).body;
    for (const repo_url of [
      "javascript:alert(document.cookie)",
      "JavaScript://example.com/%0Aalert(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
      "ftp://example.com/repo",
      "vbscript:msgbox(1)",
    ]) {
      for (const res of [
        await api.post("/projects", { name: "Evil", repo_url }),
        await api.patch(`/projects/${project.id}`, { repo_url }),
      ]) {
        expect(res.status).toBe(422);
        expect(res.body.error.details).toEqual([
          { path: "repo_url", message: "Must be an http:// or https:// URL." },
        ]);
      }
    }
    expect((await api.get(`/projects/${project.id}`)).body.repo_url).toBeNull();
    const http = await api.patch(`/projects/${project.id}`, { repo_url: " HTTP://git.example.com/a.git " });
    expect(http.body.repo_url).toBe("HTTP://git.example.com/a.git");
  });

  it("a path id that is not an id, or unknown, is not_found", async () => {
    const { api } = await makeUser(t);
    expect((await api.get("/projects/7")).body).toEqual(
      notFound(
        "Project not found: project_id takes an id (a UUID), not a number or a name. Use list_projects " +
          "to get a project_id (HTTP: GET /projects).",
      ),
    );
    const unknown = await api.get("/projects/0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(
      notFound("Project not found. Use list_projects to get a project_id (HTTP: GET /projects)."),
    );
  });

  it("delete needs the owner and removes everything", async () => {
    const { owner, project, column } = await makeBoard(t);
    const admin = await makeUser(t);
    await addMember(owner.api, project.id, admin, "admin");
    const card = await makeCard(owner.api, column.id);
    expect((await admin.api.delete(`/projects/${project.id}`)).body).toEqual(forbidden("owner"));
    const res = await owner.api.delete(`/projects/${project.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await owner.api.get(`/cards/${card.id}`)).status).toBe(404);
    expect((await owner.api.get(`/projects/${project.id}`)).status).toBe(404);
  });
});

describe("roles and members", () => {
  it("a non-member gets not_found on everything of the project", async () => {
    const { project, column, owner } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const stranger = await makeUser(t);
    for (const path of [`/projects/${project.id}`, `/projects/${project.id}/columns`, `/cards/${card.id}`]) {
      const res = await stranger.api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await stranger.api.patch(`/cards/${card.id}`, { title: "x" })).status).toBe(404);
    expect((await stranger.api.get("/projects")).body).toEqual({ data: [], next_cursor: null });
  });

  it("a viewer reads but cannot write (forbidden)", async () => {
    const { project, column, owner } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    expect((await viewer.api.get(`/projects/${project.id}/columns`)).status).toBe(200);
    expect((await viewer.api.get(`/cards/${card.id}`)).status).toBe(200);
    expect((await viewer.api.get(`/projects/${project.id}`)).body.role).toBe("viewer");
    const writes = [
      viewer.api.post(`/columns/${column.id}/cards`, { title: "x" }),
      viewer.api.patch(`/cards/${card.id}`, { title: "x" }),
      viewer.api.post(`/cards/${card.id}/move`, { to_column_id: column.id, position: 0 }),
      viewer.api.post(`/cards/${card.id}/comments`, { body: "hi" }),
      viewer.api.post(`/cards/${card.id}/archive`),
      viewer.api.delete(`/cards/${card.id}`),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden("member"));
    }
    const adminWrites = await Promise.all([
      viewer.api.post(`/projects/${project.id}/columns`, { name: "x" }),
      viewer.api.patch(`/projects/${project.id}`, { name: "x" }),
    ]);
    for (const res of adminWrites) expect(res.body).toEqual(forbidden("admin"));
  });

  it("a member works on cards but not on project settings; an admin manages columns", async () => {
    const { project, column, owner } = await makeBoard(t);
    const member = await makeUser(t);
    const admin = await makeUser(t);
    await addMember(owner.api, project.id, member, "member");
    await addMember(owner.api, project.id, admin, "admin");
    expect((await member.api.post(`/columns/${column.id}/cards`, { title: "ok" })).status).toBe(201);
    expect((await member.api.post(`/projects/${project.id}/labels`, { name: "bug" })).body).toEqual(
      forbidden("admin"),
    );
    expect((await admin.api.post(`/projects/${project.id}/columns`, { name: "Done" })).status).toBe(201);
    expect((await admin.api.patch(`/columns/${column.id}`, { name: "Doing" })).status).toBe(200);
  });

  it("lists, changes and removes members; a removed member loses access at once", async () => {
    const { project, column, owner } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const bob = await makeUser(t, { name: "Bob" });
    // Adding by id invites: Bob is not a member until he accepts (consent).
    const invited = await owner.api.post(`/projects/${project.id}/members`, {
      user_id: bob.user.id,
      role: "member",
    });
    expect(invited.status).toBe(202);
    expect(invited.text).toBe("");
    expect((await bob.api.get(`/cards/${card.id}`)).status).toBe(404);
    const [invitation] = (await bob.api.get("/me/invitations")).body.data;
    expect(invitation).toMatchObject({
      project_id: project.id,
      user_id: bob.user.id,
      email: null,
      role: "member",
    });
    const added = await bob.api.post(`/invitations/${invitation.id}/accept`);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      project_id: project.id,
      user_id: bob.user.id,
      email: bob.user.email,
      handle: "bob",
      name: "Bob",
      role: "member",
      created_at: expect.any(String),
    });
    const changed = await owner.api.post(`/projects/${project.id}/members`, {
      user_id: bob.user.id,
      role: "viewer",
    });
    expect(changed.body.role).toBe("viewer");
    const list = await bob.api.get(`/projects/${project.id}/members`);
    expect(list.body.data.map((m: { role: string }) => m.role)).toEqual(["owner", "viewer"]);
    expect((await bob.api.get(`/cards/${card.id}`)).status).toBe(200);

    const removed = await owner.api.delete(`/projects/${project.id}/members/${bob.user.id}`);
    expect(removed.status).toBe(204);
    expect((await bob.api.get(`/cards/${card.id}`)).status).toBe(404);
    expect((await bob.api.get(`/projects/${project.id}`)).status).toBe(404);
    expect((await owner.api.delete(`/projects/${project.id}/members/${bob.user.id}`)).status).toBe(404);
  });

  it("admins cannot touch owners; the last owner stays", async () => {
    const { project, owner } = await makeBoard(t);
    const admin = await makeUser(t);
    await addMember(owner.api, project.id, admin, "admin");
    const promote = await admin.api.post(`/projects/${project.id}/members`, {
      user_id: admin.user.id,
      role: "owner",
    });
    expect(promote.status).toBe(403);
    expect((await admin.api.delete(`/projects/${project.id}/members/${owner.user.id}`)).status).toBe(403);
    const last = await owner.api.delete(`/projects/${project.id}/members/${owner.user.id}`);
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe("conflict");
    const unknown = await owner.api.post(`/projects/${project.id}/members`, {
      user_id: "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f",
    });
    // An unknown id answers like a known one (issue 28: add_member was an existence oracle).
    expect(unknown.status).toBe(202);
    const both = await owner.api.post(`/projects/${project.id}/members`, {});
    expect(both.status).toBe(422);
  });
});

describe("pagination", () => {
  it("pages with limit and cursor in a stable order", async () => {
    const { api } = await makeUser(t);
    const names = ["p0", "p1", "p2", "p3", "p4"];
    for (const name of names) await makeProject(api, { name });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api.get(`/projects?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((p: { name: string }) => p.name));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(names);
    expect(pages).toBe(3);
    const all = await api.get("/projects");
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.data).toHaveLength(5);
  });

  it("rejects limit > 200, limit 0 and a malformed cursor", async () => {
    const { api } = await makeUser(t);
    for (const query of ["limit=201", "limit=0", "cursor=abc"]) {
      const res = await api.get(`/projects?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect((await api.get("/projects?limit=200")).status).toBe(200);
  });
});
