// Card bodies and comments are Markdown, rendered safely: markdown-it with raw HTML off (tags are
// shown as text), its link validation (no javascript:, vbscript:, file: or non-image data: URLs),
// and links that open in a new tab without handing it this page (rel=noopener noreferrer).
import MarkdownIt from "markdown-it";

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

/** `@handle` of a project member shown as a mention (after Markdown, on text only). */
function highlightMentions(html: string, handles: ReadonlySet<string>): string {
  return html.replace(
    /(^|[^\w@/>"=])@([a-z0-9][a-z0-9_-]{1,31})/gi,
    (whole, before: string, handle: string) =>
      handles.has(handle.toLowerCase()) ? `${before}<span class="mention">@${handle}</span>` : whole,
  );
}

/** HTML for `text`, safe to insert: no raw HTML, safe links, members' mentions highlighted. */
export function renderMarkdown(text: string, handles: ReadonlySet<string> = new Set()): string {
  return highlightMentions(markdown.render(text), handles);
}
