import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { builtPagesDir, html, pageDocument, pagePolicy, SafeHtml } from "../src/index.ts";

describe("html", () => {
  it("escapes every interpolated value, in content and attributes", () => {
    const input = `"><script>alert('x')</script>&`;
    expect(html`<p title="${input}">${input}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
    );
  });

  it("keeps nested html as it is, joins arrays and drops null, undefined and false", () => {
    const items = ["a<b", "c"].map((item) => html`<li>${item}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}</ul>${null}${undefined}${false}${0}`;
    expect(list.value).toBe("<ul><li>a&lt;b</li><li>c</li></ul>0");
    expect(html`${new SafeHtml("<b>trusted</b>")}`.value).toBe("<b>trusted</b>");
  });

  it("builds a document whose title, scripts and styles are escaped", () => {
    const page = pageDocument({
      title: "A & B",
      scripts: ['/a.js"x'],
      styles: ["/a.css"],
      body: html`<main></main>`,
    }).value;
    expect(page).toContain("<title>A &amp; B</title>");
    expect(page).toContain('<script type="module" src="/a.js&quot;x"></script>');
    expect(page).toContain('<link rel="stylesheet" href="/a.css" />');
  });
});

describe("pagePolicy", () => {
  it("allows scripts and styles from the page's origin only and no framing by default", () => {
    const policy = pagePolicy();
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe");
  });

  it("lists the origins that may frame the page", () => {
    expect(pagePolicy({ frameAncestors: ["https://a.test"] })).toContain("frame-ancestors https://a.test");
  });
});

describe("builtPagesDir", () => {
  it("finds the app's dist/web from its sources and from its server bundle, also deployed alone", () => {
    const root = mkdtempSync(path.join(tmpdir(), "pages-dir-"));
    const folder = (...parts: string[]) => {
      const dir = path.join(root, ...parts);
      mkdirSync(dir, { recursive: true });
      return dir;
    };
    writeFileSync(path.join(folder("repo", "apps", "app"), "package.json"), "{}");
    writeFileSync(path.join(folder("deployed"), "package.json"), "{}");
    const appWeb = path.join(root, "repo", "apps", "app", "dist", "web");
    expect(builtPagesDir(folder("repo", "apps", "app", "src", "pages"))).toBe(appWeb);
    expect(builtPagesDir(folder("repo", "apps", "app", "dist"))).toBe(appWeb);
    expect(builtPagesDir(folder("deployed", "dist"))).toBe(path.join(root, "deployed", "dist", "web"));
  });
});
