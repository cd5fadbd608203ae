import { svg } from "lit";
import { lineIcon as icon } from "@org/web-kit/icons";

// The dashboard's 24 px line icons (the kit's shape), decorative: aria-hidden where used.

export const logoIcon = svg`<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" fill="currentColor"/><path d="M16 7.5a5.5 5.5 0 0 0-1.6 10.77V24l2.1 1.8 2.1-1.8-1.3-1.2 1.3-1.2-1.3-1.2 1.3-1.2v-.93A5.5 5.5 0 0 0 16 7.5Zm0 3a1.6 1.6 0 1 1 0 3.2 1.6 1.6 0 0 1 0-3.2Z" fill="#fff"/></svg>`;
export const buildingIcon = icon(
  svg`<path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16"/><path d="M16 9h2a2 2 0 0 1 2 2v10"/><path d="M3 21h18"/><path d="M8 7h4M8 11h4M8 15h4"/>`,
);
export const usersIcon = icon(
  svg`<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0"/><path d="M16 4.5a3.5 3.5 0 0 1 0 7"/><path d="M18 14.2a6.5 6.5 0 0 1 3.5 5.8"/>`,
);
export const listIcon = icon(svg`<path d="M8 6h13M8 12h13M8 18h13"/><path d="M3 6h.01M3 12h.01M3 18h.01"/>`);
export const keyIcon = icon(
  svg`<circle cx="7.5" cy="15.5" r="4.5"/><path d="m10.7 12.3 9.8-9.8"/><path d="m16 7 3 3"/><path d="m14 9 2 2"/>`,
);
export const shieldIcon = icon(svg`<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z"/>`);
export const searchIcon = icon(svg`<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>`);
export const checkIcon = icon(svg`<path d="m5 12.5 4.5 4.5L19 7.5"/>`);
export const copyIcon = icon(
  svg`<rect x="9" y="9" width="11" height="11" rx="2"/><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"/>`,
);
/** Webhooks: a signal sent out. */
export const webhookIcon = icon(
  svg`<circle cx="12" cy="12" r="2.5"/><path d="M7.8 16.2a6 6 0 0 1 0-8.4M16.2 7.8a6 6 0 0 1 0 8.4"/><path d="M5 19a10 10 0 0 1 0-14M19 5a10 10 0 0 1 0 14"/>`,
);
