// Projects.
import { StorableUrl } from "../../text.ts";
import { z } from "../../zod.ts";
import { clearable, IdSchema, Name, TimestampSchema } from "./common.ts";
import { RoleSchema } from "./members.ts";

export const ProjectSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    repo_url: z.string().nullable(),
    role: RoleSchema.openapi({ description: "The caller's role in the project." }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Project");
export type Project = z.infer<typeof ProjectSchema>;

/** The columns a project template creates, in order; the last of `kanban` is a done column. */
export const PROJECT_TEMPLATES = {
  kanban: [
    { name: "Backlog", done: false },
    { name: "Todo", done: false },
    { name: "In progress", done: false },
    { name: "Review", done: false },
    { name: "Done", done: true },
  ],
} as const;
export type ProjectTemplate = keyof typeof PROJECT_TEMPLATES;

export const CreateProjectBody = z
  .strictObject({
    name: Name,
    repo_url: clearable(StorableUrl).optional(),
    template: z.enum(["kanban"]).optional().openapi({
      description:
        "kanban: the project starts with the columns Backlog, Todo, In progress, Review and Done (a done column). Without: no columns.",
    }),
  })
  .openapi("CreateProject");
export const UpdateProjectBody = z
  .strictObject({ name: Name.optional(), repo_url: clearable(StorableUrl).optional() })
  .openapi("UpdateProject");
