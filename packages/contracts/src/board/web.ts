// Wire schemas of the web app's own endpoints (/app/auth/*, /app/account/*): sign-up, sign-in and
// the session. Not part of /api/v1: only the web app's pages call them.
import { StorableText } from "../text.ts";
import { z } from "../zod.ts";
import { HandleSchema, UserSchema } from "./schemas/me.ts";

export const SignupRequestSchema = z.strictObject({
  email: StorableText.trim()
    .toLowerCase()
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "A valid email address is required."),
  name: StorableText.trim().min(1, "Your name is required.").max(200),
  /** The handle the person chose; absent: one derived from the name. */
  handle: HandleSchema.optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** A sign-up in progress: what the account will be once its passkey exists. */
export const PendingSignupSchema = z.object({
  email: z.string(),
  name: z.string(),
  handle: z.string(),
  /** Whether the board will mail the address a link to confirm it once the account exists (mail is set up). */
  verification_mail: z.boolean(),
});
export type PendingSignup = z.infer<typeof PendingSignupSchema>;

export const SignInRequestSchema = z.strictObject({
  challengeId: StorableText.min(1).max(200),
});

/** The signed-in user and the CSRF token their page sends as X-CSRF-Token on every change. */
export const WebSessionSchema = z.object({ user: UserSchema, csrf_token: z.string() });
export type WebSessionInfo = z.infer<typeof WebSessionSchema>;
