import type { Attachment, ListQuery } from "@org/contracts";
import { recordActivity } from "./activity.ts";
import { authorizeCard, refuseInTrash } from "./card-access.ts";
import { authorizeComment } from "./comments.ts";
import { PayloadTooLargeError } from "@org/service-kit";
import { TX_OPTIONS, type ServiceContext, type Tx } from "./context.ts";
import type { StoredFile } from "./file-store.ts";
import { iso, pageArgs, toPage } from "./pagination.ts";
import { loadAuthorized, NEEDS } from "./permissions.ts";
import { notFoundMessage } from "./not-found.ts";

interface AttachmentRow {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  cardId: string | null;
  commentId: string | null;
  uploaderId: string;
  createdAt: Date;
}

function toAttachmentWire(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.contentType,
    size: row.size,
    sha256: row.sha256,
    card_id: row.cardId,
    comment_id: row.commentId,
    uploader_id: row.uploaderId,
    created_at: iso(row.createdAt),
  };
}

const ATTACHMENT_NOT_FOUND = notFoundMessage("attachment_id");

/** What an attachment hangs on. */
export type AttachmentTarget = { kind: "card"; id: string } | { kind: "comment"; id: string };

/** The target's project after checking the caller's role on it. */
async function authorizeTarget(
  ctx: ServiceContext,
  target: AttachmentTarget,
  needed: (typeof NEEDS)[keyof typeof NEEDS],
) {
  if (target.kind === "card") return (await authorizeCard(ctx, target.id, needed)).projectId;
  return (await authorizeComment(ctx, target.id, needed)).row.card.projectId;
}

export async function listAttachments(ctx: ServiceContext & { target: AttachmentTarget; query: ListQuery }) {
  await authorizeTarget(ctx, ctx.target, NEEDS.read);
  const rows = await ctx.db.attachment.findMany({
    where: ctx.target.kind === "card" ? { cardId: ctx.target.id } : { commentId: ctx.target.id },
    orderBy: { id: "asc" },
    ...pageArgs(ctx.query),
  });
  return toPage(ctx.query, rows, toAttachmentWire);
}

/** Checked before any byte is stored: the caller may attach files to the target, and has room. */
export async function authorizeUpload(ctx: ServiceContext & { target: AttachmentTarget }): Promise<string> {
  const projectId = await authorizeTarget(ctx, ctx.target, NEEDS.work);
  await assertRoom(ctx, ctx.db, projectId, 1);
  return projectId;
}

const shown = (bytes: number) =>
  bytes < 1024 ** 2
    ? `${bytes} bytes`
    : `${bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`} (${bytes} bytes)`;

/**
 * The attachment quotas (issue 28: uploads had no limit but the 10 MB per file): a project holds at
 * most ATTACHMENT_QUOTA_PROJECT_BYTES in all, and a user's uploads, across projects, at most
 * ATTACHMENT_QUOTA_USER_BYTES. A file that would pass either is `413 payload_too_large` naming it.
 */
async function assertRoom(
  ctx: ServiceContext,
  db: Tx | ServiceContext["db"],
  projectId: string,
  size: number,
) {
  const quota = ctx.attachmentQuota;
  if (!quota) return;
  const [project, user] = await Promise.all([
    db.attachment.aggregate({ _sum: { size: true }, where: { projectId } }),
    db.attachment.aggregate({ _sum: { size: true }, where: { uploaderId: ctx.actor.id } }),
  ]);
  const projectUsed = project._sum.size ?? 0;
  const userUsed = user._sum.size ?? 0;
  if (projectUsed + size > quota.projectBytes) {
    throw new PayloadTooLargeError(
      `This project's attachments are limited to ${shown(quota.projectBytes)} in all ` +
        `(ATTACHMENT_QUOTA_PROJECT_BYTES); ${shown(projectUsed)} are used, and this file needs ${shown(size)}: ` +
        "delete attachments the project no longer needs, or ask the operator to raise the quota.",
    );
  }
  if (userUsed + size > quota.userBytes) {
    throw new PayloadTooLargeError(
      `Your attachments are limited to ${shown(quota.userBytes)} in all, across projects ` +
        `(ATTACHMENT_QUOTA_USER_BYTES); ${shown(userUsed)} are used, and this file needs ${shown(size)}: ` +
        "delete attachments you no longer need, or ask the operator to raise the quota.",
    );
  }
}

/** Records a file already streamed to the store; if that fails, the file is removed. */
export async function recordAttachment(
  ctx: ServiceContext & {
    target: AttachmentTarget;
    projectId: string;
    stored: StoredFile;
    filename: string;
    contentType: string;
  },
): Promise<Attachment> {
  try {
    // One upload at a time per project and per uploader between the quota check and the insert.
    const row = await ctx.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`attachments:${ctx.projectId}`})),
        pg_advisory_xact_lock(hashtext(${`attachments:${ctx.actor.id}`}))`;
      await assertRoom(ctx, tx, ctx.projectId, ctx.stored.size);
      return tx.attachment.create({
        data: {
          projectId: ctx.projectId,
          ...(ctx.target.kind === "card" ? { cardId: ctx.target.id } : { commentId: ctx.target.id }),
          uploaderId: ctx.actor.id,
          filename: ctx.filename,
          contentType: ctx.contentType,
          size: ctx.stored.size,
          sha256: ctx.stored.sha256,
          storageKey: ctx.stored.storageKey,
        },
      });
    }, TX_OPTIONS);
    const attachment = toAttachmentWire(row);
    if (ctx.target.kind === "card") {
      await recordActivity(ctx, ctx.target.id, "attachment_added", {
        attachment_id: attachment.id,
        filename: attachment.filename,
      });
    }
    return attachment;
  } catch (error) {
    await ctx.files.remove([ctx.stored.storageKey]);
    throw error;
  }
}

async function authorizeAttachment(
  ctx: ServiceContext,
  attachmentId: string,
  needed: (typeof NEEDS)[keyof typeof NEEDS],
) {
  const authorized = await loadAuthorized(
    ctx,
    ctx.db.attachment.findUnique({
      where: { id: attachmentId },
      include: {
        card: { select: { deletedAt: true } },
        comment: { select: { card: { select: { deletedAt: true } } } },
      },
    }),
    (attachment) => attachment.projectId,
    needed,
    ATTACHMENT_NOT_FOUND,
  );
  const { card, comment } = authorized.row;
  refuseInTrash(card?.deletedAt ?? comment?.card.deletedAt);
  return authorized;
}

/** The attachment record and where its bytes are. */
export async function openAttachment(ctx: ServiceContext & { attachmentId: string }) {
  const { row } = await authorizeAttachment(ctx, ctx.attachmentId, NEEDS.read);
  return { attachment: toAttachmentWire(row), path: ctx.files.pathOf(row.storageKey) };
}

export async function deleteAttachment(ctx: ServiceContext & { attachmentId: string }) {
  const { row } = await authorizeAttachment(ctx, ctx.attachmentId, NEEDS.work);
  await ctx.db.attachment.delete({ where: { id: ctx.attachmentId } });
  await ctx.files.remove([row.storageKey]);
}
