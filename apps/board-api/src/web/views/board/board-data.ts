// What the board and the card panel read about a project, loaded together.
import type { BoardColumn, Label, Member, Priority, Project } from "@org/contracts";
import { api } from "../../api.ts";

export interface ProjectData {
  project: Project;
  columns: BoardColumn[];
  members: Member[];
  labels: Label[];
  priorities: Priority[];
}

export async function loadProject(projectId: string, includeArchived = false): Promise<ProjectData> {
  const [project, board, members, labels, priorities] = await Promise.all([
    api.get<Project>(`/projects/${projectId}`),
    api.get<{ data: BoardColumn[] }>(
      `/projects/${projectId}/columns${includeArchived ? "?include_archived=true" : ""}`,
    ),
    api.all<Member>(`/projects/${projectId}/members`),
    api.all<Label>(`/projects/${projectId}/labels`),
    api.all<Priority>(`/projects/${projectId}/priorities`),
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
