// One card on the board: number, title, labels, priority, due date, checklist, assignee, agent state.
import type { Card, Member, Priority } from "@org/contracts";
import { css, html, LitElement, nothing } from "lit";
import { styleProps } from "../../ui/style-props.ts";
import { formatDate, initials } from "../../format.ts";
import { base } from "../../styles.ts";

export class BoardCard extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        display: block;
      }
      .card {
        display: grid;
        gap: 7px;
        padding: 10px 12px;
        border: 1px solid var(--border);
        border-radius: 12px;
        background: var(--surface);
        box-shadow: var(--shadow);
        cursor: grab;
        transition:
          border-color 120ms ease,
          box-shadow 120ms ease;
      }
      .card:hover {
        border-color: var(--border-strong);
      }
      :host([archived]) .card {
        opacity: 0.6;
        border-style: dashed;
      }
      .top {
        display: flex;
        gap: 6px;
        align-items: baseline;
      }
      .number {
        color: var(--faint);
        font-size: 0.78rem;
        font-weight: 700;
        font-variant-numeric: tabular-nums;
      }
      .title {
        font-size: 0.93rem;
        font-weight: 600;
        line-height: 1.35;
        overflow-wrap: anywhere;
      }
      .meta {
        display: flex;
        flex-wrap: wrap;
        gap: 5px;
        align-items: center;
      }
      .meta .spacer {
        flex: 1;
      }
      .overdue {
        color: var(--bad);
      }
    `,
  ];
  static override properties = {
    card: { attribute: false },
    members: { attribute: false },
    priorities: { attribute: false },
    archived: { type: Boolean, reflect: true },
  };
  card!: Card;
  members: Member[] = [];
  priorities: Priority[] = [];
  archived = false;

  protected override willUpdate(): void {
    this.archived = this.card.archived;
  }

  protected override render() {
    const card = this.card;
    const assignee = this.members.find((member) => member.user_id === card.assignee_id);
    const priority = this.priorities.find((rung) => rung.id === card.priority_id);
    const claimed = card.claimed_by && card.claim_expires_at && new Date(card.claim_expires_at) > new Date();
    const overdue = card.due_at && new Date(card.due_at) < new Date();
    return html`<div class="card">
      <div class="top">
        <span class="number">#${card.number}</span><span class="title">${card.title}</span>
      </div>
      ${
        card.labels.length
          ? html`<div class="meta">
              ${card.labels.map(
                (label) =>
                  html`<span class="chip"
                    ><span class="dot" ${styleProps({ background: label.color })}></span>${label.name}</span
                  >`,
              )}
            </div>`
          : nothing
      }
      <div class="meta">
        ${
          priority
            ? html`<span class="chip"
                ><span class="dot" ${styleProps({ background: priority.color ?? "var(--faint)" })}></span
                >${priority.name}</span
              >`
            : nothing
        }
        ${card.owner_type === "agent" ? html`<span class="chip accent">agent</span>` : nothing}
        ${claimed ? html`<span class="chip warn" title="Claimed">● claimed</span>` : nothing}
        ${card.due_at ? html`<span class="chip ${overdue ? "overdue" : ""}">due ${formatDate(card.due_at)}</span>` : nothing}
        ${
          card.checklist_total
            ? html`<span class="chip">☑ ${card.checklist_done}/${card.checklist_total}</span>`
            : nothing
        }
        ${card.archived ? html`<span class="chip">archived</span>` : nothing}
        <span class="spacer"></span>
        ${assignee ? html`<span class="avatar" title=${assignee.name}>${initials(assignee.name)}</span>` : nothing}
      </div>
    </div>`;
  }
}
customElements.define("board-card", BoardCard);
