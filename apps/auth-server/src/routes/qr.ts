import {
  QrAbortRequestSchema,
  QrChallengeParams,
  QrClaimRequestSchema,
  QrFinishRequestSchema,
  QrStartRequestSchema,
} from "@org/contracts";
import { AppError, hashSecret, parseWith } from "@org/service-kit";
import type { RequestHandler } from "express";
import type { AuthContext } from "../context.ts";
import { authOf, bearer, requireRegistrant, requireSessionToken } from "../http/auth.ts";
import { noStore } from "../http/cookies.ts";
import { authJsonBody } from "../http/json-body.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { qrStatus, startQr } from "../services/qr/challenges.ts";
import { abortQr, claimQr, finishQr } from "../services/qr/phone.ts";
import { assertMayAddPasskey } from "../services/step-up.ts";
import type { OperationRoutes } from "./operation-routes.ts";

/**
 * /auth/v1/qr: cross-device login and registration. The desktop starts a challenge and watches its
 * status (here, or on the socket.io namespace /qr); the phone page (/qr) claims, finishes or aborts it.
 */
export function qrRoutes(ctx: AuthContext, limits: RateLimits): OperationRoutes {
  const session = requireSessionToken(ctx);
  const registrant = requireRegistrant(ctx);
  // A login needs a session token; a registration the user token (or cookie) of its user.
  const starter: RequestHandler = (req, res, next) => {
    const purpose = (req.body as { purpose?: unknown } | undefined)?.purpose;
    (purpose === "register" ? registrant : session)(req, res, next);
  };

  // The phone's token, checked before its body is read (the service looks it up again).
  const phone: RequestHandler = async (req, res, next) => {
    const token = bearer(req);
    const challenge = token ? await ctx.qr.store.byPhoneToken(hashSecret(token)) : undefined;
    if (!challenge) {
      throw new AppError("unauthenticated", "Missing or invalid phone token; scan the QR code again.");
    }
    // What the phone's finish counts as (auth_logins_total or auth_registrations_total, see
    // http/metrics.ts); the same finish sent again after it worked is not counted twice.
    if (challenge.status !== "completed") res.locals.qrPurpose = challenge.purpose;
    next();
  };

  return {
    "post /auth/v1/qr/start": {
      // Which token it needs depends on the body's purpose: read (bounded) before it, once the
      // per-IP start limit has let it through.
      guard: [limits.qrStart, authJsonBody(ctx.env), starter],
      handle: async (req, res) => {
        const input = parseWith(QrStartRequestSchema, req.body ?? {});
        const purpose = input.purpose ?? "authenticate";
        const auth = authOf(req, purpose === "register" ? "user" : "session");
        // A passkey made on the phone is a passkey added: a step-up by this credential first
        // when the account has one (step-up.ts). The phone's code lives 5 minutes, as a step-up does.
        if (auth.kind === "user") await assertMayAddPasskey(ctx, auth);
        noStore(res);
        res.json(
          await startQr({
            ctx,
            tenant: auth.tenant,
            purpose,
            userId: auth.kind === "user" ? auth.userId : undefined,
            rpName: auth.kind === "user" ? auth.rpName : undefined,
            input,
            pageOrigin: auth.page?.origin,
            ip: req.ip,
          }),
        );
      },
    },

    "get /auth/v1/qr/{challenge_id}/status": {
      guard: [limits.qrStatus],
      handle: async (req, res) => {
        const { challenge_id: challengeId } = parseWith(QrChallengeParams, req.params);
        noStore(res);
        res.json(await qrStatus({ ctx, challengeId, secret: bearer(req) }));
      },
    },

    "post /auth/v1/qr/mobile/claim": {
      handle: async (req, res) => {
        const { secret } = parseWith(QrClaimRequestSchema, req.body);
        noStore(res);
        res.json(await claimQr({ ctx, secret, ip: req.ip, userAgent: req.get("user-agent") }));
      },
    },

    "post /auth/v1/qr/mobile/finish": {
      guard: [phone],
      handle: async (req, res) => {
        const input = parseWith(QrFinishRequestSchema, req.body);
        res.json(await finishQr({ ctx, phoneToken: bearer(req), input, ip: req.ip }));
      },
    },

    "post /auth/v1/qr/mobile/abort": {
      guard: [phone],
      handle: async (req, res) => {
        const input = parseWith(QrAbortRequestSchema, req.body);
        res.json(await abortQr({ ctx, phoneToken: bearer(req), input }));
      },
    },
  };
}
