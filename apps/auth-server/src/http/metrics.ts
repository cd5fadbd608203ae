import { countOutcomes, outcomeOf, type Metrics } from "@org/service-kit";
import type { Express, RequestHandler } from "express";
import type { QrStatusEvents } from "../services/qr/events.ts";

/** Runs `handler` for POST requests to exactly `path`, without adding a route. */
const onPost =
  (path: string, handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    req.method === "POST" && req.path === path ? handler(req, res, next) : next();

/**
 * The auth server's own metrics, beside the HTTP ones:
 * - `auth_logins_total{method,result}`: passkey (`passkey`), cross-device (`qr`: the phone's passkey,
 *   when it sends it) and password logins, `result` `success` or the error code answered
 *   (`verification_failed`, `rate_limited`, …);
 * - `auth_registrations_total{result}`: passkey registrations (on this device or a phone), likewise;
 * - `auth_qr_challenges_total{purpose,status}`: cross-device challenges by the status they reach:
 *   `pending` (started), `scanned`, then `completed`, `failed`, `cancelled` or `error` (one that
 *   simply expires is not counted: nothing happens when it does).
 */
export function authMetrics(metrics: Metrics) {
  const logins = metrics.counter({
    name: "auth_logins_total",
    help: "Logins by method (passkey, qr, password) and result (success, or the error code answered).",
    labelNames: ["method", "result"],
  });
  const registrations = metrics.counter({
    name: "auth_registrations_total",
    help: "Passkey registrations by result (success, or the error code answered).",
    labelNames: ["result"],
  });
  const qr = metrics.counter({
    name: "auth_qr_challenges_total",
    help: "Cross-device (QR) challenges by purpose and the status they reached.",
    labelNames: ["purpose", "status"],
  });
  const qrStarted: RequestHandler = (req, res, next) => {
    res.once("finish", () => {
      const register = (req.body as { purpose?: unknown } | undefined)?.purpose === "register";
      if (res.statusCode < 400)
        qr.inc({ purpose: register ? "register" : "authenticate", status: "pending" });
    });
    next();
  };
  // The phone's finish: a login or a registration, as its guard found the challenge (routes/qr.ts).
  const qrFinished: RequestHandler = (_req, res, next) => {
    res.once("finish", () => {
      const purpose = res.locals.qrPurpose as string | undefined;
      if (purpose === "authenticate") logins.inc({ method: "qr", result: outcomeOf(res) });
      else if (purpose === "register") registrations.inc({ result: outcomeOf(res) });
    });
    next();
  };
  return {
    /** Counts logins, registrations and QR starts as they are answered; mount before their routes. */
    mount(app: Express): void {
      app.use(onPost("/auth/v1/authenticate/finish", countOutcomes(logins, { method: "passkey" })));
      app.use(onPost("/auth/v1/password/login", countOutcomes(logins, { method: "password" })));
      app.use(onPost("/auth/v1/register/finish", countOutcomes(registrations, {})));
      app.use(onPost("/auth/v1/qr/start", qrStarted));
      app.use(onPost("/auth/v1/qr/mobile/finish", qrFinished));
    },
    /** QR status changes counted on their way to the live watchers. */
    qrEvents(events: QrStatusEvents): QrStatusEvents {
      return {
        changed(challenge) {
          qr.inc({ purpose: challenge.purpose, status: challenge.status });
          events.changed(challenge);
        },
      };
    },
  };
}
