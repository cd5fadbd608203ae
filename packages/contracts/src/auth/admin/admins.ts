// Administrators: who may use the dashboard, and the invite links that make their first passkey.
import { ListQuery, listOf } from "../../pagination.ts";
import { z } from "../../zod.ts";
import { defineAuthOperations } from "../operations/spec.ts";
import { api, Id, Name, PathId, read, Timestamp, write } from "./common.ts";

export const AdminSchema = z
  .object({
    id: Id,
    email: z.string(),
    name: z.string(),
    status: z.enum(["invited", "active"]).openapi({ description: "active: has at least one passkey." }),
    passkey_count: z.number().int(),
    invite_issuer_removed: z.boolean().openapi({
      description:
        "Their first passkey was made through an invite link whose issuer has since been removed " +
        "(audited as admin_passkey_flagged): check with them that the passkey is theirs.",
    }),
    created_at: Timestamp,
  })
  .openapi("Admin");
export type Admin = z.infer<typeof AdminSchema>;

export const InviteAdminRequestSchema = z
  .object({ email: z.email().max(255), name: Name })
  .openapi("InviteAdminRequest");
export type InviteAdminRequest = z.infer<typeof InviteAdminRequestSchema>;

export const AdminInviteSchema = z
  .object({
    admin: AdminSchema,
    url: z.string().openapi({ description: "One-time link to create the admin's passkey." }),
    expiresAt: Timestamp,
  })
  .openapi("AdminInvite");
export type AdminInvite = z.infer<typeof AdminInviteSchema>;

export const AdminIdParams = z.object({ admin_id: PathId });
export const AdminListSchema = listOf(AdminSchema).openapi("AdminList");

export const adminAdminsOperations = defineAuthOperations([
  api({
    method: "get",
    path: "/admins",
    operationId: "listAdmins",
    summary: "Administrators (invited and active), oldest first.",
    query: ListQuery,
    response: AdminListSchema,
    errors: read,
  }),
  api({
    method: "post",
    path: "/admins",
    operationId: "inviteAdmin",
    summary:
      "Invite a new administrator: a link (24 h, single use) that makes their first passkey. An active " +
      "administrator's address is a conflict: they add passkeys from their own session (/me/passkeys). A pending " +
      "invitation is replaced only by its issuer or the root administrator (forbidden otherwise).",
    body: InviteAdminRequestSchema,
    status: 201,
    response: AdminInviteSchema,
    errors: [...write, "conflict"],
  }),
  api({
    method: "delete",
    path: "/admins/{admin_id}",
    operationId: "removeAdmin",
    summary:
      "Remove an administrator, at once on every instance: sessions revoked, passkeys, pending invites and " +
      "the invite links they issued deleted; passkeys made through those links are flagged. A pending administrator " +
      "is removed only by their invitation's issuer or the root administrator (forbidden otherwise).",
    params: AdminIdParams,
    status: 204,
    errors: [...write, "not_found", "conflict"],
  }),
]);
