// Projects: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import { CreateProjectBody, ProjectSchema, UpdateProjectBody } from "../schemas/projects.ts";
import {
  BASE,
  CREATE,
  defineOperations,
  DELETE,
  LIST_NOTE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  UPDATE,
  WRITE_ERRORS,
} from "./spec.ts";

export const projectOperations = defineOperations({
  list_projects: {
    method: "get",
    path: "/projects",
    summary: "List projects",
    description: `Projects the caller is a member of, oldest first, with the caller's role. ${LIST_NOTE}`,
    group: "projects",
    query: ListQuery,
    response: listOf(ProjectSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  create_project: {
    method: "post",
    path: "/projects",
    summary: "Create a project",
    description:
      "Creates a project with `name` and optional `repo_url` (an http:// or https:// address; anything else is validation_failed); the caller becomes its owner. " +
      '`template: "kanban"` also creates the columns Backlog, Todo, In progress, Review and Done (a done column); without it the project has no columns.',
    group: "projects",
    body: CreateProjectBody,
    response: ProjectSchema,
    status: 201,
    errors: [...BASE, "validation_failed"],
    hints: CREATE,
  },
  get_project: {
    method: "get",
    path: "/projects/{project_id}",
    summary: "Get a project",
    description: `One project. ${ROLE_NOTE}`,
    group: "projects",
    params: pathParams({ project_id: "The project to read." }),
    response: ProjectSchema,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  update_project: {
    method: "patch",
    path: "/projects/{project_id}",
    summary: "Update a project",
    description: `Changes name and/or repo_url (an http:// or https:// address; an empty string clears it). Needs admin. ${ROLE_NOTE}`,
    group: "projects",
    params: pathParams({ project_id: "The project to change." }),
    body: UpdateProjectBody,
    response: ProjectSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_project: {
    method: "delete",
    path: "/projects/{project_id}",
    summary: "Delete a project",
    description: `Destroys the project with all its columns, cards and files. Needs owner. ${ROLE_NOTE}`,
    group: "projects",
    params: pathParams({ project_id: "The project to delete, with everything in it." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
