// The card's details, beside the discussion: column, assignee, due date, priority, owner, work
// phase, labels, and the agent's state as one line that opens on demand.
import type { CardWithPlan, Gate, User } from "@org/contracts";
import { html, nothing } from "lit";
import { call } from "../../api.ts";
import { dateInputValue, formatDateTime } from "../../format.ts";
import { styleProps } from "../../ui/style-props.ts";
import { canManage, type ProjectData } from "../board/board-data.ts";
import "./card-agent.ts";
import "./label-picker.ts";
import { listen } from "../../listen.ts";

export interface CardSideHost {
  data: ProjectData;
  card: CardWithPlan;
  gate: Gate | null;
  /** The member may change the card. */
  work: boolean;
  me: User | null;
  /** The agent section is open (its gate and findings are loaded only then). */
  agentOpen: boolean;
  toggleAgent(open: boolean): void;
  change(work: () => Promise<unknown>, done?: string): Promise<void>;
  patchCard(fields: Record<string, unknown>): Promise<void>;
}

const valueOf = (event: Event) => (event.target as HTMLInputElement | HTMLSelectElement).value;

function fields(host: CardSideHost) {
  const { card, work } = host;
  const { members, priorities, columns } = host.data;
  return html`<div class="fields">
    <label class="field"
      >Column
      <select
        ?disabled=${!work || card.archived}
        @change=${(event: Event) =>
          host.change(() =>
            call("move_card", { params: { card_id: card.id }, body: { to_column_id: valueOf(event) } }),
          )}
      >
        ${columns.map((column) => html`<option value=${column.id} ?selected=${column.id === card.column_id}>${column.name}</option>`)}
      </select></label
    >
    <label class="field"
      >Assignee
      <select ?disabled=${!work} @change=${(event: Event) => host.patchCard({ assignee_id: valueOf(event) })}>
        <option value="" ?selected=${!card.assignee_id}>Nobody</option>
        ${members.map(
          (member) =>
            html`<option value=${member.user_id} ?selected=${member.user_id === card.assignee_id}>
              ${member.name}${member.user_id === host.me?.id ? " (you)" : ""}
            </option>`,
        )}
      </select></label
    >
    <label class="field"
      >Due date
      <input
        type="date"
        ?disabled=${!work}
        .value=${dateInputValue(card.due_at)}
        @change=${(event: Event) => host.patchCard({ due_at: valueOf(event) })}
    /></label>
    <label class="field"
      >Priority
      <select ?disabled=${!work} @change=${(event: Event) => host.patchCard({ priority_id: valueOf(event) })}>
        <option value="" ?selected=${!card.priority_id}>None</option>
        ${priorities.map((rung) => html`<option value=${rung.id} ?selected=${rung.id === card.priority_id}>${rung.name}</option>`)}
      </select></label
    >
    <label class="field"
      >Owner
      <select ?disabled=${!work} @change=${(event: Event) => host.patchCard({ owner_type: valueOf(event) })}>
        <option value="human" ?selected=${card.owner_type === "human"}>A person</option>
        <option value="agent" ?selected=${card.owner_type === "agent"}>An agent</option>
      </select></label
    >
    <label class="field"
      >Work phase
      <input
        ?disabled=${!work}
        .value=${card.work_phase ?? ""}
        placeholder="e.g. review"
        maxlength="200"
        @change=${(event: Event) => host.patchCard({ work_phase: valueOf(event).trim() })}
    /></label>
  </div>`;
}

function labels(host: CardSideHost) {
  const { card, work } = host;
  return html`<div class="labels" role="group" aria-label="Labels">
    ${card.labels.map(
      (label) =>
        html`<span class="chip"
          ><span class="dot" ${styleProps({ background: label.color })}></span>${label.name}
          ${
            work
              ? html`<button
                  aria-label="Remove label ${label.name}"
                  @click=${() => host.change(() => call("detach_label", { params: { card_id: card.id, label_id: label.id } }))}
                >
                  ×
                </button>`
              : nothing
          }</span
        >`,
    )}
    ${
      work
        ? html`<board-label-picker
            .card=${card}
            .labels=${host.data.labels}
            ?manage=${canManage(host.data.project)}
            .change=${(run: () => Promise<unknown>, done?: string) => host.change(run, done)}
          ></board-label-picker>`
        : nothing
    }
    ${!work && !card.labels.length ? html`<span class="faint">No labels.</span>` : nothing}
  </div>`;
}

/** "Claimed by Ada · lease until 14:30 · plan v2 · gate waiting": the agent's state in one line. */
export function agentSummary(host: CardSideHost) {
  const { card, gate } = host;
  const live = card.claimed_by && card.claim_expires_at && Date.parse(card.claim_expires_at) > Date.now();
  const holder =
    card.claimed_by === host.me?.id
      ? "you"
      : (host.data.members.find((member) => member.user_id === card.claimed_by)?.name ?? "someone");
  const parts = [
    live ? html`Claimed by <strong>${holder}</strong>` : html`Not claimed`,
    live ? html`lease until ${formatDateTime(card.claim_expires_at!)}` : nothing,
    card.plan ? html`plan v${card.plan.version}` : html`no plan`,
    gate && gate.criteria.length ? html`gate ${gate.satisfied ? "satisfied" : "waiting"}` : nothing,
  ].filter((part) => part !== nothing);
  return html`${parts.map((part, index) => html`${index ? html`<span aria-hidden="true">·</span>` : nothing}<span>${part}</span>`)}`;
}

/** The details column; `actions` (archive, delete) close it. */
export function cardSide(host: CardSideHost, actions: unknown = nothing) {
  return html`<section class="side" aria-label="Details">
    ${fields(host)} ${labels(host)}
    <details
      class="agent"
      @toggle=${(event: Event) => host.toggleAgent((event.target as HTMLDetailsElement).open)}
    >
      <summary><strong>Agent</strong> <span aria-hidden="true">·</span> ${agentSummary(host)}</summary>
      ${
        host.agentOpen
          ? html`<board-card-agent
              .card=${host.card}
              .data=${host.data}
              .me=${host.me}
              ${listen("changed", () => host.change(async () => {}))}
            ></board-card-agent>`
          : nothing
      }
    </details>
    ${actions}
  </section>`;
}
