import { sendPage } from "@org/service-kit";
import { Router } from "express";
import { pageText } from "../pages/i18n/index.ts";
import { qrPhonePage } from "../pages/qr-phone.ts";
import { PHONE_PAGE_PATH } from "../services/qr/challenges.ts";

/** `GET /qr?lang=`: the phone page a QR code points to (its secret is in the URL's fragment). */
export function qrPhoneRouter(): Router {
  const router = Router();
  router.get(PHONE_PAGE_PATH, (req, res) => {
    // The language of the site that showed the code (`?lang=`, put in the QR link), else the phone's.
    res.setHeader("Vary", "Accept-Language");
    sendPage(res, qrPhonePage(pageText(req)));
  });
  return router;
}
