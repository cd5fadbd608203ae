import { css } from "lit";

/**
 * Design tokens: each internal `--_x` reads the site's `--authkit-x` custom property, with light
 * and dark defaults. Components style themselves only through these.
 */
export const tokens = css`
  :host {
    --_font: var(
      --authkit-font-family,
      system-ui,
      -apple-system,
      "Segoe UI",
      Roboto,
      "Helvetica Neue",
      Arial,
      sans-serif
    );
    --_font-size: var(--authkit-font-size, 15px);
    --_radius: var(--authkit-radius, 10px);
    --_primary: var(--authkit-primary, #4f46e5);
    --_primary-hover: var(--authkit-primary-hover, #4338ca);
    --_on-primary: var(--authkit-on-primary, #ffffff);
    --_text: var(--authkit-text, #111827);
    --_muted: var(--authkit-muted, #4b5563);
    --_surface: var(--authkit-surface, #ffffff);
    --_border: var(--authkit-border, #d1d5db);
    --_success: var(--authkit-success, #047857);
    --_danger: var(--authkit-danger, #b91c1c);
    --_warning: #b45309;
    --_focus: var(--authkit-focus-ring, #6366f1);
    --_button-height: var(--authkit-button-height, 44px);
    --_shadow: 0 1px 2px rgb(16 24 40 / 0.06), 0 1px 3px rgb(16 24 40 / 0.1);
    --_popover-shadow: 0 12px 32px rgb(16 24 40 / 0.18), 0 2px 6px rgb(16 24 40 / 0.08);
    display: block;
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.45;
    color: var(--_text);
    -webkit-font-smoothing: antialiased;
  }
  :host([data-theme="dark"]) {
    --_primary: var(--authkit-primary, #6366f1);
    --_primary-hover: var(--authkit-primary-hover, #4f46e5);
    --_text: var(--authkit-text, #f3f4f6);
    --_muted: var(--authkit-muted, #a1a1aa);
    --_surface: var(--authkit-surface, #18181b);
    --_border: var(--authkit-border, #3f3f46);
    --_success: var(--authkit-success, #34d399);
    --_danger: var(--authkit-danger, #f87171);
    --_warning: #fbbf24;
    --_focus: var(--authkit-focus-ring, #a5b4fc);
    --_shadow: 0 1px 2px rgb(0 0 0 / 0.4);
    --_popover-shadow: 0 12px 32px rgb(0 0 0 / 0.55), 0 2px 6px rgb(0 0 0 / 0.3);
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
`;

/** Buttons: `primary-button` (filled) and `secondary-button` (outlined), with a visible focus ring. */
export const buttons = css`
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
    width: 100%;
    min-height: var(--_button-height);
    margin: 0;
    padding: 8px 16px;
    line-height: 1.25;
    text-align: center;
    border: 1px solid transparent;
    border-radius: var(--_radius);
    font: inherit;
    font-weight: 600;
    letter-spacing: 0.01em;
    cursor: pointer;
    user-select: none;
    transition:
      background-color 120ms ease,
      border-color 120ms ease,
      box-shadow 120ms ease,
      transform 60ms ease;
  }
  .button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .button:active:not(:disabled) {
    transform: translateY(1px);
  }
  .button:disabled {
    cursor: default;
    opacity: 0.72;
  }
  .primary-button {
    background: var(--_primary);
    color: var(--_on-primary);
    box-shadow: var(--_shadow);
  }
  .primary-button:hover:not(:disabled) {
    background: var(--_primary-hover);
  }
  .secondary-button {
    background: var(--_surface);
    color: var(--_text);
    border-color: var(--_border);
  }
  .secondary-button:hover:not(:disabled) {
    border-color: var(--_primary);
    color: var(--_primary);
  }
  .icon {
    flex: none;
    width: 20px;
    height: 20px;
  }
  /* A quiet way out under a main button ("Use your phone instead"). */
  .link-button {
    display: inline-flex;
    align-items: center;
    justify-self: center;
    gap: 6px;
    margin: 0;
    padding: 4px 6px;
    border: 0;
    border-radius: 6px;
    background: none;
    color: var(--_primary);
    font: inherit;
    font-size: 0.93em;
    font-weight: 600;
    cursor: pointer;
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  .link-button .icon {
    width: 16px;
    height: 16px;
  }
  .link-button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .spinner {
    flex: none;
    width: 18px;
    height: 18px;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: authkit-spin 0.7s linear infinite;
  }
  @keyframes authkit-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 2s;
    }
    .button {
      transition: none;
    }
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** The bordered panel used for 'Authentication Unavailable' and other notices. */
export const panel = css`
  .panel {
    display: flex;
    gap: 12px;
    align-items: flex-start;
    padding: 14px 16px;
    border: 1px solid var(--_border);
    border-left: 4px solid var(--_warning);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
  }
  .panel .icon {
    color: var(--_warning);
    margin-top: 1px;
  }
  .panel-title {
    margin: 0;
    font-weight: 650;
  }
  .panel-message {
    margin: 2px 0 0;
    color: var(--_muted);
    font-size: 0.93em;
  }
  .panel .retry {
    width: auto;
    min-height: 36px;
    margin-top: 10px;
    padding: 0 14px;
    font-size: 0.9em;
  }
  .panel-error {
    border-left-color: var(--_danger);
  }
  .panel-error .icon {
    color: var(--_danger);
  }
`;
