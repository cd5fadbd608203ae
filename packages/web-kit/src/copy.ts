import type { ReactiveController, ReactiveControllerHost } from "lit";

/**
 * Copying a value shown once (an API key, an invite link) to the clipboard, for a component's Copy
 * button: `copied` is true for a moment after it worked, so the button can say so.
 */
export class CopyController implements ReactiveController {
  copied = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  /**
   * Copies `value`. Without clipboard permission (an old browser, an insecure page) it calls
   * `select` to select the value on the page and copies the selection instead.
   */
  async copy(value: string, select: () => void): Promise<void> {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      select();
      if (!document.execCommand("copy")) return;
    }
    this.copied = true;
    this.host.requestUpdate();
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.copied = false;
      this.host.requestUpdate();
    }, 2500);
  }
}
