// One card on the board: number, title, labels, priority, due date, checklist, assignee, agent
// state. A template in the board's shadow root (not an element of its own): a board of a
// thousand cards builds a thousand of these, so each costs as little as it can.
import type { Card, Member, Priority } from "@org/contracts";
import { html, nothing } from "lit";
import { formatDate, initials } from "../../format.ts";
import { styleProps } from "../../ui/style-props.ts";

export interface TileContext {
  members: Map<string, Member>;
  priorities: Map<string, Priority>;
  now: number;
}

let maps:
  | { from: [Member[], Priority[]]; members: TileContext["members"]; priorities: TileContext["priorities"] }
  | undefined;

/**
 * What the tiles look up. The maps stay the same objects while the project's members and priorities
 * do, so a tile whose card did not change is not built again (board-column.ts guards on them).
 */
export function tileContext(members: Member[], priorities: Priority[]): TileContext {
  if (maps?.from[0] !== members || maps.from[1] !== priorities) {
    maps = {
      from: [members, priorities],
      members: new Map(members.map((member) => [member.user_id, member])),
      priorities: new Map(priorities.map((rung) => [rung.id, rung])),
    };
  }
  return { members: maps.members, priorities: maps.priorities, now: Date.now() };
}

const chipWithDot = (color: string, text: string) =>
  html`<span class="chip"><span class="dot" ${styleProps({ background: color })}></span>${text}</span>`;

export function cardTile(card: Card, context: TileContext) {
  const assignee = card.assignee_id ? context.members.get(card.assignee_id) : undefined;
  const priority = card.priority_id ? context.priorities.get(card.priority_id) : undefined;
  const claimed = card.claim_expires_at && Date.parse(card.claim_expires_at) > context.now;
  const overdue = card.due_at && Date.parse(card.due_at) < context.now;
  const meta =
    priority ||
    card.owner_type === "agent" ||
    claimed ||
    card.due_at ||
    card.checklist_total ||
    card.archived ||
    assignee;
  return html`<div class="tile ${card.archived ? "archived" : ""}">
    <div class="top"><span class="number">#${card.number}</span><span class="title">${card.title}</span></div>
    <span class="card-grip" data-drag-handle aria-hidden="true">⋮⋮</span>
    ${
      card.labels.length
        ? html`<div class="meta">${card.labels.map((label) => chipWithDot(label.color, label.name))}</div>`
        : nothing
    }
    ${
      meta
        ? html`<div class="meta">
            ${priority ? chipWithDot(priority.color ?? "var(--faint)", priority.name) : nothing}
            ${card.owner_type === "agent" ? html`<span class="chip accent">agent</span>` : nothing}
            ${claimed ? html`<span class="chip warn">● claimed</span>` : nothing}
            ${card.due_at ? html`<span class="chip ${overdue ? "overdue" : ""}">due ${formatDate(card.due_at)}</span>` : nothing}
            ${card.checklist_total ? html`<span class="chip">☑ ${card.checklist_done}/${card.checklist_total}</span>` : nothing}
            ${card.archived ? html`<span class="chip">archived</span>` : nothing}
            <span class="spacer"></span>
            ${assignee ? html`<span class="avatar" title=${assignee.name}>${initials(assignee.name)}</span>` : nothing}
          </div>`
        : nothing
    }
  </div>`;
}
