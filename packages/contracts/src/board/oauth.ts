// Wire schemas of the web app's OAuth pages: the consent page (/app/oauth/authorize: what an app
// asks for, and the person's answer) and Account → Connected apps (the grants made there). Not part
// of /api/v1's published contract: only the web app's pages call these endpoints.
import { z } from "../zod.ts";
import { IdSchema, TimestampSchema } from "./schemas/common.ts";

/** The largest project limit of a grant (the consent's "Only the projects I choose"). */
const MAX_GRANT_PROJECTS = 200;

/**
 * An authorization request's parameters as the app sent them to /oauth/authorize (client_id,
 * redirect_uri, code_challenge, state, resource, scope…), passed through unchecked: the
 * authorization server checks them by OAuth's rules, and most of its refusals go back to the app
 * (`{redirect_to}`), which a schema here would answer as this API's validation errors instead.
 */
export const OAuthAuthorizationQuery = z.looseObject({});

/** Where the browser goes next: back to the app, with a code or an error (and state, iss). */
export const OAuthRedirectSchema = z.object({ redirect_to: z.string() });
export type OAuthRedirect = z.infer<typeof OAuthRedirectSchema>;

/** What the consent page shows of an authorization request that passed every check. */
export const OAuthConsentViewSchema = z.object({
  client: z.object({
    client_id: z.string(),
    name: z.string(),
    client_uri: z.string().nullable(),
    logo_uri: z.string().nullable(),
    /** "registered" (RFC 7591) or "metadata_document" (its client_id is the URL of its metadata). */
    kind: z.string(),
  }),
  /** The host the answer goes to, and whether anything vouches for it (else the page warns). */
  redirect_host: z.string(),
  redirect_verified: z.boolean(),
  scopes: z.array(z.string()),
  /** The resource the tokens will be for: the board's /mcp or /api/v1. */
  resource: z.string(),
});
export type OAuthConsentView = z.infer<typeof OAuthConsentViewSchema>;

/** The consent page's load: the request to decide on, or straight back to the app (a request it must refuse). */
export const OAuthConsentSchema = z.union([OAuthConsentViewSchema, OAuthRedirectSchema]);

const PROJECT_IDS_MESSAGE = `project_ids is null (every project) or a list of 1 to ${MAX_GRANT_PROJECTS} project ids.`;

/** The person's answer on the consent page. */
export const OAuthConsentDecisionSchema = z.object({
  /** The authorization request, as the page was opened with it. */
  query: OAuthAuthorizationQuery,
  /** true: allow (a grant and its code); false: deny (access_denied). */
  approve: z.boolean({ error: "approve is true (allow) or false (deny)." }),
  /** Allowing only: null or absent: every project of the person, now and later; else some of theirs now. */
  project_ids: z
    .array(z.guid({ error: PROJECT_IDS_MESSAGE }), { error: PROJECT_IDS_MESSAGE })
    .min(1, { error: PROJECT_IDS_MESSAGE })
    .max(MAX_GRANT_PROJECTS, { error: PROJECT_IDS_MESSAGE })
    .nullable()
    .optional(),
});
export type OAuthConsentDecision = z.infer<typeof OAuthConsentDecisionSchema>;

/** One app the person allowed (an OAuth grant), as Account → Connected apps lists it. */
export const ConnectedAppSchema = z.object({
  id: IdSchema,
  client_id: z.string(),
  client_name: z.string(),
  client_uri: z.string().nullable(),
  scopes: z.array(z.string()),
  /** A limited grant's projects; null: every project of the person, now and later. */
  project_ids: z.array(z.string()).nullable(),
  /** The same with their names (a project deleted since is left out); null: every project. */
  projects: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
  created_at: TimestampSchema,
  last_used_at: TimestampSchema.nullable(),
});
export type ConnectedApp = z.infer<typeof ConnectedAppSchema>;

export const GrantIdParams = z.object({ grant_id: z.string() });
