import type { Handlers } from "../http/operation.ts";
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
} from "../services/projects.ts";
import { serviceContext, type RouteDeps } from "./deps.ts";

type ProjectOps = "list_projects" | "create_project" | "get_project" | "update_project" | "delete_project";

export const projectHandlers = (deps: RouteDeps): Pick<Handlers, ProjectOps> => ({
  list_projects: ({ actor, query }) => listProjects({ ...serviceContext(deps, actor), query }),
  create_project: ({ actor, body }) => createProject({ ...serviceContext(deps, actor), input: body }),
  get_project: ({ actor, params }) => getProject({ ...serviceContext(deps, actor), projectId: params.id }),
  update_project: ({ actor, params, body }) =>
    updateProject({ ...serviceContext(deps, actor), projectId: params.id, input: body }),
  delete_project: ({ actor, params }) =>
    deleteProject({ ...serviceContext(deps, actor), projectId: params.id }),
});
