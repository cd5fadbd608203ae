import { sendPage } from "@org/service-kit";
import { Router } from "express";
import { qrPhonePage } from "../pages/qr-phone.ts";
import { PHONE_PAGE_PATH } from "../services/qr/challenges.ts";

/** `GET /qr`: the phone page a QR code points to (its secret is in the URL's fragment). */
export function qrPhoneRouter(): Router {
  const router = Router();
  router.get(PHONE_PAGE_PATH, (_req, res) => {
    sendPage(res, qrPhonePage());
  });
  return router;
}
