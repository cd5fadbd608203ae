// "Reconnecting…": a small banner while the live socket is away (live.ts), so nobody trusts a
// board that has stopped following changes; it goes when the socket is back.
import { html, LitElement, nothing } from "lit";
import { onConnectionChange } from "../live.ts";
import { base } from "../styles.ts";
import { connectionBannerStyles } from "./connection-banner.styles.ts";

export class BoardConnectionBanner extends LitElement {
  static override styles = [base, connectionBannerStyles];
  static override properties = { away: { state: true } };
  away = false;
  private stop?: () => void;

  override connectedCallback(): void {
    super.connectedCallback();
    this.stop = onConnectionChange((connected) => (this.away = !connected));
  }

  override disconnectedCallback(): void {
    this.stop?.();
    super.disconnectedCallback();
  }

  protected override render() {
    return html`<div role="status" aria-live="polite">
      ${
        this.away
          ? html`<p class="banner"><span class="spinner" aria-hidden="true"></span>Reconnecting…</p>`
          : nothing
      }
    </div>`;
  }
}
customElements.define("board-connection-banner", BoardConnectionBanner);
