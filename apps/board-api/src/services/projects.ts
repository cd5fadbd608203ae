import {
  PROJECT_TEMPLATES,
  type CreateProjectBody,
  type ListQuery,
  type Project,
  type Role,
  type UpdateProjectBody,
  type z,
} from "@org/contracts";
import type { ServiceContext } from "./context.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { callerMemberships, grantedProjects, NEEDS, requireRole } from "./permissions.ts";
import { ForbiddenError } from "@org/service-kit";
import { notFoundMessage } from "./not-found.ts";

interface ProjectRow {
  id: string;
  name: string;
  repoUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toProjectWire(project: ProjectRow, role: Role): Project {
  return {
    id: project.id,
    name: project.name,
    repo_url: project.repoUrl,
    role,
    created_at: iso(project.createdAt),
    updated_at: iso(project.updatedAt),
  };
}

export const PROJECT_NOT_FOUND = notFoundMessage("project_id");

export async function listProjects(ctx: ServiceContext & { query: ListQuery }) {
  const rows = await ctx.db.projectMember.findMany({
    where: callerMemberships(ctx.actor),
    orderBy: { id: "asc" },
    include: { project: true },
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, (row) => toProjectWire(row.project, row.role));
}

export async function createProject(ctx: ServiceContext & { input: z.output<typeof CreateProjectBody> }) {
  if (grantedProjects(ctx.actor)) {
    throw new ForbiddenError(
      "This app was connected for chosen projects only, and a new project would be outside them: " +
        "create it in the web app, then connect the app again choosing it.",
    );
  }
  const project = await ctx.db.project.create({
    data: {
      name: ctx.input.name,
      repoUrl: ctx.input.repo_url ?? null,
      members: { create: { userId: ctx.actor.id, role: "owner" } },
      ...(ctx.input.template
        ? {
            columns: {
              create: PROJECT_TEMPLATES[ctx.input.template].map(({ name, done }, position) => ({
                name,
                done,
                position,
              })),
            },
          }
        : {}),
    },
  });
  return toProjectWire(project, "owner");
}

export async function getProject(ctx: ServiceContext & { projectId: string }) {
  const role = await requireRole(ctx, ctx.projectId, NEEDS.read, PROJECT_NOT_FOUND);
  const project = await ctx.db.project.findUniqueOrThrow({ where: { id: ctx.projectId } });
  return toProjectWire(project, role);
}

export async function updateProject(
  ctx: ServiceContext & { projectId: string; input: z.output<typeof UpdateProjectBody> },
) {
  const role = await requireRole(ctx, ctx.projectId, NEEDS.manage, PROJECT_NOT_FOUND);
  const { name, repo_url } = ctx.input;
  const project = await ctx.db.project.update({
    where: { id: ctx.projectId },
    data: {
      ...(name !== undefined ? { name } : {}),
      ...(repo_url !== undefined ? { repoUrl: repo_url } : {}),
    },
  });
  return toProjectWire(project, role);
}

export async function deleteProject(ctx: ServiceContext & { projectId: string }) {
  await requireRole(ctx, ctx.projectId, NEEDS.own, PROJECT_NOT_FOUND);
  const files = await ctx.db.attachment.findMany({
    where: { projectId: ctx.projectId },
    select: { storageKey: true },
  });
  await ctx.db.project.delete({ where: { id: ctx.projectId } });
  await ctx.files.remove(files.map((file) => file.storageKey));
}
