// The project's trash: its deleted cards, the most recently deleted first, each with who deleted it
// and when it goes for good (30 days later). Any member restores a card; admins and owners empty
// the whole trash. Live events of the project (a card deleted or restored elsewhere) refresh it.
import type { Project, TrashedCard } from "@org/contracts";
import { TRASH_RETENTION_DAYS } from "@org/contracts/trash";
import { html, LitElement, nothing } from "lit";
import { call, callAll } from "../../api.ts";
import { formatDate, formatDateTime } from "../../format.ts";
import { joinProject, leaveProject, onLiveEvent } from "../../live.ts";
import { base } from "../../styles.ts";
import { confirmAction } from "../../ui/confirm.ts";
import { attempt } from "../../ui/toast.ts";
import { canManage, canWork } from "../board/board-data.ts";
import { trashStyles } from "./trash.styles.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

interface TrashData {
  project: Project;
  cards: TrashedCard[];
  members: Map<string, string>;
}

export class BoardTrashView extends LitElement {
  static override styles = [base, trashStyles];
  static override properties = { projectId: {}, trash: { state: true }, error: { state: true } };
  projectId = "";
  trash: TrashData | null = null;
  error = "";
  private stopLive?: () => void;
  private timer?: ReturnType<typeof setTimeout>;
  private joined = "";

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopLive = onLiveEvent((event) => {
      if (event.project_id !== this.projectId || !event.type.startsWith("card.")) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.load(), 150);
    });
  }

  override disconnectedCallback(): void {
    this.stopLive?.();
    clearTimeout(this.timer);
    if (this.joined) leaveProject(this.joined);
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("projectId") && this.projectId !== this.joined) {
      if (this.joined) leaveProject(this.joined);
      this.joined = this.projectId;
      joinProject(this.projectId);
      void this.load();
    }
  }

  async load() {
    try {
      const [project, cards, members] = await Promise.all([
        call("get_project", { params: { project_id: this.projectId } }),
        callAll("list_trash", { params: { project_id: this.projectId } }),
        callAll("list_members", { params: { project_id: this.projectId } }),
      ]);
      this.trash = { project, cards, members: new Map(members.map((m) => [m.user_id, m.name])) };
      this.error = "";
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private async restore(card: TrashedCard) {
    const done = `#${card.number} is back on the board.`;
    if (await attempt(() => call("restore_card", { params: { card_id: card.id } }), done)) await this.load();
  }

  private async empty(count: number) {
    const sure = await confirmAction(
      "Empty the trash?",
      `${count === 1 ? "The card" : `All ${count} cards`} and their comments, checklists and files are deleted for good.`,
      "Empty trash",
    );
    if (!sure) return;
    if (
      await attempt(
        () => call("empty_trash", { params: { project_id: this.projectId } }),
        "The trash is empty.",
      )
    )
      await this.load();
  }

  private item(card: TrashedCard, trash: TrashData) {
    const who = card.deleted_by ? (trash.members.get(card.deleted_by) ?? "A former member") : "Someone";
    const purge = new Date(new Date(card.deleted_at).getTime() + TRASH_RETENTION_DAYS * DAY_MS);
    return html`<li class="item">
      <div class="text">
        <span class="title">#${card.number} ${card.title}</span>
        <span class="meta">
          <span>Deleted by ${who}, ${formatDateTime(card.deleted_at)}</span>
          <span>Gone for good ${formatDate(purge.toISOString())}</span>
        </span>
      </div>
      ${
        canWork(trash.project)
          ? html`<button class="button small" @click=${() => this.restore(card)}>
              Restore<span class="sr-only"> #${card.number}</span>
            </button>`
          : nothing
      }
    </li>`;
  }

  protected override render() {
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`;
    const trash = this.trash;
    if (!trash) return html`<p class="muted">Loading the trash…</p>`;
    const count = trash.cards.length;
    return html`<div class="head">
        <a class="back" href="/app/projects/${this.projectId}">← ${trash.project.name}</a>
        <h1>Trash</h1>
        <span class="spacer"></span>
        ${
          canManage(trash.project) && count > 0
            ? html`<button class="button small danger" @click=${() => this.empty(count)}>Empty trash</button>`
            : nothing
        }
      </div>
      <p class="muted">
        Deleted cards stay here for ${TRASH_RETENTION_DAYS} days with their comments, checklists and files.
      </p>
      ${
        count === 0
          ? html`<p class="empty">The trash is empty.</p>`
          : html`<ol aria-label="Deleted cards">
              ${trash.cards.map((card) => this.item(card, trash))}
            </ol>`
      }`;
  }
}
customElements.define("board-trash-view", BoardTrashView);
