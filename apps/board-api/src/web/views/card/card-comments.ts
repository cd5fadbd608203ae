// The card's discussion: comments (Markdown; `@handle` mentions notify members), oldest first,
// and the box to write one, with handle suggestions. Follows live events.
import type { Comment, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { unsafeHTML } from "lit/directives/unsafe-html.js";
import { api } from "../../api.ts";
import { initials, timeAgo } from "../../format.ts";
import { onLiveEvent } from "../../live.ts";
import { renderMarkdown } from "../../markdown.ts";
import { base, panelStyles, prose } from "../../styles.ts";
import { toast } from "../../ui/toast.ts";
import { canWork, type ProjectData } from "../board/board-data.ts";
import { commentsStyles } from "./card-discussion.styles.ts";

export class BoardCardComments extends LitElement {
  static override styles = [base, prose, panelStyles, commentsStyles];
  static override properties = {
    cardId: {},
    data: { attribute: false },
    me: { attribute: false },
    comments: { state: true },
    draft: { state: true },
  };
  cardId = "";
  data!: ProjectData;
  me: User | null = null;
  comments: Comment[] = [];
  draft = "";
  private stopLive?: () => void;

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopLive = onLiveEvent((event) => {
      const data = event.data as { comment?: Comment; comment_id?: string; card_id?: string };
      if (data.comment?.card_id === this.cardId || data.card_id === this.cardId) void this.load();
    });
  }

  override disconnectedCallback(): void {
    this.stopLive?.();
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("cardId")) void this.load();
  }

  private async load() {
    this.comments = await api.all<Comment>(`/cards/${this.cardId}/comments`).catch(() => this.comments);
  }

  private async send(event: SubmitEvent) {
    event.preventDefault();
    const body = this.draft.trim();
    if (!body) return;
    try {
      await api.post(`/cards/${this.cardId}/comments`, { body });
      this.draft = "";
      await this.load();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  /** The handle being typed after an `@`, if any. */
  private get typedMention(): string | null {
    return /(?:^|\s)@([a-z0-9_-]*)$/i.exec(this.draft)?.[1]?.toLowerCase() ?? null;
  }

  private complete(handle: string) {
    this.draft = this.draft.replace(/@([a-z0-9_-]*)$/i, `@${handle} `);
    this.renderRoot.querySelector("textarea")?.focus();
  }

  private renderComment(comment: Comment, handles: ReadonlySet<string>) {
    const author = this.data.members.find((member) => member.user_id === comment.author_id);
    return html`<li class="comment">
      <span class="avatar" aria-hidden="true">${initials(author?.name ?? "?")}</span>
      <div class="bubble ${comment.kind}">
        <div class="who">
          <strong>${author?.name ?? "A former member"}</strong>
          ${comment.kind === "handoff" ? html`<span class="chip accent">handoff</span>` : nothing}
          <span class="faint">${timeAgo(comment.created_at)}</span>
        </div>
        <div class="prose">${unsafeHTML(renderMarkdown(comment.body, handles))}</div>
      </div>
    </li>`;
  }

  private renderForm() {
    const typed = this.typedMention;
    const suggestions =
      typed === null
        ? []
        : this.data.members
            .filter((member) => member.handle.startsWith(typed) && member.user_id !== this.me?.id)
            .slice(0, 6);
    return html`<form class="stack" @submit=${this.send}>
      <label class="sr-only" for="comment">Comment</label>
      <textarea
        id="comment"
        rows="3"
        placeholder="Write a comment. Markdown; @handle mentions a member."
        .value=${this.draft}
        @input=${(event: Event) => (this.draft = (event.target as HTMLTextAreaElement).value)}
        @keydown=${(event: KeyboardEvent) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey))
            (event.target as HTMLTextAreaElement).form?.requestSubmit();
        }}
      ></textarea>
      ${
        suggestions.length
          ? html`<div class="suggestions" aria-label="Mention">
              ${suggestions.map(
                (member) =>
                  html`<button
                    type="button"
                    class="button small"
                    @click=${() => this.complete(member.handle)}
                  >
                    @${member.handle} · ${member.name}
                  </button>`,
              )}
            </div>`
          : nothing
      }
      <div class="row">
        <button class="button primary small" ?disabled=${!this.draft.trim()}>Comment</button>
      </div>
    </form>`;
  }

  protected override render() {
    const handles = new Set(this.data.members.map((member) => member.handle));
    return html`<section class="part" aria-labelledby="comments-title">
      <h3 id="comments-title">Discussion <span class="faint">${this.comments.length}</span></h3>
      ${
        this.comments.length
          ? html`<ol class="list">
              ${this.comments.map((comment) => this.renderComment(comment, handles))}
            </ol>`
          : nothing
      }
      ${canWork(this.data.project) ? this.renderForm() : nothing}
    </section>`;
  }
}
customElements.define("board-card-comments", BoardCardComments);

declare global {
  interface HTMLElementTagNameMap {
    "board-card-comments": BoardCardComments;
  }
}
