// The web app's plain modules (no DOM): Markdown rendering and client routes.
import { renderMarkdown } from "../../src/web/markdown.ts";
import { parseRoute } from "../../src/web/router.ts";

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
    expect(parseRoute("/app/projects/7")).toEqual({ name: "not-found" });
  });
});
