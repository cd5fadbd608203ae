// A tenant's users: who signed in (UserInfo) and the users API of the tenant's server (X-API-KEY).
import { DOT_SEGMENT_MESSAGE, isPathSafeId, StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { Id, Timestamp } from "./primitives.ts";

export const UserInfoSchema = z
  .object({
    id: Id,
    externalId: z.string(),
    displayName: z.string().optional(),
  })
  .openapi("UserInfo");
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** A user as its tenant's server sees it (users API). */
export const TenantUserSchema = z
  .object({
    id: Id,
    externalId: z.string(),
    displayName: z.string().nullable(),
    username: z.string().nullable(),
    hasPassword: z.boolean(),
    disabled: z.boolean(),
    passkeyCount: z.number().int(),
    createdAt: Timestamp,
  })
  .openapi("TenantUser");
export type TenantUser = z.infer<typeof TenantUserSchema>;

export const UpsertUserRequestSchema = z
  .object({
    externalId: StorableText.trim().min(1).max(255).refine(isPathSafeId, DOT_SEGMENT_MESSAGE),
    displayName: StorableText.trim().min(1).max(255).optional(),
    username: StorableText.trim().min(1).max(200).optional(),
    password: StorableText.min(8).max(1024).optional(),
  })
  .openapi("UpsertUserRequest");
export type UpsertUserRequest = z.infer<typeof UpsertUserRequestSchema>;

/** Paths refuse "." and "..": a URL parser resolves them to another path (issue 28). */
export const ExternalIdParams = z.object({
  external_id: StorableText.min(1).max(255).refine(isPathSafeId, DOT_SEGMENT_MESSAGE),
});
