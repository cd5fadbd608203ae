import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
} from "../services/projects.ts";
import type { Implementations } from "./types.ts";

export const projectImplementations = {
  list_projects: (ctx, { query }) => listProjects({ ...ctx, query }),
  create_project: (ctx, { body }) => createProject({ ...ctx, input: body }),
  get_project: (ctx, { params }) => getProject({ ...ctx, projectId: params.project_id }),
  update_project: (ctx, { params, body }) =>
    updateProject({ ...ctx, projectId: params.project_id, input: body }),
  delete_project: (ctx, { params }) => deleteProject({ ...ctx, projectId: params.project_id }),
} satisfies Partial<Implementations>;
