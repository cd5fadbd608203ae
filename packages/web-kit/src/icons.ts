import { svg } from "lit";

/** A 24 px line icon (stroke: currentColor), decorative: aria-hidden. */
export const lineIcon = (paths: ReturnType<typeof svg>) =>
  svg`<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;

export const closeIcon = lineIcon(svg`<path d="M6 6l12 12M18 6 6 18"/>`);
