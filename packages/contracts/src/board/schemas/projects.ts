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

export const CreateProjectBody = z
  .strictObject({ name: Name, repo_url: clearable(StorableUrl).optional() })
  .openapi("CreateProject");
export const UpdateProjectBody = z
  .strictObject({ name: Name.optional(), repo_url: clearable(StorableUrl).optional() })
  .openapi("UpdateProject");
