// "Hand off…" in the card panel: the person who takes the card over (or nobody: back to the pool),
// the phase it is in, and a note for them; sent with the handoff operation (handoff_card), which
// releases the claim, assigns the person, keeps the note in the discussion and notifies them.
import type { CardWithPlan, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call } from "../../api.ts";
import { base, panelStyles } from "../../styles.ts";
import { attempt } from "../../ui/toast.ts";
import type { ProjectData } from "../board/board-data.ts";
import { cardHandoffStyles } from "./card-handoff.styles.ts";
import { emit } from "../../events.ts";

/** @event changed - the card was handed off: the panel reloads. */
export class BoardCardHandoff extends LitElement {
  static override styles = [base, panelStyles, cardHandoffStyles];
  static override properties = {
    card: { attribute: false },
    data: { attribute: false },
    me: { attribute: false },
    open: { state: true },
    sending: { state: true },
  };
  card!: CardWithPlan;
  data!: ProjectData;
  me: User | null = null;
  open = false;
  sending = false;

  private async toggle(open: boolean) {
    this.open = open;
    await this.updateComplete;
    if (open) this.renderRoot.querySelector<HTMLSelectElement>("#handoff-to")?.focus();
    else this.renderRoot.querySelector<HTMLButtonElement>(".opener")?.focus();
  }

  private async send(event: SubmitEvent) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const to = String(form.get("to") ?? "");
    const note = String(form.get("note") ?? "").trim();
    const phase = String(form.get("phase") ?? "").trim();
    if (!note) return;
    const name = this.data.members.find((member) => member.user_id === to)?.name;
    this.sending = true;
    const sent = await attempt(
      () =>
        call("handoff_card", {
          params: { card_id: this.card.id },
          body: {
            note,
            ...(to ? { to_user_id: to } : {}),
            work_phase: phase,
          },
        }),
      name ? `#${this.card.number} handed to ${name}.` : `#${this.card.number} handed back to the pool.`,
    );
    this.sending = false;
    if (!sent) return;
    this.open = false;
    emit(this, "changed");
  }

  private renderForm() {
    const others = this.data.members.filter((member) => member.user_id !== this.me?.id);
    return html`<form
      class="stack handoff"
      aria-label="Hand off #${this.card.number}"
      @submit=${this.send}
      @keydown=${(event: KeyboardEvent) =>
        event.key === "Escape" && (event.preventDefault(), event.stopPropagation(), void this.toggle(false))}
    >
      <label class="field"
        >To
        <select id="handoff-to" name="to">
          ${others.map((member) => html`<option value=${member.user_id}>${member.name}</option>`)}
          <option value="">Nobody (back to the pool)</option>
        </select></label
      >
      <label class="field"
        >Phase
        <input name="phase" maxlength="200" placeholder="e.g. review" .value=${this.card.work_phase ?? ""}
      /></label>
      <label class="field"
        >Note
        <textarea
          name="note"
          rows="3"
          required
          placeholder="What is done, what is left, where to start."
        ></textarea>
      </label>
      <p class="faint">The note goes into the discussion; the person is assigned and notified.</p>
      <div class="row">
        <button class="button small primary" ?disabled=${this.sending}>Hand off</button>
        <button type="button" class="button small ghost" @click=${() => this.toggle(false)}>Cancel</button>
      </div>
    </form>`;
  }

  protected override render() {
    if (this.card.archived) return nothing;
    return this.open
      ? this.renderForm()
      : html`<button class="button small opener" aria-expanded="false" @click=${() => this.toggle(true)}>
          Hand off…
        </button>`;
  }
}
customElements.define("board-card-handoff", BoardCardHandoff);

declare global {
  interface HTMLElementTagNameMap {
    "board-card-handoff": BoardCardHandoff;
  }
}
