// /auth/v1/qr: cross-device login and registration. The desktop starts a challenge and watches its
// status (here, or on the socket.io namespace /qr); the phone page (/qr) claims, finishes or aborts it.
import { authPublicOperationsByGroup } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { authOf, bearer } from "../http/auth.ts";
import { qrStatus, startQr } from "../services/qr/challenges.ts";
import { abortQr, claimQr, finishQr } from "../services/qr/phone.ts";
import { assertMayAddPasskey } from "../services/step-up.ts";

export function qrImplementations(ctx: AuthContext) {
  return defineImplementations(authPublicOperationsByGroup.qr)({
    startQr: async ({ body: input }, { req }) => {
      const purpose = input.purpose ?? "authenticate";
      const auth = authOf(req, purpose === "register" ? "user" : "session");
      // A passkey made on the phone is a passkey added: a step-up by this credential first
      // when the account has one (step-up.ts). The phone's code lives 5 minutes, as a step-up does.
      if (auth.kind === "user") await assertMayAddPasskey(ctx, auth);
      return startQr({
        ctx,
        tenant: auth.tenant,
        purpose,
        userId: auth.kind === "user" ? auth.userId : undefined,
        rpName: auth.kind === "user" ? auth.rpName : undefined,
        input,
        pageOrigin: auth.page?.origin,
        ip: req.ip,
      });
    },

    getQrStatus: ({ params }, { req }) =>
      qrStatus({ ctx, challengeId: params.challenge_id, secret: bearer(req) }),

    claimQr: ({ body }, { req }) =>
      claimQr({ ctx, secret: body.secret, ip: req.ip, userAgent: req.get("user-agent") }),

    finishQr: ({ body: input }, { req }) => finishQr({ ctx, phoneToken: bearer(req), input, ip: req.ip }),

    abortQr: ({ body: input }, { req }) => abortQr({ ctx, phoneToken: bearer(req), input }),
  });
}
