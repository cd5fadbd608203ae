// The SDK's copies of the auth server's wire types (src/core/types.ts; the published SDK depends on
// no private package, so it cannot import them) held to the contracts: compiled by `pnpm typecheck`,
// never run. A field added, dropped or retyped on either side fails to compile here.
import type {
  AttachmentPolicySchema,
  AuthenticateFinishRequestSchema,
  AuthenticateStartRequestSchema,
  AuthenticateStartResponseSchema,
  LoginSuccessSchema,
  PasskeyInfoSchema,
  PasswordLoginRequestSchema,
  QrStartRequestSchema,
  QrStartResponseSchema,
  QrStatusResponseSchema,
  QrStatusSchema,
  RegisterFinishRequestSchema,
  RegisterFinishResponseSchema,
  RegisterStartRequestSchema,
  RegisterStartResponseSchema,
  RenamePasskeyRequestSchema,
  SessionTokenCheckSchema,
  SignupFinishRequestSchema,
  SignupStartRequestSchema,
  SignupStartResponseSchema,
  StepUpResponseSchema,
  UserInfoSchema,
  z,
} from "@org/contracts";
import type * as Sdk from "../src/core/types.ts";
import type { PasskeyDetails } from "../src/modules/management/index.ts";

/** What the SDK sends: what the server's schema accepts (its input). */
type Sent<S extends z.ZodType> = z.input<S>;
/** What the SDK reads: what the server's schema produces (its output). */
type Received<S extends z.ZodType> = z.output<S>;

type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
type Assignable<A, B> = [A] extends [B] ? true : false;
type All<T extends boolean[]> = T extends true[] ? true : false;
/** WebAuthn JSON as the contract names it, without its "any other member" index signatures. */
type Named<T> = { [K in keyof T as string extends K ? never : K]: NamedValue<T[K]> };
type NamedValue<V> = V extends readonly (infer E)[] ? NamedValue<E>[] : V extends object ? Named<V> : V;
type WebAuthnJson = "options" | "credential";
/**
 * The SDK's copy and the contract's type hold the same values: mutually assignable, with the same
 * fields (an optional field on one side only would still be assignable). WebAuthn JSON (`options`,
 * `credential`) is the exception: the contract describes it loosely (any other member allowed) and
 * the SDK types it as SimpleWebAuthn does, so there the SDK's type need only have the contract's
 * members, typed to fit.
 */
type Matches<Copy, Contract> = All<
  [
    SameKeys<Copy, Contract>,
    Assignable<Omit<Copy, WebAuthnJson>, Omit<Contract, WebAuthnJson>>,
    Assignable<Omit<Contract, WebAuthnJson>, Omit<Copy, WebAuthnJson>>,
    Assignable<Pick<Copy, WebAuthnJson & keyof Copy>, Named<Pick<Contract, WebAuthnJson & keyof Contract>>>,
  ]
>;

const matches = <Copy, Contract>(_: Matches<Copy, Contract>) => undefined;

// POST /auth/v1/register/start, /finish
matches<Sdk.RegisterStartBody, Sent<typeof RegisterStartRequestSchema>>(true);
matches<Sdk.RegisterStartAnswer, Received<typeof RegisterStartResponseSchema>>(true);
matches<Sdk.AttachmentPolicy, Received<typeof AttachmentPolicySchema>>(true);
matches<Sdk.RegisterFinishBody, Sent<typeof RegisterFinishRequestSchema>>(true);
matches<Sdk.RegisterFinishAnswer, Received<typeof RegisterFinishResponseSchema>>(true);

// POST /auth/v1/authenticate/start, /finish; /password/login; /step-up/finish
matches<Sdk.AuthenticateStartBody, Sent<typeof AuthenticateStartRequestSchema>>(true);
matches<Sdk.AuthenticateStartAnswer, Received<typeof AuthenticateStartResponseSchema>>(true);
matches<Sdk.AuthenticateFinishBody, Sent<typeof AuthenticateFinishRequestSchema>>(true);
matches<Sdk.LoginAnswer, Received<typeof LoginSuccessSchema>>(true);
matches<Sdk.UserInfo, Received<typeof UserInfoSchema>>(true);
matches<Sdk.PasswordLoginBody, Sent<typeof PasswordLoginRequestSchema>>(true);
matches<Sdk.StepUpAnswer, Received<typeof StepUpResponseSchema>>(true);

// POST /auth/v1/signup/start, /finish (its answer is a LoginAnswer)
matches<Sdk.SignupStartBody, Sent<typeof SignupStartRequestSchema>>(true);
matches<Sdk.SignupStartAnswer, Received<typeof SignupStartResponseSchema>>(true);
matches<Sdk.SignupFinishBody, Sent<typeof SignupFinishRequestSchema>>(true);

// GET /auth/v1/session-token
matches<Sdk.SessionTokenCheck, Received<typeof SessionTokenCheckSchema>>(true);

// POST /auth/v1/qr/start; GET /auth/v1/qr/{challenge_id}/status (and the socket's `status`)
matches<Sdk.QRStartBody, Sent<typeof QrStartRequestSchema>>(true);
matches<Sdk.QRStartAnswer, Received<typeof QrStartResponseSchema>>(true);
matches<Sdk.QRStatusAnswer, Received<typeof QrStatusResponseSchema>>(true);
matches<Sdk.QRStatus, Received<typeof QrStatusSchema>>(true);

// GET /auth/v1/passkeys, PATCH /auth/v1/passkeys/{passkey_id}
matches<PasskeyDetails, Received<typeof PasskeyInfoSchema>>(true);
matches<Sdk.RenamePasskeyBody, Sent<typeof RenamePasskeyRequestSchema>>(true);

// A stale copy does not compile: a field dropped, a field retyped, a field the server never sends,
// WebAuthn JSON that is not.
type LostSessionToken = Omit<Sdk.LoginAnswer, "sessionToken">;
type ExpiresAtNumber = Omit<Sdk.QRStartAnswer, "expiresAt"> & { expiresAt: number };
type ReadsRedirectUrl = Sdk.RegisterFinishAnswer & { redirectUrl?: string };
type CredentialString = Omit<Sdk.AuthenticateFinishBody, "credential"> & { credential: string };
// @ts-expect-error: the copy lost `sessionToken`
matches<LostSessionToken, Received<typeof LoginSuccessSchema>>(true);
// @ts-expect-error: the copy says `expiresAt` is a number
matches<ExpiresAtNumber, Received<typeof QrStartResponseSchema>>(true);
// @ts-expect-error: the copy reads a `redirectUrl` the server does not send
matches<ReadsRedirectUrl, Received<typeof RegisterFinishResponseSchema>>(true);
// @ts-expect-error: the copy's credential is not the WebAuthn JSON the server parses
matches<CredentialString, Sent<typeof AuthenticateFinishRequestSchema>>(true);
