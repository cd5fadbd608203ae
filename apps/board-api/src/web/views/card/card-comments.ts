// The card's discussion: comments (Markdown; `@handle` mentions notify members), oldest first,
// and the box to write one. Typing `@` suggests members: ↑/↓ pick one, Enter or Tab (or a click)
// completes it; a `@name` that is no member is pointed out before sending (it notifies nobody).
// Your own comments can be edited ("edited" shows) and deleted; admins delete any. Follows live events.
import type { Comment, User } from "@org/contracts";
import { findMentions } from "@org/contracts/mentions";
import { html, LitElement, nothing } from "lit";
import { unsafeHTML } from "lit/directives/unsafe-html.js";
import { call, callAll } from "../../api.ts";
import { initials, timeAgo } from "../../format.ts";
import { onLiveEvent } from "../../live.ts";
import { renderMarkdown } from "../../markdown.ts";
import { base, panelStyles, prose } from "../../styles.ts";
import { confirmAction } from "../../ui/confirm.ts";
import { attempt, toast } from "../../ui/toast.ts";
import { canManage, canWork, type ProjectData } from "../board/board-data.ts";
import { commentsStyles } from "./card-discussion.styles.ts";

export class BoardCardComments extends LitElement {
  static override styles = [base, prose, panelStyles, commentsStyles];
  static override properties = {
    cardId: {},
    data: { attribute: false },
    me: { attribute: false },
    comments: { state: true },
    draft: { state: true },
    active: { state: true },
    editing: { state: true },
  };
  cardId = "";
  data!: ProjectData;
  me: User | null = null;
  comments: Comment[] = [];
  draft = "";
  /** The highlighted mention suggestion. */
  active = 0;
  /** The comment being edited, and its text so far. */
  editing: { id: string; body: string } | null = null;
  private stopLive?: () => void;

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopLive = onLiveEvent((event) => {
      // A deleted card's comments are in the trash with it: nothing to read.
      if (event.type === "card.deleted") return;
      // A handoff's note (card.handed_off) is a comment too.
      const data = event.data as { comment?: Comment; note?: Comment; comment_id?: string; card_id?: string };
      const cardId = data.comment?.card_id ?? data.note?.card_id ?? data.card_id;
      if (cardId === this.cardId) void this.load();
    });
  }

  override disconnectedCallback(): void {
    this.stopLive?.();
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("cardId")) void this.load();
  }

  async load() {
    this.comments = await callAll("list_comments", { params: { card_id: this.cardId } }).catch(
      () => this.comments,
    );
  }

  private async send(event: SubmitEvent) {
    event.preventDefault();
    const body = this.draft.trim();
    if (!body) return;
    try {
      await call("create_comment", { params: { card_id: this.cardId }, body: { body } });
      this.draft = "";
      await this.load();
    } catch (error) {
      toast((error as Error).message, "error");
    }
  }

  private async saveEdit(comment: Comment) {
    const body = this.editing?.body.trim();
    if (!body) return;
    if (await attempt(() => call("update_comment", { params: { comment_id: comment.id }, body: { body } }))) {
      this.editing = null;
      await this.load();
    }
  }

  private async deleteComment(comment: Comment) {
    if (!(await confirmAction("Delete this comment?", "It cannot be brought back.", "Delete"))) return;
    if (await attempt(() => call("delete_comment", { params: { comment_id: comment.id } })))
      await this.load();
  }

  /** Members whose handle starts with the `@…` being typed at the end of the draft. */
  private get suggestions() {
    const typed = /(?:^|\s)@([a-z0-9_-]*)$/i.exec(this.draft)?.[1]?.toLowerCase();
    if (typed === undefined) return [];
    return this.data.members
      .filter((member) => member.handle.startsWith(typed) && member.user_id !== this.me?.id)
      .slice(0, 6);
  }

  /** `@names` in the draft that name no member (they would notify nobody). */
  private unresolved(text: string, suggesting: boolean): string[] {
    const handles = new Set(this.data.members.map((member) => member.handle));
    // The one being typed, while members are suggested for it, is not finished yet.
    const mentions = findMentions(text).filter((m) => !(suggesting && m.end >= text.trimEnd().length));
    return [...new Set(mentions.map((m) => m.handle).filter((handle) => !handles.has(handle)))];
  }

  private complete(handle: string) {
    this.draft = this.draft.replace(/@([a-z0-9_-]*)$/i, `@${handle} `);
    this.active = 0;
    this.renderRoot.querySelector<HTMLTextAreaElement>("#comment")?.focus();
  }

  private draftKey(event: KeyboardEvent) {
    const suggestions = this.suggestions;
    if (suggestions.length && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
      if (event.key in moves) {
        event.preventDefault();
        this.active = (this.active + moves[event.key]! + suggestions.length) % suggestions.length;
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        this.complete(suggestions[Math.min(this.active, suggestions.length - 1)]!.handle);
        return;
      }
    }
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey))
      (event.target as HTMLTextAreaElement).form?.requestSubmit();
  }

  private renderActions(comment: Comment) {
    const mine = comment.author_id === this.me?.id;
    const canDelete = (mine && canWork(this.data.project)) || canManage(this.data.project);
    if (!canDelete) return nothing;
    return html`<span class="comment-actions">
      ${
        mine && comment.kind === "comment" && canWork(this.data.project)
          ? html`<button
              class="link-button"
              aria-label="Edit comment"
              @click=${() => (this.editing = { id: comment.id, body: comment.body })}
            >
              Edit
            </button>`
          : nothing
      }
      <button class="link-button" aria-label="Delete comment" @click=${() => this.deleteComment(comment)}>
        Delete
      </button>
    </span>`;
  }

  private renderEditor(comment: Comment) {
    const editing = this.editing!;
    return html`<form
      class="stack"
      @submit=${(event: Event) => (event.preventDefault(), void this.saveEdit(comment))}
    >
      <label class="sr-only" for="edit-${comment.id}">Edit comment</label>
      <textarea
        id="edit-${comment.id}"
        rows="3"
        .value=${editing.body}
        @input=${(event: Event) => (this.editing = { ...editing, body: (event.target as HTMLTextAreaElement).value })}
        @keydown=${(event: KeyboardEvent) => event.key === "Escape" && (event.stopPropagation(), (this.editing = null))}
      ></textarea>
      <div class="row">
        <button class="button primary small" ?disabled=${!editing.body.trim()}>Save</button>
        <button type="button" class="button small ghost" @click=${() => (this.editing = null)}>Cancel</button>
      </div>
    </form>`;
  }

  private renderComment(comment: Comment, handles: ReadonlySet<string>) {
    const author = this.data.members.find((member) => member.user_id === comment.author_id);
    const edited = comment.updated_at !== comment.created_at && comment.kind === "comment";
    return html`<li class="comment" data-comment-id=${comment.id}>
      <span class="avatar" aria-hidden="true">${initials(author?.name ?? "?")}</span>
      <div class="bubble kind-${comment.kind}">
        <div class="who">
          <strong>${author?.name ?? "A former member"}</strong>
          ${comment.kind === "handoff" ? html`<span class="chip accent">handoff</span>` : nothing}
          <span class="faint">${timeAgo(comment.created_at)}</span>
          ${edited ? html`<span class="faint" title="Edited ${timeAgo(comment.updated_at)}">edited</span>` : nothing}
          ${this.renderActions(comment)}
        </div>
        ${
          this.editing?.id === comment.id
            ? this.renderEditor(comment)
            : html`<div class="prose">${unsafeHTML(renderMarkdown(comment.body, handles))}</div>`
        }
      </div>
    </li>`;
  }

  private renderSuggestions() {
    const suggestions = this.suggestions;
    if (!suggestions.length) return nothing;
    const active = Math.min(this.active, suggestions.length - 1);
    return html`<div class="suggestions" role="listbox" id="mention-list" aria-label="Mention a member">
      ${suggestions.map(
        (member, index) =>
          html`<button
            type="button"
            role="option"
            id="mention-${member.handle}"
            class="button small ${index === active ? "active" : ""}"
            aria-selected=${index === active}
            tabindex="-1"
            @mousedown=${(event: Event) => event.preventDefault()}
            @click=${() => this.complete(member.handle)}
          >
            @${member.handle} · ${member.name}
          </button>`,
      )}
      <span class="faint hint">Enter or Tab completes</span>
    </div>`;
  }

  private renderForm() {
    const suggestions = this.suggestions;
    const unresolved = this.unresolved(this.draft, suggestions.length > 0);
    const active = suggestions[Math.min(this.active, suggestions.length - 1)];
    return html`<form class="stack" @submit=${this.send}>
      <label class="sr-only" for="comment">Comment</label>
      <textarea
        id="comment"
        rows="3"
        placeholder="Write a comment. Markdown; @handle mentions a member."
        aria-controls=${suggestions.length ? "mention-list" : nothing}
        aria-activedescendant=${active ? `mention-${active.handle}` : nothing}
        .value=${this.draft}
        @input=${(event: Event) => (this.draft = (event.target as HTMLTextAreaElement).value)}
        @keydown=${this.draftKey}
      ></textarea>
      ${this.renderSuggestions()}
      ${
        unresolved.length
          ? html`<p class="unresolved" role="status">
              ${unresolved.map((handle) => `@${handle}`).join(", ")}
              ${unresolved.length === 1 ? "is not a member" : "are not members"} of this project: nobody will
              be notified.
            </p>`
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
