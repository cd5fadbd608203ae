// The card panel (a side sheet; full screen on a phone), for people first: the title (it wraps),
// the description and the discussion, then the checklist, files and activity; the details beside
// them (column, assignee, due date, priority, owner, labels) with the agent's state in one line
// that opens on demand. Every change goes through /api/v1 with the web session.
import type { Attachment, Card, CardWatch, CardWithPlan, ChecklistItem, Gate, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { unsafeHTML } from "lit/directives/unsafe-html.js";
import { call, callAll } from "../../api.ts";
import { formatDateTime } from "../../format.ts";
import { renderMarkdown } from "../../markdown.ts";
import { base, panelStyles, prose } from "../../styles.ts";
import { attempt, toast } from "../../ui/toast.ts";
import { canWork, type ProjectData } from "../board/board-data.ts";
import { cardPanelStyles, cardPartsStyles, cardSideStyles } from "./card-panel.styles.ts";
import { attachments, checklist, type CardPartsHost } from "./card-parts.ts";
import { cardSide, type CardSideHost } from "./card-side.ts";
import type { BoardCardActivity } from "./card-activity.ts";
import type { BoardCardComments } from "./card-comments.ts";
import "./card-activity.ts";
import "./card-comments.ts";
import "./card-handoff.ts";
import "./card-move.ts";
import { emit } from "../../events.ts";
import { listen } from "../../listen.ts";

const sameLabels = (a: Card["labels"], b: Card["labels"]) =>
  a.length === b.length &&
  a.every(
    (label, index) =>
      label.id === b[index]!.id && label.name === b[index]!.name && label.color === b[index]!.color,
  );

/**
 * @event close - the person closed the panel.
 * @event changed - the card changed here: the board reloads.
 */
export class BoardCardPanel extends LitElement implements CardSideHost, CardPartsHost {
  static override styles = [base, prose, panelStyles, cardPanelStyles, cardSideStyles, cardPartsStyles];

  static override properties = {
    cardId: {},
    data: { attribute: false },
    me: { attribute: false },
    summary: { attribute: false },
    move: { attribute: false },
    current: { state: true },
    checklist: { state: true },
    files: { state: true },
    gate: { state: true },
    watch: { state: true },
    editingBody: { state: true },
    agentOpen: { state: true },
    error: { state: true },
  };

  cardId = "";
  data!: ProjectData;
  me: User | null = null;
  /** The card as the board shows it (kept fresh by live events). */
  summary: Card | null = null;
  /**
   * Moves the card (the board's move: shown at once, taken back with the reason if refused);
   * resolves whether it moved. Without a board, straight to the API.
   */
  move = (card: Card, columnId: string, position: number): Promise<boolean> =>
    attempt(() =>
      call("move_card", { params: { card_id: card.id }, body: { to_column_id: columnId, position } }),
    );
  current: CardWithPlan | null = null;
  checklist: ChecklistItem[] = [];
  files: Attachment[] = [];
  gate: Gate | null = null;
  /** Whether the signed-in person watches the card (they are notified of others' changes). */
  watch: CardWatch | null = null;
  editingBody = false;
  agentOpen = false;
  error = "";
  private returnFocus: Element | null = null;

  get card(): CardWithPlan {
    return this.current!;
  }

  get work(): boolean {
    return canWork(this.data.project);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.returnFocus = document.activeElement;
    document.addEventListener("keydown", this.onKey);
  }

  override disconnectedCallback(): void {
    document.removeEventListener("keydown", this.onKey);
    (this.returnFocus as HTMLElement | null)?.focus?.();
    super.disconnectedCallback();
  }

  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !this.editingBody && !event.defaultPrevented) this.close();
  };

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("cardId")) void this.load();
    // A live change to the card (the board's copy) refreshes the panel. Labels put on or taken off,
    // renamed, recoloured or deleted, and a deleted priority (taken off its cards) leave the card's
    // updated_at as it was: the board's copy has them right already, so they are taken from it
    // without a read (the panel's read being of that same version of the card). A renamed or moved
    // priority is the project's (data.priorities), not the card's.
    const previous = changed.get("summary") as Card | null | undefined;
    if (!previous || !this.summary) return;
    if (previous.updated_at !== this.summary.updated_at) void this.load();
    else if (
      this.current?.id === this.summary.id &&
      this.current.updated_at === this.summary.updated_at &&
      (!sameLabels(this.current.labels, this.summary.labels) ||
        this.current.priority_id !== this.summary.priority_id)
    )
      this.current = { ...this.current, labels: this.summary.labels, priority_id: this.summary.priority_id };
  }

  protected override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLElement>("aside")?.focus();
  }

  private async load() {
    try {
      const [card, items, files, gate, watch] = await Promise.all([
        call("get_card", { params: { card_id: this.cardId } }),
        callAll("list_checklist", { params: { card_id: this.cardId } }),
        callAll("list_card_attachments", { params: { card_id: this.cardId } }),
        call("get_card_gate", { params: { card_id: this.cardId } }).catch(() => null),
        call("get_card_watch", { params: { card_id: this.cardId } }).catch(() => null),
      ]);
      this.current = card;
      this.watch = watch;
      this.checklist = items;
      this.files = files;
      this.gate = gate;
      this.error = "";
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  /** After the live socket was away: the card, its discussion and its activity, read again. */
  resync() {
    void this.load();
    void this.renderRoot.querySelector<BoardCardComments>("board-card-comments")?.load();
    void this.renderRoot.querySelector<BoardCardActivity>("board-card-activity")?.load();
  }

  private close() {
    emit(this, "close");
  }

  /** Runs a change, then reloads the panel (and its activity) and tells the board. */
  async change(work: () => Promise<unknown>, done?: string) {
    const worked = await attempt(work, done);
    // Reloaded either way: a refused change shows the card as it really is.
    await this.load();
    void this.renderRoot.querySelector<BoardCardActivity>("board-card-activity")?.load();
    if (worked) emit(this, "changed");
  }

  patchCard(fields: Record<string, unknown>) {
    return this.change(() => call("update_card", { params: { card_id: this.cardId }, body: fields }));
  }

  toggleAgent(open: boolean) {
    this.agentOpen = open;
  }

  private titleKey(event: KeyboardEvent) {
    // The title is one line of text that wraps: Enter saves it.
    if (event.key === "Enter") {
      event.preventDefault();
      (event.target as HTMLTextAreaElement).blur();
    }
  }

  private saveTitle(event: Event) {
    const input = event.target as HTMLTextAreaElement;
    const title = input.value.replace(/\s+/g, " ").trim();
    if (title && title !== this.current?.title) void this.patchCard({ title });
    else input.value = this.current?.title ?? "";
  }

  private async saveBody(event: SubmitEvent) {
    event.preventDefault();
    const body = String(new FormData(event.target as HTMLFormElement).get("body") ?? "");
    await this.patchCard({ body });
    this.editingBody = false;
  }

  private async archive() {
    const card = this.card;
    if (card.archived)
      return this.change(
        () => call("unarchive_card", { params: { card_id: card.id } }),
        `#${card.number} is back on the board.`,
      );
    await this.change(
      () => call("archive_card", { params: { card_id: card.id } }),
      `#${card.number} archived.`,
    );
  }

  private async toggleWatch() {
    const watching = this.watch?.watching ?? false;
    const done = await attempt(
      () =>
        watching
          ? call("unwatch_card", { params: { card_id: this.cardId } })
          : call("watch_card", { params: { card_id: this.cardId } }),
      watching
        ? `You no longer watch #${this.card.number}.`
        : `You watch #${this.card.number}: you hear of others' changes.`,
    );
    if (done)
      this.watch = await call("get_card_watch", { params: { card_id: this.cardId } }).catch(() => this.watch);
  }

  private renderActions(card: CardWithPlan) {
    const watching = this.watch?.watching ?? false;
    return html`<div class="actions" role="group" aria-label="Card actions">
      <button
        class="button small ${watching ? "active" : ""}"
        aria-pressed=${watching}
        title=${watching ? "You are notified when others change this card" : "Be notified when others change this card"}
        @click=${this.toggleWatch}
      >
        ${watching ? "Watching" : "Watch"}
      </button>
      ${
        this.work
          ? html`<board-card-handoff
                .card=${card}
                .data=${this.data}
                .me=${this.me}
                ${listen("changed", () => this.change(async () => {}))}
              ></board-card-handoff>
              <button class="button small" @click=${this.archive}>
                ${card.archived ? "Unarchive" : "Archive"}
              </button>
              <button class="button small danger" @click=${this.deleteCard}>Delete</button>`
          : nothing
      }
    </div>`;
  }

  /** No confirmation: the card goes to the project's trash, and the toast's Undo brings it back. */
  private async deleteCard() {
    const card = this.card;
    if (!(await attempt(() => call("delete_card", { params: { card_id: card.id } })))) return;
    toast(`Moved #${card.number} to the trash.`, "info", {
      label: "Undo",
      run: () =>
        void attempt(
          () => call("restore_card", { params: { card_id: card.id } }),
          `#${card.number} is back on the board.`,
        ),
    });
    emit(this, "changed");
    this.close();
  }

  /** "Move to…": moved through the board, then the panel reads the card (and its activity) again. */
  private async moveTo(columnId: string, position: number) {
    const card = this.summary ?? this.card;
    const moved = await this.move(card, columnId, position);
    await this.load();
    void this.renderRoot.querySelector<BoardCardActivity>("board-card-activity")?.load();
    const column = this.data.columns.find((candidate) => candidate.id === columnId);
    if (moved) toast(`Moved #${card.number} to ${column?.name ?? "the column"}, position ${position + 1}.`);
  }

  private renderHead(card: CardWithPlan) {
    const column = this.data.columns.find((candidate) => candidate.id === card.column_id);
    return html`<div class="head">
      <div class="top">
        <span class="number">#${card.number}</span>
        <label class="sr-only" for="title">Title</label>
        <textarea
          id="title"
          class="title"
          rows="1"
          .value=${card.title}
          ?disabled=${!this.work}
          maxlength="200"
          @keydown=${this.titleKey}
          @change=${this.saveTitle}
        ></textarea>
        <button class="icon-button close" aria-label="Close" @click=${this.close}>✕</button>
      </div>
      <div class="where">
        <p class="faint meta-line">
          In ${column?.name ?? "a column"} · created
          ${formatDateTime(card.created_at)}${card.archived ? " · archived" : ""}
        </p>
        ${
          this.work && !card.archived
            ? html`<board-card-move
                .card=${this.summary ?? card}
                .data=${this.data}
                .move=${(columnId: string, position: number) => this.moveTo(columnId, position)}
              ></board-card-move>`
            : nothing
        }
      </div>
    </div>`;
  }

  private renderDescription(card: CardWithPlan) {
    const handles = new Set(this.data.members.map((member) => member.handle));
    let body;
    if (this.editingBody)
      body = html`<form class="stack" @submit=${this.saveBody}>
        <label class="sr-only" for="body">Description (Markdown)</label>
        <textarea
          id="body"
          name="body"
          rows="8"
          .value=${card.body}
          placeholder="Markdown; @handle mentions a member"
        ></textarea>
        <div class="row">
          <button class="button small primary">Save</button>
          <button type="button" class="button small" @click=${() => (this.editingBody = false)}>
            Cancel
          </button>
        </div>
      </form>`;
    else if (card.body)
      body = html`<div class="body prose">${unsafeHTML(renderMarkdown(card.body, handles))}</div>`;
    else body = html`<p class="faint">No description.</p>`;
    return html`<section class="part desc" aria-labelledby="body-title">
      <h3 id="body-title">
        Description
        ${
          this.work && !this.editingBody
            ? html`<button class="button small ghost" @click=${() => (this.editingBody = true)}>Edit</button>`
            : nothing
        }
      </h3>
      ${body}
    </section>`;
  }

  private renderCard(card: CardWithPlan) {
    return html`<div class="layout">
      ${this.renderHead(card)} ${this.renderDescription(card)}
      <board-card-comments
        class="talk"
        .cardId=${card.id}
        .data=${this.data}
        .me=${this.me}
      ></board-card-comments>
      ${checklist(this)} ${attachments(this)}
      <board-card-activity
        class="activity"
        .cardId=${card.id}
        .data=${this.data}
        .me=${this.me}
      ></board-card-activity>
      ${cardSide(this, this.renderActions(card))}
    </div>`;
  }

  protected override render() {
    const card = this.current;
    return html`<div class="backdrop" @click=${this.close}></div>
      <aside
        role="dialog"
        aria-modal="true"
        aria-label=${card ? `Card #${card.number}` : "Card"}
        tabindex="-1"
      >
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
        ${card ? this.renderCard(card) : html`<p class="muted">Loading…</p>`}
      </aside>`;
  }
}
customElements.define("board-card-panel", BoardCardPanel);
