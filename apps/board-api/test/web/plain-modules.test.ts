// The web app's plain modules (no DOM): Markdown rendering, client routes, where a new column goes,
// the places "Move to…" offers, how fast a drag scrolls the board near its edges, how a live
// event patches the board.
import type { BoardColumn, BoardEvent, Card, Label, Priority, Project } from "@org/contracts";
import type * as pageApi from "../../src/web/api.ts";
import type * as pageEvents from "../../src/web/events.ts";
import type * as pageListen from "../../src/web/listen.ts";
import { renderMarkdown } from "../../src/web/markdown.ts";
import {
  movePlaces,
  newColumnPosition,
  patchBoard,
  patchProject,
  type ProjectData,
} from "../../src/web/views/board/board-data.ts";
import { edgeScroll } from "../../src/web/views/board/drag.ts";
import { parseRoute } from "../../src/web/router.ts";
import {
  filterFromSearch,
  filterToSearch,
  findCardsQuery,
  withFilter,
} from "../../src/web/views/board/board-filter.ts";

describe("renderMarkdown", () => {
  it("shows raw HTML as text and refuses unsafe links", () => {
    const html = renderMarkdown(
      '<img src=x onerror="alert(1)"> [a](javascript:alert(1)) [b](data:text/html,x) <script>x</script>',
    );
    expect(html).not.toMatch(/<img|<script|href="javascript|href="data/);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("[a](javascript:alert(1))");
  });

  it("renders Markdown, opens links in a new tab without handing it the page, and highlights members' mentions", () => {
    const html = renderMarkdown(
      "**Hi** @ada and @nobody, see [docs](https://example.com/@ada) or mail x@ada.com",
      new Set(["ada"]),
    );
    expect(html).toContain("<strong>Hi</strong>");
    expect(html).toContain('<span class="mention">@ada</span> and @nobody');
    expect(html).toContain(
      '<a href="https://example.com/@ada" target="_blank" rel="noopener noreferrer nofollow">docs</a>',
    );
    expect(html).toContain("x@ada.com");
    expect(html.match(/class="mention"/g)).toHaveLength(1);
  });

  it("never highlights inside a link's address, title or text, nor in code, so links stay whole", () => {
    const handles = new Set(["ada", "bob"]);
    // The old highlighter rewrote the rendered HTML: `,@ada` in an address and ` @ada` in a title
    // got a <span> pushed into the attribute, breaking the link (and the markup after it).
    const html = renderMarkdown(
      '[list](https://example.com/a,@ada "ask @ada") [ping @bob](https://example.com) `@ada` https://example.com/x,@bob',
      handles,
    );
    expect(html).toContain(
      '<a href="https://example.com/a,@ada" title="ask @ada" target="_blank" rel="noopener noreferrer nofollow">list</a>',
    );
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ping @bob</a>',
    );
    expect(html).toContain("<code>@ada</code>");
    expect(html).toContain('href="https://example.com/x,@bob"');
    expect(html).not.toContain("mention");
  });

  it("highlights a member's mention after markup and punctuation, but not after a word character", () => {
    const html = renderMarkdown(
      "**@ada**, (@bob) and _@ada_. foo@bob a@ada @ada_ @adam",
      new Set(["ada", "bob"]),
    );
    expect(html).toContain('<strong><span class="mention">@ada</span></strong>');
    expect(html).toContain('(<span class="mention">@bob</span>)');
    expect(html).toContain('<em><span class="mention">@ada</span></em>');
    expect(html).toContain("foo@bob a@ada");
    expect(html).toContain('<span class="mention">@ada</span>_ @adam');
    expect(html.match(/class="mention"/g)).toHaveLength(4);
  });
});

describe("parseRoute", () => {
  const id = "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f";
  it("knows every page of the app and nothing else", () => {
    expect(parseRoute("/app")).toEqual({ name: "projects" });
    expect(parseRoute("/app/")).toEqual({ name: "projects" });
    expect(parseRoute(`/app/projects/${id}`)).toEqual({ name: "board", projectId: id });
    expect(parseRoute(`/app/projects/${id}/cards/${id}`)).toEqual({
      name: "board",
      projectId: id,
      cardId: id,
    });
    expect(parseRoute(`/app/projects/${id}/settings`)).toEqual({ name: "settings", projectId: id });
    expect(parseRoute("/app/notifications")).toEqual({ name: "notifications" });
    expect(parseRoute("/app/invite")).toEqual({ name: "invite" });
    expect(parseRoute("/app/verify-email")).toEqual({ name: "verify-email" });
    expect(parseRoute("/app/oauth/authorize")).toEqual({ name: "oauth-authorize" });
    expect(parseRoute("/app/projects/7")).toEqual({ name: "not-found" });
  });
});

describe("newColumnPosition", () => {
  const columns = (...done: boolean[]) => done.map((flag) => ({ done: flag }));

  it("puts a new column before the done columns that end the board", () => {
    expect(newColumnPosition(columns(false, false, true))).toBe(2);
    expect(newColumnPosition(columns(false, true, true))).toBe(1);
  });

  it("puts it at the end when the board does not end in a done column", () => {
    expect(newColumnPosition(columns(false, false))).toBe(2);
    expect(newColumnPosition(columns(true, false))).toBe(2);
    expect(newColumnPosition([])).toBe(0);
  });
});

describe("the board's filter in the URL", () => {
  const label = "0199b1c2-0000-7000-8000-000000000001";

  it("reads what it knows from the query string and ignores the rest", () => {
    expect(filterFromSearch(`?q=login&label=${label}&due=overdue&claimed=false&owner=robot&x=1`)).toEqual({
      q: "login",
      label,
      due: "overdue",
      claimed: "false",
    });
    expect(filterFromSearch("?label=7&due=soon&q=%20")).toEqual({});
  });

  it("writes the URL in a fixed order and the find_cards query with its own names", () => {
    const filter = withFilter(withFilter({ due: "week" }, "q", " needle "), "label", label);
    expect(filterToSearch(filter)).toBe(`?q=+needle+&label=${label}&due=week`);
    expect(findCardsQuery(filter)).toBe(`q=needle&label_id=${label}&due=week`);
    expect(filterToSearch(withFilter(filter, "label", ""))).toBe("?q=+needle+&due=week");
    expect(filterToSearch({})).toBe("");
  });
});

describe("movePlaces (Move to…)", () => {
  const card = (id: string, number: number, archived = false) =>
    ({ id, number, title: `Card ${number}`, archived }) as BoardColumn["cards"][number];

  it("offers the top, after each other card, and the bottom, at move_card's positions", () => {
    const column = { cards: [card("a", 1), card("b", 2), card("me", 3), card("c", 4)] };
    expect(movePlaces(column, "me")).toEqual([
      { label: "Top", position: 0 },
      { label: "After #1 Card 1", position: 1 },
      { label: "After #2 Card 2", position: 2 },
      { label: "Bottom", position: 3 },
    ]);
  });

  it("counts no archived card, and offers an empty column's one place", () => {
    expect(movePlaces({ cards: [card("a", 1, true), card("b", 2)] }, "me")).toEqual([
      { label: "Top", position: 0 },
      { label: "Bottom", position: 1 },
    ]);
    expect(movePlaces({ cards: [card("me", 3)] }, "me")).toEqual([{ label: "Top", position: 0 }]);
  });
});

describe("edgeScroll (a drag near the board's edges)", () => {
  // The board's row on a 375 px phone, below the page's head.
  const row = { left: 0, top: 100, right: 375, bottom: 800 };

  it("scrolls nothing away from the edges or outside the scroller", () => {
    expect(edgeScroll({ x: 180, y: 400 }, row)).toEqual({ dx: 0, dy: 0 });
    expect(edgeScroll({ x: 370, y: 50 }, row)).toEqual({ dx: 0, dy: 0 });
    expect(edgeScroll({ x: 400, y: 400 }, row)).toEqual({ dx: 0, dy: 0 });
  });

  it("scrolls toward the edge the pointer nears, faster the nearer it is", () => {
    const right = [330, 350, 374].map((x) => edgeScroll({ x, y: 400 }, row).dx);
    expect(right.every((dx) => dx > 0)).toBe(true);
    expect(right).toEqual([...right].sort((a, b) => a - b));
    expect(edgeScroll({ x: 375, y: 400 }, row)).toEqual({ dx: 14, dy: 0 });
    expect(edgeScroll({ x: 2, y: 400 }, row).dx).toBeLessThan(0);
    expect(edgeScroll({ x: 180, y: 790 }, row).dy).toBeGreaterThan(0);
    expect(edgeScroll({ x: 180, y: 110 }, row).dy).toBeLessThan(0);
  });
});

describe("patchBoard (live events on the open board)", () => {
  const card = (id: string, column_id: string, position: number, extra: Partial<Card> = {}) =>
    ({ id, column_id, position, title: id, archived: false, ...extra }) as Card;
  const board = (): BoardColumn[] =>
    [
      { id: "todo", cards: [card("a", "todo", 0), card("b", "todo", 1), card("c", "todo", 2)] },
      { id: "done", cards: [card("d", "done", 0)] },
    ] as unknown as BoardColumn[];
  const event = (type: BoardEvent["type"], data: Record<string, unknown>): BoardEvent => ({
    type,
    project_id: "p",
    actor_id: "u",
    at: "2026-11-27T00:00:00.000Z",
    data,
  });
  const ids = (columns: BoardColumn[] | string) =>
    typeof columns === "string"
      ? columns
      : columns.map((column) => column.cards.map((c) => `${c.id}${c.position}`).join(" "));

  it("moves a card between columns, renumbering both as the server did", () => {
    const moved = patchBoard(
      board(),
      event("card.moved", { card: card("a", "done", 1), from_column_id: "todo" }),
    );
    expect(ids(moved)).toEqual(["b0 c1", "d0 a1"]);
  });

  it("adds a new card, replaces an updated one in its place, and keeps untouched columns as they were", () => {
    const before = board();
    const created = patchBoard(before, event("card.created", { card: card("e", "todo", 3) }));
    expect(ids(created)).toEqual(["a0 b1 c2 e3", "d0"]);
    const updated = patchBoard(
      before,
      event("card.updated", { card: card("b", "todo", 1, { title: "B!" }) }),
    );
    expect(ids(updated)).toEqual(["a0 b1 c2", "d0"]);
    expect((updated as BoardColumn[])[0]!.cards[1]!.title).toBe("B!");
    expect((updated as BoardColumn[])[1]).toBe(before[1]);
  });

  it("takes archived and deleted cards off the board, and places a decomposition's parent and children", () => {
    expect(
      ids(patchBoard(board(), event("card.archived", { card: card("b", "todo", 1, { archived: true }) }))),
    ).toEqual(["a0 c1", "d0"]);
    expect(ids(patchBoard(board(), event("card.deleted", { card_id: "a", column_id: "todo" })))).toEqual([
      "b0 c1",
      "d0",
    ]);
    const decomposed = patchBoard(
      board(),
      event("card.decomposed", {
        parent: card("a", "todo", 0),
        children: [card("x", "todo", 3), card("y", "done", 0)],
      }),
    );
    expect(ids(decomposed)).toEqual(["a0 b1 c2 x3", "y0 d1"]);
  });

  it("reads the board again for what only the server knows (a new column, a newcomer), and ignores what no tile shows", () => {
    expect(patchBoard(board(), event("column.created", { column: {} }))).toBe("reload");
    expect(patchBoard(board(), event("card.created", { card: card("e", "elsewhere", 0) }))).toBe("reload");
    const assigned = event("card.updated", { card: card("a", "todo", 0, { assignee_id: "newcomer" }) });
    expect(patchBoard(board(), assigned, (c) => c.assignee_id !== "newcomer")).toBe("reload");
    expect(typeof patchBoard(board(), assigned, () => true)).not.toBe("string");
    expect(patchBoard(board(), event("comment.created", { comment: {} }))).toBe("unchanged");
    expect(patchBoard(board(), event("gate.acked", {}))).toBe("unchanged");
  });

  it("renames, recolours and deletes a label on every card that carries it, and keeps the pickers' list", () => {
    const label = (id: string, name: string, color = "#808080") =>
      ({ id, project_id: "p", name, color, created_at: "", updated_at: "" }) as Label;
    const ref = ({ id, name, color }: Label) => ({ id, name, color });
    const [bug, docs, ux] = [label("l1", "bug", "#ff0000"), label("l2", "docs"), label("l3", "ux")];
    const columns = [
      {
        id: "todo",
        cards: [
          card("a", "todo", 0, { labels: [ref(bug), ref(docs)] }),
          card("b", "todo", 1, { labels: [] }),
        ],
      },
      { id: "done", cards: [card("d", "done", 0, { labels: [ref(ux)] })] },
    ] as unknown as BoardColumn[];
    const data = { columns, labels: [bug, docs, ux], members: [], priorities: [] } as unknown as ProjectData;
    const names = (patched: ProjectData | "reload") =>
      patched === "reload"
        ? patched
        : {
            cards: patched.columns.map((column) =>
              column.cards.map((c) => c.labels.map((on) => `${on.name}${on.color}`).join(",")),
            ),
            labels: patched.labels.map((known) => known.name),
          };

    // Renamed past another label: the card lists its labels by name, as the server does.
    const renamed = patchProject(data, [event("label.updated", { label: label("l1", "fault", "#00ff00") })]);
    expect(names(renamed)).toEqual({
      cards: [["docs#808080,fault#00ff00", ""], ["ux#808080"]],
      labels: ["docs", "fault", "ux"],
    });
    expect((renamed as ProjectData).columns[1]).toBe(columns[1]);

    const deleted = patchProject(data, [event("label.deleted", { label_id: "l2" })]);
    expect(names(deleted)).toEqual({ cards: [["bug#ff0000", ""], ["ux#808080"]], labels: ["bug", "ux"] });

    // A new label is no tile's yet: the board stays, the pickers list it.
    expect(patchBoard(columns, event("label.created", { label: label("l4", "api") }))).toBe("unchanged");
    const created = patchProject(data, [event("label.created", { label: label("l4", "api") })]);
    expect((created as ProjectData).columns).toBe(columns);
    expect(names(created)).toMatchObject({ labels: ["api", "bug", "docs", "ux"] });

    // A label no card carries changes the list alone; the board is the same object.
    const quiet = patchProject(data, [event("label.updated", { label: label("l4", "api") })]);
    expect((quiet as ProjectData).columns).toBe(columns);
  });

  it("keeps the priority ladder live: renamed, recoloured, moved, made and deleted, and a deleted one off its cards", () => {
    const rung = (id: string, name: string, position: number, color: string | null = "#808080") =>
      ({ id, project_id: "p", name, color, position, created_at: "", updated_at: "" }) as Priority;
    const ladder = [rung("p1", "Urgent", 0), rung("p2", "High", 1), rung("p3", "Low", 2)];
    const columns = [
      {
        id: "todo",
        cards: [card("a", "todo", 0, { priority_id: "p1" }), card("b", "todo", 1, { priority_id: null })],
      },
      { id: "done", cards: [card("d", "done", 0, { priority_id: "p3" })] },
    ] as unknown as BoardColumn[];
    const data = { columns, labels: [], members: [], priorities: ladder } as unknown as ProjectData;
    const rungs = (patched: ProjectData | "reload") =>
      patched === "reload" ? patched : patched.priorities.map((p) => `${p.name}${p.position}${p.color}`);
    const onCards = (patched: ProjectData | "reload") =>
      patched === "reload"
        ? patched
        : patched.columns.map((column) => column.cards.map((c) => c.priority_id));

    // Renamed and recoloured: the ladder changes; the tiles look it up by id, so the board stays.
    expect(patchBoard(columns, event("priority.updated", { priority: rung("p1", "Now", 0) }))).toBe(
      "unchanged",
    );
    const renamed = patchProject(data, [
      event("priority.updated", { priority: rung("p1", "Now", 0, "#dc2626") }),
    ]);
    expect(rungs(renamed)).toEqual(["Now0#dc2626", "High1#808080", "Low2#808080"]);
    expect((renamed as ProjectData).columns).toBe(columns);
    expect((renamed as ProjectData).priorities[1]).toBe(ladder[1]);

    // Moved: one event, the moved rung at its new place and the others renumbered around it.
    const moved = patchProject(data, [event("priority.updated", { priority: rung("p3", "Low", 0) })]);
    expect(rungs(moved)).toEqual(["Low0#808080", "Urgent1#808080", "High2#808080"]);

    // Made (last), then a card naming it in the same frame: known, no reload.
    const made = patchProject(data, [
      event("priority.created", { priority: rung("p4", "Someday", 3, null) }),
      event("card.updated", { card: card("b", "todo", 1, { priority_id: "p4" }) }),
    ]);
    expect(rungs(made)).toEqual(["Urgent0#808080", "High1#808080", "Low2#808080", "Someday3null"]);
    expect(onCards(made)).toEqual([["p1", "p4"], ["p3"]]);

    // Deleted: off the ladder (the ones below move up) and off the cards that carried it, alone.
    const deleted = patchProject(data, [event("priority.deleted", { priority_id: "p1" })]);
    expect(rungs(deleted)).toEqual(["High0#808080", "Low1#808080"]);
    expect(onCards(deleted)).toEqual([[null, null], ["p3"]]);
    expect((deleted as ProjectData).columns[1]).toBe(columns[1]);
    expect((deleted as ProjectData).columns[0]!.cards[1]).toBe(columns[0]!.cards[1]);

    // A priority this board never loaded, deleted: nothing to do, the same object.
    expect(patchProject(data, [event("priority.deleted", { priority_id: "p9" })])).toBe(data);
  });
});

// The page's events (src/web/events.ts, listen.ts), checked by `pnpm typecheck` (never run: lit needs a DOM).
declare const events: typeof pageEvents & typeof pageListen;

describe("the page's events", () => {
  it("take only the names and details their map has (compile-time cases)", () => {
    const cases = (target: EventTarget, project: Project) => {
      events.emit(target, "created", project);
      events.emit(window, "board:signed-out");
      events.on(window, "board:invitations-changed", () => undefined);
      events.listen("created", (event) => event.detail.id);
      // @ts-expect-error -- misspelt event
      events.emit(window, "board:signed-off");
      // @ts-expect-error -- misspelt event heard
      events.on(window, "board:notification-changed", () => undefined);
      // @ts-expect-error -- created's detail is a project
      events.emit(target, "created", "p1");
      // @ts-expect-error -- a project, not a string
      events.listen("created", (event: CustomEvent<string>) => event.detail);
    };
    expect(typeof cases).toBe("function");
  });
});

// The page's calls (src/web/api.ts), typed from the registries, checked by `pnpm typecheck` (never
// run: the clients need a page).
declare const api: typeof pageApi;

describe("the page's calls", () => {
  it("take only their operation's input and answer its response (compile-time cases)", () => {
    const cases = async () => {
      const consent = await api.callWeb("get_oauth_consent", { query: { client_id: "bcl_x" } });
      const shown: string = "redirect_to" in consent ? consent.redirect_to : consent.client.name;
      const query = { client_id: "bcl_x", state: "st" };
      const { redirect_to } = await api.callWeb("decide_oauth_consent", {
        body: { query, approve: true, project_ids: ["0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f"] },
      });
      await api.callWeb("decide_oauth_consent", { body: { query, approve: false } });
      const { data } = await api.callAccount("list_connected_apps");
      const revoked: void = await api.callAccount("revoke_connected_app", { params: { grant_id: "g1" } });
      // @ts-expect-error -- approve is a boolean
      await api.callWeb("decide_oauth_consent", { body: { query, approve: "yes" } });
      // @ts-expect-error -- project_ids is null or a list of ids, never "all"
      await api.callWeb("decide_oauth_consent", { body: { query, approve: true, project_ids: "all" } });
      // @ts-expect-error -- the request's query is required
      await api.callWeb("decide_oauth_consent", { body: { approve: true } });
      // @ts-expect-error -- the grant is named by grant_id
      await api.callAccount("revoke_connected_app", { params: { id: "g1" } });
      // @ts-expect-error -- connected apps are no /api/v1 operation of the published registry
      await api.call("list_connected_apps");
      return [shown, redirect_to, data, revoked];
    };
    expect(typeof cases).toBe("function");
  });
});
