// Step-up (issue 28): adding or removing one of your passkeys needs a passkey used in the last 5
// minutes (the sign-in counts). When the server answers `step_up_required`, `withStepUp` asks
// "Confirm it's you", runs the browser's passkey dialog with one of your passkeys, and sends the
// change again.
import { startAuthentication } from "@simplewebauthn/browser";
import { ApiError, call } from "../api.ts";
import { t } from "../i18n.ts";
import { confirmAction } from "./confirm.ts";

/** Thrown when the person did not confirm: the change was not made. */
export class StepUpCancelled extends ApiError {
  constructor(message = t.stepUp.cancelled) {
    super(0, "step_up_cancelled", message);
  }
}

/** Asks, then proves a passkey of this administrator; resolves once the server recorded it. */
export async function confirmWithPasskey(): Promise<void> {
  const confirmed = await confirmAction({
    title: t.stepUp.title,
    message: t.stepUp.message,
    confirmLabel: t.stepUp.confirm,
    tone: "primary",
  });
  if (!confirmed) throw new StepUpCancelled();
  const { challengeId, options } = await call("startOwnStepUp");
  let credential: unknown;
  try {
    credential = await startAuthentication({ optionsJSON: options as never });
  } catch {
    throw new StepUpCancelled(t.stepUp.noPasskey);
  }
  // The browser's credential JSON, which the schema (a loose object) checks on the server.
  await call("finishOwnStepUp", { body: { challengeId, credential: credential as never } });
}

/** Runs a passkey change; when the server asks for a step-up, confirms with a passkey and runs it once more. */
export async function withStepUp<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "step_up_required") throw error;
    await confirmWithPasskey();
    return change();
  }
}
