import { css, html, nothing, type ReactiveController, type ReactiveControllerHost } from "lit";
import type { AuthKit } from "../../core/authkit.ts";
import { AuthKitError, toAuthKitError } from "../../core/errors.ts";
import type { AuthSuccess, RegistrationResult } from "../../core/types.ts";
import type { Messages } from "../../i18n/index.ts";
import type { PasskeyRegisterOptions } from "../../modules/passkey/index.ts";

/**
 * `auth.passkey.register()`, rejecting with the error itself (a failed result is a copy without the
 * server's code), so StepUpController.run sees a `step_up_required`.
 */
export async function registerOrThrow(
  auth: AuthKit,
  options: Omit<PasskeyRegisterOptions, "onError">,
): Promise<AuthSuccess<RegistrationResult>> {
  let failed: AuthKitError | undefined;
  const result = await auth.passkey.register({ ...options, onError: (error) => (failed = error) });
  if (!result.success) throw failed ?? new AuthKitError(result.error_code ?? "unknown", result.error);
  return result;
}

/**
 * "Confirm it's you" (issue 28, point 3), the one step-up of `<authkit-passkeys>` and
 * `<authkit-register>`: adding or deleting a passkey of an account that has one needs one of its
 * passkeys used in the last 5 minutes by the same token. When the server refuses a change with
 * `step_up_required`, the change waits for the person: "Confirm with your passkey" runs the step-up
 * (`auth.management.stepUp()`, same token: the freshness belongs to it), then the change again;
 * "Cancel" rejects with the server's refusal, so the element says nothing changed and why.
 */
export class StepUpController implements ReactiveController {
  #answer: ((confirmed: boolean) => void) | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Whether the prompt is showing (the change waits for the person). */
  get open(): boolean {
    return Boolean(this.#answer);
  }

  hostDisconnected(): void {
    this.#choose(false);
  }

  /**
   * `work`; if the server asks for a step-up: the prompt, then (confirmed) the step-up with `auth`
   * and `work` once more. `onConfirm` runs as the browser's passkey prompt opens for the step-up.
   */
  async run<T>(auth: AuthKit, work: () => Promise<T>, onConfirm?: () => void): Promise<T> {
    try {
      return await work();
    } catch (thrown) {
      const refusal = toAuthKitError(thrown);
      if (refusal.serverCode !== "step_up_required") throw refusal;
      const confirmed = await new Promise<boolean>((resolve) => {
        this.#answer = resolve;
        this.host.requestUpdate();
      });
      if (!confirmed) throw refusal;
      onConfirm?.();
      await auth.management.stepUp();
      return work();
    }
  }

  #choose(confirmed: boolean) {
    const answer = this.#answer;
    this.#answer = undefined;
    this.host.requestUpdate();
    answer?.(confirmed);
  }

  /** The prompt while a change waits for it, else nothing. */
  render(t: Messages) {
    if (!this.#answer) return nothing;
    return html`<div class="step-up" role="alertdialog" aria-labelledby="step-up-title">
      <p id="step-up-title"><strong>${t.stepUpTitle}</strong></p>
      <p>${t.stepUpText}</p>
      <div class="actions">
        <button class="button primary-button" part="button" type="button" @click=${() => this.#choose(true)}>
          ${t.stepUpConfirm}
        </button>
        <button
          class="button secondary-button"
          part="button"
          type="button"
          @click=${() => this.#choose(false)}
        >
          ${t.cancel}
        </button>
      </div>
    </div>`;
  }
}

/** The prompt's look, in each element that shows it. */
export const stepUpStyles = css`
  .step-up {
    display: grid;
    gap: 8px;
    padding: 10px 12px;
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_surface) 92%, var(--_text));
  }
  .step-up p {
    margin: 0;
  }
  .step-up .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .step-up .button {
    width: auto;
    min-height: 34px;
    padding: 0 12px;
    font-size: 0.9em;
  }
`;
