// The web app's consent page (/app/oauth/authorize, @org/contracts' get_oauth_consent and
// decide_oauth_consent): what an authorization request asks for, and the person's decision. Both
// check the request again (the page sends the query it was opened with): one the app may be told
// about goes back to it (`{redirect_to}`), one it may not (unknown client, a redirect_uri not its
// own) is refused here, in the board's terms, for the person to read.
import type { OAuthConsentDecision, OAuthRedirect } from "@org/contracts";
import type { Db } from "@org/db";
import { ForbiddenError, ValidationError } from "@org/service-kit";
import type { Actor } from "../services/context.ts";
import {
  checkAuthorizationRequest,
  consentView,
  RedirectableError,
  redirectWith,
  type AuthorizationRequest,
} from "./authorize.ts";
import type { ClientResolverOptions } from "./clients.ts";
import { OAuthError } from "./errors.ts";
import { approveAuthorization } from "./grants.ts";
import type { OAuthUrls } from "./metadata.ts";

export interface ConsentDeps {
  db: Db;
  urls: OAuthUrls;
  clients: ClientResolverOptions;
}

/** The request checked, or where the app is sent back with its error. */
async function checked(
  { db, urls, clients }: ConsentDeps,
  query: Record<string, unknown>,
): Promise<AuthorizationRequest | OAuthRedirect> {
  try {
    return await checkAuthorizationRequest(db, urls, query, clients);
  } catch (error) {
    if (error instanceof RedirectableError) return { redirect_to: error.location };
    if (error instanceof OAuthError) {
      throw new ValidationError(`${error.description} Start again from the app that sent you here.`);
    }
    throw error;
  }
}

/** GET: what the consent page shows, or where the browser goes back to the app. */
export async function consentFor(deps: ConsentDeps, query: Record<string, unknown>) {
  const request = await checked(deps, query);
  return "redirect_to" in request ? request : consentView(request);
}

/**
 * The consent's project limit: null (every project of the person, now and later) or some of the
 * projects they are a member of now (the contract has checked its shape). Anything else is
 * refused, never silently widened.
 */
async function chosenProjects(db: Db, userId: string, value: string[] | null | undefined) {
  if (value === null || value === undefined) return null;
  const ids = [...new Set(value.map((id) => id.toLowerCase()))];
  const mine = await db.projectMember.count({ where: { userId, projectId: { in: ids } } });
  if (mine !== ids.length) {
    throw new ValidationError("project_ids names a project you are not a member of: choose among yours.");
  }
  return ids;
}

/** POST: the person allows (a grant and its code) or denies; either way, back to the app. */
export async function decideConsent(
  deps: ConsentDeps,
  actor: Actor,
  decision: OAuthConsentDecision,
): Promise<OAuthRedirect> {
  if (actor.oauth) throw new ForbiddenError("Only the web app's session approves apps.");
  const request = await checked(deps, decision.query);
  if ("redirect_to" in request) return request;
  const { issuer } = deps.urls;
  if (!decision.approve) {
    const denied = { error: "access_denied", error_description: "The person denied the request." };
    return { redirect_to: redirectWith(request.redirectUri, { ...denied, state: request.state }, issuer) };
  }
  const { code } = await approveAuthorization({
    db: deps.db,
    actor,
    client: request.client,
    scopes: request.scopes,
    projectIds: await chosenProjects(deps.db, actor.id, decision.project_ids),
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    resource: request.resource,
  });
  return { redirect_to: redirectWith(request.redirectUri, { code, state: request.state }, issuer) };
}
