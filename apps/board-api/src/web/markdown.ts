// Card bodies and comments are Markdown, rendered safely: markdown-it with raw HTML off (tags are
// shown as text), its link validation (no javascript:, vbscript:, file: or non-image data: URLs),
// and links that open in a new tab without handing it this page (rel=noopener noreferrer).
// Members' @mentions are highlighted inside the renderer, on text only: never in a link (its
// address, title or text), code, or anything else markdown-it produced as markup.
import { findMentions } from "@org/contracts/mentions";
import MarkdownIt, { type Env, type StateCore, type Token } from "markdown-it";

/** What the renderer gets along with the text: the handles (lower case) of the project's members. */
type RenderEnv = Env & { handles?: ReadonlySet<string> };

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  token.attrSet("target", "_blank");
  token.attrSet("rel", "noopener noreferrer nofollow");
  return defaultLinkOpen(tokens, index, options, env, self);
};

markdown.renderer.rules.mention = (tokens, index) =>
  `<span class="mention">${markdown.utils.escapeHtml(tokens[index]!.content)}</span>`;

/** Splits one text token into text and `mention` tokens, for the members' handles it names. */
function splitMentions(
  state: StateCore,
  token: Token,
  before: string,
  handles: ReadonlySet<string>,
): Token[] {
  const text = token.content;
  const parts: Token[] = [];
  let at = 0;
  const piece = (type: "text" | "mention", content: string) => {
    const part = new state.Token(type, "", 0);
    part.content = content;
    parts.push(part);
  };
  for (const mention of findMentions(text, before)) {
    if (!handles.has(mention.handle)) continue;
    if (mention.start > at) piece("text", text.slice(at, mention.start));
    piece("mention", text.slice(mention.start, mention.end));
    at = mention.end;
  }
  if (parts.length === 0) return [token];
  if (at < text.length) piece("text", text.slice(at));
  return parts;
}

markdown.core.ruler.push("mentions", (state) => {
  const { handles } = state.env as RenderEnv;
  if (!handles?.size) return;
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children) continue;
    const children: Token[] = [];
    let inLink = 0;
    let before = "";
    for (const child of block.children) {
      if (child.type === "link_open") inLink += 1;
      if (child.type === "link_close") inLink -= 1;
      if (child.type === "text" && inLink === 0)
        children.push(...splitMentions(state, child, before, handles));
      else children.push(child);
      before = child.type === "text" ? child.content : "";
    }
    block.children = children;
  }
});

/** HTML for `text`, safe to insert: no raw HTML, safe links, members' mentions highlighted. */
export function renderMarkdown(text: string, handles: ReadonlySet<string> = new Set()): string {
  const env: RenderEnv = { handles };
  return markdown.render(text, env);
}
