import { css } from "lit";

export const authenticateStyles = css`
  /* The embed pads its content (room for the focus ring); the negative margin lines it up with the page. */
  iframe {
    display: block;
    width: calc(100% + 12px);
    margin: -6px;
    height: var(--_frame-height, 0px);
    border: 0;
    background: transparent;
    /* Same scheme as the embed page (set from the theme it is sent), or the browser paints it opaque. */
    color-scheme: light;
    overflow: hidden;
  }
  iframe.pending {
    position: absolute;
    visibility: hidden;
  }
  .placeholder {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 10px;
    min-height: var(--_button-height);
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
    font-size: 0.93em;
  }
  .placeholder .spinner {
    width: 16px;
    height: 16px;
  }
  .signup {
    display: block;
    width: fit-content;
    margin: 6px auto 0;
    padding: 4px 6px;
    border-radius: 6px;
    color: var(--_primary);
    font-size: 0.93em;
    font-weight: 600;
    text-underline-offset: 3px;
  }
  .signup:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  :host([data-theme="dark"]) iframe {
    color-scheme: dark;
  }
`;
