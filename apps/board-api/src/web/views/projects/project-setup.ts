// What a new project starts with, and setting it up once the project exists. The kanban template
// is made by the server with the project (one transaction); the others, and the priority ladder,
// are added by the page one request at a time. Each step first reads what the project already has
// and adds only what is missing, so after a failure half-way (a dropped connection) running the
// set-up again finishes it, in order, instead of doubling what was made.
import { call, callAll } from "../../api.ts";
import { PRIORITY_LADDER } from "../../palette.ts";

interface StartingColumn {
  name: string;
  /** A column of finished cards: agents never claim them; new columns go before it. */
  done: boolean;
}

export const TEMPLATES = {
  simple: {
    label: "To do, In progress, Done",
    columns: [
      { name: "To do", done: false },
      { name: "In progress", done: false },
      { name: "Done", done: true },
    ] as StartingColumn[],
  },
  kanban: { label: "Kanban: Backlog, Todo, In progress, Review, Done", server: "kanban" },
  empty: { label: "No columns", columns: [] as StartingColumn[] },
} as const;
export type Template = keyof typeof TEMPLATES;

/** The body of `POST /projects` for a template (the server makes the kanban columns). */
export function templateBody(template: Template): { template?: "kanban" } {
  const chosen = TEMPLATES[template];
  return "server" in chosen ? { template: chosen.server } : {};
}

/** What the set-up was doing when it failed, for the message. */
export class SetupError extends Error {
  constructor(
    readonly step: "columns" | "priorities",
    cause: Error,
  ) {
    super(cause.message);
    this.name = "SetupError";
  }
}

async function ensureColumns(projectId: string, wanted: readonly StartingColumn[]) {
  if (wanted.length === 0) return;
  const { data } = await call("get_board", { params: { project_id: projectId }, query: { cards_limit: 1 } });
  const have = new Set(data.map((column) => column.name));
  for (const column of wanted) {
    if (!have.has(column.name))
      await call("create_column", { params: { project_id: projectId }, body: column });
  }
}

async function ensurePriorities(projectId: string) {
  const have = new Set(
    (await callAll("list_priorities", { params: { project_id: projectId } })).map((rung) => rung.name),
  );
  for (const rung of PRIORITY_LADDER) {
    if (!have.has(rung.name))
      await call("create_priority", { params: { project_id: projectId }, body: rung });
  }
}

/** Adds the template's columns and (if asked) the priority ladder that the project lacks. */
export async function setUpProject(
  projectId: string,
  { template, priorities }: { template: Template; priorities: boolean },
): Promise<void> {
  const chosen = TEMPLATES[template];
  try {
    await ensureColumns(projectId, "columns" in chosen ? chosen.columns : []);
  } catch (error) {
    throw new SetupError("columns", error as Error);
  }
  if (!priorities) return;
  try {
    await ensurePriorities(projectId);
  } catch (error) {
    throw new SetupError("priorities", error as Error);
  }
}
