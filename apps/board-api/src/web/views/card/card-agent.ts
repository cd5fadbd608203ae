// The agent workflow on a card, opened from its one-line summary in the card panel: who claimed it
// and until when, its latest plan, its entry gate and its findings. People can claim, release,
// acknowledge gate criteria and record findings here too.
import type { CardWithPlan, Finding, Gate, User } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call, callAll } from "../../api.ts";
import { formatDateTime, timeAgo } from "../../format.ts";
import { base, panelStyles } from "../../styles.ts";
import { attempt } from "../../ui/toast.ts";
import { canWork, type ProjectData } from "../board/board-data.ts";
import { cardAgentStyles } from "./card-agent.styles.ts";
import { emit } from "../../events.ts";

export class BoardCardAgent extends LitElement {
  static override styles = [base, panelStyles, cardAgentStyles];
  static override properties = {
    card: { attribute: false },
    data: { attribute: false },
    me: { attribute: false },
    gate: { state: true },
    findings: { state: true },
  };
  card!: CardWithPlan;
  data!: ProjectData;
  me: User | null = null;
  gate: Gate | null = null;
  findings: Finding[] = [];

  protected override willUpdate(changed: Map<string, unknown>): void {
    const previous = changed.get("card") as CardWithPlan | undefined;
    if (
      changed.has("card") &&
      (!previous || previous.id !== this.card.id || previous.updated_at !== this.card.updated_at)
    )
      void this.load();
  }

  private async load() {
    const [gate, findings] = await Promise.all([
      call("get_card_gate", { params: { card_id: this.card.id } }),
      callAll("list_findings", { params: { card_id: this.card.id } }),
    ]).catch(() => [null, []] as const);
    this.gate = gate;
    this.findings = [...findings];
  }

  private async act(work: () => Promise<unknown>, done?: string) {
    if (!(await attempt(work, done))) return;
    await this.load();
    emit(this, "changed");
  }

  private nameOf(userId: string | null) {
    if (!userId) return "someone";
    if (userId === this.me?.id) return "you";
    return this.data.members.find((member) => member.user_id === userId)?.name ?? "a former member";
  }

  private async addFinding(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const values = new FormData(form);
    const title = String(values.get("title") ?? "").trim();
    if (!title) return;
    await this.act(() =>
      call("create_finding", {
        params: { card_id: this.card.id },
        body: {
          // The form's selects offer only the kinds and severities the schema has.
          kind: String(values.get("kind")) as Finding["kind"],
          title,
          ...(values.get("severity")
            ? { severity: String(values.get("severity")) as NonNullable<Finding["severity"]> }
            : {}),
        },
      }),
    );
    form.reset();
  }

  private renderClaim(card: CardWithPlan, work: boolean) {
    const live = card.claimed_by && card.claim_expires_at && new Date(card.claim_expires_at) > new Date();
    return html`<div class="claim">
        <span
          >${
            live
              ? html`Claimed by <strong>${this.nameOf(card.claimed_by)}</strong> ${timeAgo(card.claimed_at!)},
                  lease until ${formatDateTime(card.claim_expires_at!)}`
              : html`<span class="muted">Not claimed</span>`
          }</span
        >
        ${
          work
            ? live
              ? html`<button
                  class="button small"
                  @click=${() => this.act(() => call("unclaim_card", { params: { card_id: card.id } }), "Claim released.")}
                >
                  Release
                </button>`
              : html`<button
                  class="button small"
                  @click=${() => this.act(() => call("claim_card", { params: { card_id: card.id } }), "Card claimed.")}
                >
                  Claim
                </button>`
            : nothing
        }
      </div>
      ${card.work_phase ? html`<p class="faint">Phase: ${card.work_phase}</p>` : nothing}`;
  }

  private renderPlan(card: CardWithPlan) {
    return html`<div>
      <strong>Plan</strong>
      ${
        card.plan
          ? html`<span class="faint">
                v${card.plan.version} by ${this.nameOf(card.plan.author_id)},
                ${timeAgo(card.plan.created_at)}</span
              >
              <p>${card.plan.summary}</p>
              ${
                card.plan.steps.length
                  ? html`<ol class="steps">
                      ${card.plan.steps.map((step) => html`<li>${step}</li>`)}
                    </ol>`
                  : nothing
              }`
          : html`<p class="faint">No plan published.</p>`
      }
    </div>`;
  }

  private renderGate(card: CardWithPlan, work: boolean) {
    const gate = this.gate;
    if (!gate) return nothing;
    const toggle = (criterionId: string) => (event: Event) =>
      this.act(() =>
        (event.target as HTMLInputElement).checked
          ? call("ack_gate_criterion", { params: { card_id: card.id }, body: { criterion_id: criterionId } })
          : call("remove_gate_ack", { params: { card_id: card.id, criterion_id: criterionId } }),
      );
    return html`<div>
      <strong>Entry gate</strong>
      <span class="chip ${gate.satisfied ? "" : "warn"}">${gate.satisfied ? "satisfied" : "waiting"}</span>
      ${
        gate.criteria.length
          ? html`<ul class="list gate">
              ${gate.criteria.map(
                (criterion) =>
                  html`<li>
                    <input
                      type="checkbox"
                      id="gate-${criterion.id}"
                      .checked=${criterion.acked}
                      ?disabled=${!work}
                      @change=${toggle(criterion.id)}
                    /><label for="gate-${criterion.id}">${criterion.text}</label>
                  </li>`,
              )}
            </ul>`
          : html`<p class="faint">No criteria apply.</p>`
      }
    </div>`;
  }

  private renderFindings(work: boolean) {
    return html`<div class="stack">
      <strong>Findings</strong>
      ${
        this.findings.length
          ? html`<ul class="list findings">
              ${this.findings.map(
                (finding) =>
                  html`<li>
                    <span
                      ><span class="chip">${finding.kind}</span>
                      ${finding.severity ? html`<span class="chip severity-${finding.severity}">${finding.severity}</span>` : nothing}
                      <strong>${finding.title}</strong></span
                    >
                    ${finding.body ? html`<span class="muted">${finding.body}</span>` : nothing}
                    <span class="faint"
                      >${this.nameOf(finding.author_id)}, ${timeAgo(finding.created_at)}</span
                    >
                  </li>`,
              )}
            </ul>`
          : html`<p class="faint">No findings.</p>`
      }
      ${
        work
          ? html`<form class="finding" @submit=${this.addFinding} aria-label="Record a finding">
              <select name="kind" aria-label="Kind">
                <option value="note">note</option>
                <option value="bug">bug</option>
                <option value="risk">risk</option>
                <option value="question">question</option>
              </select>
              <select name="severity" aria-label="Severity">
                <option value="">severity</option>
                <option value="low">low</option>
                <option value="medium">medium</option>
                <option value="high">high</option>
                <option value="critical">critical</option>
              </select>
              <input name="title" placeholder="What did you find?" maxlength="200" aria-label="Finding" />
              <button class="button small">Record</button>
            </form>`
          : nothing
      }
    </div>`;
  }

  protected override render() {
    const card = this.card;
    const work = canWork(this.data.project);
    return html`${this.renderClaim(card, work)} ${this.renderPlan(card)} ${this.renderGate(card, work)}
    ${this.renderFindings(work)}`;
  }
}
customElements.define("board-card-agent", BoardCardAgent);
