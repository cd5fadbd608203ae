// What the board and the card panel read about a project, loaded together.
import type {
  BoardColumn,
  BoardEvent,
  BoardEventName,
  Card,
  Label,
  Member,
  Priority,
  Project,
} from "@org/contracts";
import { call, callAll } from "../../api.ts";

export interface ProjectData {
  project: Project;
  columns: BoardColumn[];
  members: Member[];
  labels: Label[];
  priorities: Priority[];
}

export async function loadProject(projectId: string, includeArchived = false): Promise<ProjectData> {
  const [project, board, members, labels, priorities] = await Promise.all([
    call("get_project", { params: { project_id: projectId } }),
    call("get_board", {
      params: { project_id: projectId },
      query: includeArchived ? { include_archived: "true" } : {},
    }),
    callAll("list_members", { params: { project_id: projectId } }),
    callAll("list_labels", { params: { project_id: projectId } }),
    callAll("list_priorities", { params: { project_id: projectId } }),
  ]);
  return { project, columns: board.data, members, labels, priorities };
}

export const canWork = (project: Project) => project.role !== "viewer";
export const canManage = (project: Project) => project.role === "owner" || project.role === "admin";

/** The board with `cardId` moved to `position` of `toColumnId` (what the server will answer). */
export function moveLocally(
  columns: BoardColumn[],
  cardId: string,
  toColumnId: string,
  position: number,
): BoardColumn[] {
  const card = columns.flatMap((column) => column.cards).find((candidate) => candidate.id === cardId);
  if (!card) return columns;
  return columns.map((column) => {
    const cards = column.cards.filter((candidate) => candidate.id !== cardId);
    if (column.id === toColumnId) {
      const at = Math.max(0, Math.min(position, cards.length));
      cards.splice(at, 0, { ...card, column_id: toColumnId });
    }
    return { ...column, cards: cards.map((candidate, index) => ({ ...candidate, position: index })) };
  });
}

/** The board with `columnId` moved to `position` among the columns (what the server will answer). */
export function moveColumnLocally(columns: BoardColumn[], columnId: string, position: number): BoardColumn[] {
  const column = columns.find((candidate) => candidate.id === columnId);
  if (!column) return columns;
  const rest = columns.filter((candidate) => candidate.id !== columnId);
  rest.splice(Math.max(0, Math.min(position, rest.length)), 0, column);
  return rest.map((candidate, index) => ({ ...candidate, position: index }));
}

/** Where a new column goes unless the person picks a place: before the done columns that end the board. */
export function newColumnPosition(columns: readonly Pick<BoardColumn, "done">[]): number {
  let position = columns.length;
  while (position > 0 && columns[position - 1]!.done) position -= 1;
  return position;
}

/** One place a card can be moved to in a column: what it is called and its position there. */
export interface MovePlace {
  label: string;
  position: number;
}

/**
 * Where `cardId` can go in `column` ("Move to…"): the top, after each of the column's other cards,
 * the bottom, with the positions move_card takes (the card's index among the column's other
 * unarchived cards). An empty column has one place, the top.
 */
export function movePlaces(column: Pick<BoardColumn, "cards">, cardId: string): MovePlace[] {
  const others = column.cards.filter((card) => card.id !== cardId && !card.archived);
  if (others.length === 0) return [{ label: "Top", position: 0 }];
  return [
    { label: "Top", position: 0 },
    ...others.slice(0, -1).map((card, index) => ({
      label: `After #${card.number} ${card.title}`,
      position: index + 1,
    })),
    { label: "Bottom", position: others.length },
  ];
}

/**
 * What a live event does to the board's columns: the cards it carries put in their place (the
 * others of the columns it touches renumbered, as the server did); a label renamed, recoloured or
 * deleted changed on every card that carries it, a deleted priority taken off its cards; "unchanged"
 * for what no tile shows (comments, gates, findings, a new label, any other priority change: tiles
 * look priorities up by id in the project's list, patchPriorities); "reload" for what only a fresh
 * read knows (a column's change, a card in a column this board does not have, or naming a member or
 * priority it has not loaded). Archived cards leave the board.
 */
export function patchBoard(
  columns: BoardColumn[],
  event: BoardEvent,
  /** Whether the board has loaded the member and priority the card names (if not: "reload"). */
  knows: (card: Card) => boolean = () => true,
): BoardColumn[] | "reload" | "unchanged" {
  const type: BoardEventName = event.type;
  switch (type) {
    case "card.created":
    case "card.updated":
    case "card.moved":
    case "card.archived":
    case "card.unarchived":
    case "card.restored":
    case "card.claimed":
    case "card.unclaimed":
    case "card.handed_off":
      return placeCards(columns, [event.data.card as Card], knows);
    case "card.decomposed":
      return placeCards(columns, [event.data.parent as Card, ...(event.data.children as Card[])], knows);
    case "card.deleted":
      return withoutCards(columns, new Set([event.data.card_id as string]));
    case "column.created":
    case "column.updated":
    case "column.deleted":
      return "reload";
    case "label.updated": {
      const label = event.data.label as Label;
      return relabelCards(columns, label.id, (labels) =>
        labels.map((on) => (on.id === label.id ? { id: on.id, name: label.name, color: label.color } : on)),
      );
    }
    case "label.deleted": {
      const labelId = event.data.label_id as string;
      return relabelCards(columns, labelId, (labels) => labels.filter((on) => on.id !== labelId));
    }
    case "priority.deleted": {
      // The foreign key cleared it on the cards that carried it.
      const priorityId = event.data.priority_id as string;
      return changeCards(
        columns,
        (card) => card.priority_id === priorityId,
        (card) => ({ ...card, priority_id: null }),
      );
    }
    case "label.created":
    case "priority.created":
    case "priority.updated":
    case "card.blocker_added":
    case "card.blocker_removed":
    case "plan.published":
    case "comment.created":
    case "comment.updated":
    case "comment.deleted":
    case "gate.criterion_created":
    case "gate.criterion_updated":
    case "gate.criterion_deleted":
    case "gate.acked":
    case "gate.ack_removed":
    case "attention.changed":
    case "finding.created":
    case "notification.created":
    case "invitation.created":
    case "invitation.deleted":
      return "unchanged";
  }
}

function placeCards(
  columns: BoardColumn[],
  cards: Card[],
  knows: (card: Card) => boolean,
): BoardColumn[] | "reload" {
  if (!cards.every(knows)) return "reload";
  let patched = withoutCards(columns, new Set(cards.map((card) => card.id)));
  for (const card of cards) {
    if (card.archived) continue;
    const column = patched.find((candidate) => candidate.id === card.column_id);
    if (!column) return "reload";
    const placed = [...column.cards];
    placed.splice(Math.max(0, Math.min(card.position, placed.length)), 0, card);
    patched = patched.map((candidate) =>
      candidate === column ? { ...column, cards: renumbered(placed) } : candidate,
    );
  }
  return patched;
}

/** The columns without these cards; the columns that held one renumbered, the rest unchanged. */
function withoutCards(columns: BoardColumn[], ids: Set<string>): BoardColumn[] {
  return columns.map((column) =>
    column.cards.some((card) => ids.has(card.id))
      ? { ...column, cards: renumbered(column.cards.filter((card) => !ids.has(card.id))) }
      : column,
  );
}

/**
 * The cards `carries` picks with `change` made to them (a label's or priority's change: their
 * updated_at stays as it was); the other cards and columns the same objects.
 */
function changeCards(
  columns: BoardColumn[],
  carries: (card: Card) => boolean,
  change: (card: Card) => Card,
): BoardColumn[] {
  if (!columns.some((column) => column.cards.some(carries))) return columns;
  return columns.map((column) =>
    column.cards.some(carries)
      ? { ...column, cards: column.cards.map((card) => (carries(card) ? change(card) : card)) }
      : column,
  );
}

/** The cards that carry `labelId` with `change` made to their labels (kept in the server's order). */
const relabelCards = (
  columns: BoardColumn[],
  labelId: string,
  change: (labels: Card["labels"]) => Card["labels"],
) =>
  changeCards(
    columns,
    (card) => card.labels.some((label) => label.id === labelId),
    (card) => ({ ...card, labels: change(card.labels).sort(byName) }),
  );

/**
 * The server's order of labels (ORDER BY name, id) as the database's C collation sorts them; under
 * another collation a renamed label may sit elsewhere after the next read, nothing more.
 */
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1;

/** The project's labels (the pickers' and the search filter's list) after a live event. */
function patchLabels(labels: Label[], event: BoardEvent): Label[] {
  switch (event.type) {
    case "label.created": {
      const label = event.data.label as Label;
      return labels.some((known) => known.id === label.id) ? labels : [...labels, label].sort(byName);
    }
    case "label.updated": {
      const label = event.data.label as Label;
      return labels.map((known) => (known.id === label.id ? label : known)).sort(byName);
    }
    case "label.deleted":
      return labels.filter((known) => known.id !== event.data.label_id);
    default:
      return labels;
  }
}

/**
 * The project's priority ladder (the tiles' chips, the card panel's select, the search filter) after
 * a live event: a move is one priority.updated at its new position, the others renumbered around it
 * as the server did; a deletion moves the ones below up one.
 */
function patchPriorities(priorities: Priority[], event: BoardEvent): Priority[] {
  switch (event.type) {
    case "priority.created":
    case "priority.updated": {
      const priority = event.data.priority as Priority;
      const rest = priorities.filter((known) => known.id !== priority.id);
      rest.splice(Math.max(0, Math.min(priority.position, rest.length)), 0, priority);
      return rungsNumbered(rest);
    }
    case "priority.deleted":
      return priorities.some((known) => known.id === event.data.priority_id)
        ? rungsNumbered(priorities.filter((known) => known.id !== event.data.priority_id))
        : priorities;
    default:
      return priorities;
  }
}

/** Positions 0, 1, 2… in this order; a rung already in its place stays the same object. */
const rungsNumbered = (priorities: Priority[]) =>
  priorities.map((rung, position) => (rung.position === position ? rung : { ...rung, position }));

/** Positions 0, 1, 2… in this order; a card already in its place stays the same object. */
const renumbered = (cards: Card[]) =>
  cards.map((card, position) => (card.position === position ? card : { ...card, position }));

/**
 * The project with a frame's live events patched in (patchBoard, patchLabels, patchPriorities), the
 * same object if they changed nothing; "reload" where one cannot be, or names a member or priority
 * not loaded (a newcomer; a priority made earlier in the frame is loaded).
 */
export function patchProject(data: ProjectData, events: BoardEvent[]): ProjectData | "reload" {
  let columns = data.columns;
  let labels = data.labels;
  let priorities = data.priorities;
  const knows = (card: Card) =>
    (!card.assignee_id || data.members.some((member) => member.user_id === card.assignee_id)) &&
    (!card.priority_id || priorities.some((rung) => rung.id === card.priority_id));
  for (const event of events) {
    priorities = patchPriorities(priorities, event);
    const patched = patchBoard(columns, event, knows);
    if (patched === "reload") return "reload";
    if (patched !== "unchanged") columns = patched;
    labels = patchLabels(labels, event);
  }
  return columns === data.columns && labels === data.labels && priorities === data.priorities
    ? data
    : { ...data, columns, labels, priorities };
}
