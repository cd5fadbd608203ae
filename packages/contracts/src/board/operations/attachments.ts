// Attachments: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { AttachmentSchema, UploadBody } from "../schemas/attachments.ts";
import type { z } from "../../zod.ts";
import { pathParams } from "../schemas/common.ts";
import {
  CREATE,
  defineOperations,
  type OperationSpec,
  DELETE,
  LIST_NOTE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  WRITE_ERRORS,
} from "./spec.ts";

/** The two multipart uploads (to a card, to a comment) differ only in path, target and summary. */
function uploadOperation<const Path extends string, P extends z.ZodObject>(
  path: Path,
  params: P,
  summary: string,
) {
  return {
    method: "post",
    path,
    summary,
    description:
      "multipart/form-data with exactly one field named `file` (none, another field or two files: " +
      `validation_failed); over 10 MB is payload_too_large and stores nothing. Needs member. ${ROLE_NOTE}`,
    group: "attachments",
    params,
    body: UploadBody,
    multipart: true,
    response: AttachmentSchema,
    status: 201,
    errors: [...WRITE_ERRORS, "payload_too_large"],
    hints: CREATE,
  } as const satisfies OperationSpec;
}

export const attachmentOperations = defineOperations({
  list_card_attachments: {
    method: "get",
    path: "/cards/{card_id}/attachments",
    summary: "List a card's attachments",
    description: `Files attached to the card itself (not to its comments), oldest first. ${LIST_NOTE}`,
    group: "attachments",
    params: pathParams({ card_id: "The card whose attachments to list." }),
    query: ListQuery,
    response: listOf(AttachmentSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  upload_card_attachment: uploadOperation(
    "/cards/{card_id}/attachments",
    pathParams({ card_id: "The card to attach the file to." }),
    "Attach a file to a card",
  ),
  list_comment_attachments: {
    method: "get",
    path: "/comments/{comment_id}/attachments",
    summary: "List a comment's attachments",
    description: `Files attached to the comment, oldest first. ${LIST_NOTE}`,
    group: "attachments",
    params: pathParams({ comment_id: "The comment whose attachments to list." }),
    query: ListQuery,
    response: listOf(AttachmentSchema),
    status: 200,
    errors: [...READ_ERRORS, "validation_failed"],
    hints: READ,
  },
  upload_comment_attachment: uploadOperation(
    "/comments/{comment_id}/attachments",
    pathParams({ comment_id: "The comment to attach the file to." }),
    "Attach a file to a comment",
  ),
  download_attachment: {
    method: "get",
    path: "/attachments/{attachment_id}",
    summary: "Download a file",
    description:
      "The exact bytes, always as a download: Content-Disposition attachment, X-Content-Type-Options " +
      "nosniff, Content-Security-Policy sandbox.",
    group: "attachments",
    params: pathParams({ attachment_id: "The file to download." }),
    binaryResponse: true,
    status: 200,
    errors: READ_ERRORS,
    hints: READ,
  },
  delete_attachment: {
    method: "delete",
    path: "/attachments/{attachment_id}",
    summary: "Delete a file",
    description: `Deletes the attachment and its stored file. Needs member. ${ROLE_NOTE}`,
    group: "attachments",
    params: pathParams({ attachment_id: "The file to delete." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
});
