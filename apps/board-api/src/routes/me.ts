import type { Handlers } from "../http/operation.ts";
import { confirmEmail, sendEmailVerification } from "../services/email-verification.ts";
import { getMe, updateMe } from "../services/users.ts";
import type { RouteDeps } from "./deps.ts";

type MeOps = "get_me" | "update_me" | "send_email_verification" | "confirm_email";

export const meHandlers = ({ db, mailer, publicUrl }: RouteDeps): Pick<Handlers, MeOps> => ({
  get_me: ({ actor }) => getMe({ db, actor }),
  update_me: ({ actor, body }) => updateMe({ db, actor, input: body }),
  send_email_verification: ({ actor }) => sendEmailVerification({ db, mailer, actor, publicUrl }),
  confirm_email: ({ actor, body }) => confirmEmail({ db, actor, token: body.token }),
});
