import { css } from "lit";

export const registerStyles = css`
  .anchor {
    position: relative;
    display: grid;
    gap: 10px;
  }
  .trigger {
    position: relative;
  }
  .popover {
    position: absolute;
    z-index: 1000;
    width: 300px;
    max-width: calc(100vw - 24px);
    padding: 6px;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 6px);
    background: var(--_surface);
    box-shadow: var(--_popover-shadow);
  }
  .popover authkit-qr::part(card),
  .popover .embed {
    border: 0;
  }
  .popover.below {
    top: calc(100% + 10px);
    left: 50%;
    transform: translateX(-50%);
  }
  .popover.above {
    bottom: calc(100% + 10px);
    left: 50%;
    transform: translateX(-50%);
  }
  .popover.left {
    top: 50%;
    right: calc(100% + 10px);
    transform: translateY(-50%);
  }
  .popover.right {
    top: 50%;
    left: calc(100% + 10px);
    transform: translateY(-50%);
  }
  @media (max-width: 560px) {
    .popover.left,
    .popover.right {
      top: calc(100% + 10px);
      right: auto;
      left: 50%;
      transform: translateX(-50%);
    }
  }
  iframe {
    display: block;
    width: calc(100% + 12px);
    margin: -6px;
    height: var(--_frame-height, 320px);
    border: 0;
    background: transparent;
    /* Same scheme as the embed page (set from the theme it is sent), or the browser paints it opaque. */
    color-scheme: light;
  }
  :host([data-theme="dark"]) iframe {
    color-scheme: dark;
  }
`;
