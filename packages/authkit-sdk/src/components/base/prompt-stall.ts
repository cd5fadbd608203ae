/**
 * How long the browser's passkey prompt may go unanswered before an element says what else to do.
 * A computer with no authenticator (or none of the kind asked for) never answers: the browser only
 * rejects at the ceremony's timeout, minutes later, and some browsers show nothing meanwhile.
 */
export const PROMPT_STALLED_MS = 6_000;

/** A timer for one prompt: `start` when it opens, `stop` when it ends (or the element goes away). */
export class PromptStall {
  #timer: ReturnType<typeof setTimeout> | undefined;

  start(onStalled: () => void, ms = PROMPT_STALLED_MS): void {
    this.stop();
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      onStalled();
    }, ms);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
