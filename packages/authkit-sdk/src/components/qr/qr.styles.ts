import { css } from "lit";

export const qrStyles = css`
  .card {
    display: grid;
    justify-items: center;
    gap: 12px;
    padding: 16px;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 4px);
    background: var(--_surface);
    text-align: center;
  }
  .frame {
    display: grid;
    place-items: center;
    width: 216px;
    height: 216px;
    max-width: 100%;
    padding: 8px;
    border-radius: var(--_radius);
    /* A QR code needs dark modules on a light background in both themes. */
    background: #ffffff;
    color: #111827;
    box-shadow: inset 0 0 0 1px rgb(0 0 0 / 0.08);
  }
  .frame img {
    display: block;
    width: 100%;
    height: 100%;
    image-rendering: pixelated;
  }
  .frame .spinner {
    width: 32px;
    height: 32px;
    border-width: 3px;
    color: #4f46e5;
  }
  .frame.state {
    background: transparent;
    box-shadow: inset 0 0 0 1px var(--_border);
    color: var(--_text);
  }
  .frame.state .spinner {
    width: 36px;
    height: 36px;
    border-width: 3px;
    color: var(--_primary);
  }
  .frame.state .icon {
    width: 44px;
    height: 44px;
  }
  .frame.state.success .icon {
    color: var(--_success);
  }
  .frame.state.error .icon {
    color: var(--_danger);
  }
  .caption {
    margin: 0;
    max-width: 260px;
    color: var(--_muted);
    font-size: 0.93em;
  }
  .caption strong {
    display: block;
    color: var(--_text);
    font-weight: 600;
  }
  .controls {
    display: flex;
    gap: 8px;
    width: 100%;
    max-width: 300px;
  }
  .controls .button {
    min-height: 36px;
    padding: 0 10px;
    white-space: nowrap;
    font-size: 0.9em;
  }
`;
