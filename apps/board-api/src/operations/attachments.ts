import { deleteAttachment, listAttachments } from "../services/attachments.ts";
import type { Implementations } from "./types.ts";

export const attachmentImplementations = {
  list_card_attachments: (ctx, { params, query }) =>
    listAttachments({ ...ctx, target: { kind: "card", id: params.card_id }, query }),
  list_comment_attachments: (ctx, { params, query }) =>
    listAttachments({ ...ctx, target: { kind: "comment", id: params.comment_id }, query }),
  delete_attachment: (ctx, { params }) => deleteAttachment({ ...ctx, attachmentId: params.attachment_id }),
} satisfies Partial<Implementations>;
