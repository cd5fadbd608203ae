// Where webhook receivers may be, and the endpoint checks both services make when one is added:
// the URL the delivery worker will reach, and a Standard Webhooks signing secret.
import { randomBytes } from "node:crypto";
import net from "node:net";
import { ValidationError } from "../errors.ts";
import { isNonPublicAddress } from "../outbound/guarded-fetch.ts";

/** Where receivers may be: https only in production, public addresses unless allowed. */
export interface WebhookPolicy {
  protocols: ReadonlyArray<"https:" | "http:">;
  allowPrivateAddresses: boolean;
}

export function webhookPolicy(env: { NODE_ENV: string; WEBHOOK_ALLOW_PRIVATE: boolean }): WebhookPolicy {
  return {
    protocols: env.NODE_ENV === "production" ? ["https:"] : ["https:", "http:"],
    allowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE,
  };
}

/**
 * Refuses a receiver URL the delivery worker would never reach, saying what would do: not a URL,
 * a scheme the policy does not allow, credentials in it, or a loopback/private address (named, or
 * `localhost`) unless WEBHOOK_ALLOW_PRIVATE. A name that resolves to a private address is caught
 * when sending (the attempt's error says so).
 */
export function checkWebhookUrl(url: string, policy: WebhookPolicy): string {
  const refuse = (message: string): never => {
    throw new ValidationError("Request is invalid.", [{ path: "url", message }]);
  };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse("Not a URL: give the receiver's full address, e.g. https://ci.example.com/hooks/board.");
  }
  if (!policy.protocols.includes(parsed.protocol as "https:")) {
    return refuse(
      policy.protocols.includes("http:")
        ? `Only http and https URLs receive webhooks; got ${parsed.protocol.replace(/:$/, "")}.`
        : `Only https URLs receive webhooks on this server; use https://${parsed.host}${parsed.pathname}.`,
    );
  }
  if (parsed.username || parsed.password) {
    return refuse(
      "A URL with a user or password is not accepted: verify deliveries with the signing secret instead.",
    );
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const local = host === "localhost" || host.endsWith(".localhost");
  if (!policy.allowPrivateAddresses && (local || (net.isIP(host) && isNonPublicAddress(host)))) {
    return refuse(
      `${host} is not a public address: webhooks are sent to public addresses only ` +
        "(the server's WEBHOOK_ALLOW_PRIVATE=true allows private ones, for closed networks and tests).",
    );
  }
  return parsed.toString();
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
