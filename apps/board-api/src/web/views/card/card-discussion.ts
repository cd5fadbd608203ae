// Comments (Markdown; `@handle` mentions notify members) and the card's activity, newest first.
import type { CardActivity, Comment, User } from "@org/contracts";
import { css, html, LitElement, nothing } from "lit";
import { unsafeHTML } from "lit/directives/unsafe-html.js";
import { api } from "../../api.ts";
import { initials, timeAgo } from "../../format.ts";
import { onLiveEvent } from "../../live.ts";
import { renderMarkdown } from "../../markdown.ts";
import { base, panelStyles, prose } from "../../styles.ts";
import { toast } from "../../ui/toast.ts";
import { canWork, type ProjectData } from "../board/board-data.ts";

export class BoardCardDiscussion extends LitElement {
  static override styles = [
    base,
    prose,
    panelStyles,
    css`
      .comment {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 10px;
      }
      .bubble {
        padding: 8px 12px;
        border: 1px solid var(--border);
        border-radius: 12px;
        background: var(--surface-2);
      }
      .bubble.handoff {
        border-color: var(--accent);
      }
      .who {
        display: flex;
        gap: 8px;
        align-items: baseline;
        margin-bottom: 2px;
        font-size: 0.85rem;
      }
      .suggestions {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
      }
      .activity li {
        font-size: 0.88rem;
        color: var(--muted);
      }
      .activity strong {
        color: var(--text);
      }
    `,
  ];
  static override properties = {
    cardId: {},
    data: { attribute: false },
    me: { attribute: false },
    comments: { state: true },
    activity: { state: true },
    draft: { state: true },
  };
  cardId = "";
  data!: ProjectData;
  me: User | null = null;
  comments: Comment[] = [];
  activity: CardActivity[] = [];
  draft = "";
  private stopLive?: () => void;

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopLive = onLiveEvent((event) => {
      const data = event.data as { comment?: Comment; card?: { id: string }; card_id?: string };
      if (
        data.comment?.card_id === this.cardId ||
        data.card?.id === this.cardId ||
        data.card_id === this.cardId
      )
        void this.load();
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
    const [comments, activity] = await Promise.all([
      api.all<Comment>(`/cards/${this.cardId}/comments`),
      api.get<{ data: CardActivity[] }>(`/cards/${this.cardId}/activity?limit=50`),
    ]).catch(() => [this.comments, { data: this.activity }] as const);
    this.comments = [...comments];
    this.activity = activity.data;
  }

  private member(userId: string) {
    return this.data.members.find((member) => member.user_id === userId);
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

  private describe(entry: CardActivity): string {
    const data = entry.data as Record<string, unknown>;
    const column = (id: unknown) =>
      this.data.columns.find((candidate) => candidate.id === id)?.name ?? "another column";
    switch (entry.kind) {
      case "created":
        return "created the card";
      case "edited":
        return `changed ${Object.keys((data.fields as object) ?? {})
          .join(", ")
          .replaceAll("_id", "")
          .replaceAll("_", " ")}`;
      case "moved":
        return data.from_column_id === data.to_column_id
          ? `moved it within ${column(data.to_column_id)}`
          : `moved it from ${column(data.from_column_id)} to ${column(data.to_column_id)}`;
      case "commented":
        return "commented";
      case "handed_off":
        return `handed it off${data.to_user_id ? ` to ${this.member(String(data.to_user_id))?.name ?? "someone"}` : ""}`;
      case "plan_published":
        return `published plan v${String(data.version)}`;
      case "label_added":
        return `added the label ${String(data.name)}`;
      case "label_removed":
        return `removed the label ${String(data.name ?? "")}`;
      case "checklist_item_added":
        return `added “${String(data.text)}” to the checklist`;
      case "checklist_item_checked":
        return `checked “${String(data.text)}”`;
      case "checklist_item_unchecked":
        return `unchecked “${String(data.text)}”`;
      case "attachment_added":
        return `attached ${String(data.filename)}`;
      case "finding_recorded":
        return `recorded a ${String(data.kind)}: ${String(data.title)}`;
      default:
        return entry.kind.replaceAll("_", " ");
    }
  }

  protected override render() {
    const work = canWork(this.data.project);
    const handles = new Set(this.data.members.map((member) => member.handle));
    const typed = this.typedMention;
    const suggestions =
      typed === null
        ? []
        : this.data.members
            .filter((member) => member.handle.startsWith(typed) && member.user_id !== this.me?.id)
            .slice(0, 6);
    return html`<section class="part" aria-labelledby="comments-title">
        <h3 id="comments-title">Comments <span class="faint">${this.comments.length}</span></h3>
        <ol class="list">
          ${this.comments.map((comment) => {
            const author = this.member(comment.author_id);
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
          })}
        </ol>
        ${
          work
            ? html`<form class="stack" @submit=${this.send}>
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
              </form>`
            : nothing
        }
      </section>
      <section class="part" aria-labelledby="activity-title">
        <h3 id="activity-title">Activity</h3>
        ${
          this.activity.length
            ? html`<ol class="list activity">
                ${this.activity.map(
                  (entry) =>
                    html`<li>
                      <strong>${this.member(entry.actor_id)?.name ?? "Someone"}</strong>
                      ${this.describe(entry)} <span class="faint">· ${timeAgo(entry.created_at)}</span>
                    </li>`,
                )}
              </ol>`
            : html`<p class="faint">Changes made in this app show here.</p>`
        }
      </section>`;
  }
}
customElements.define("board-card-discussion", BoardCardDiscussion);
