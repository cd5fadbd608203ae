import { originOf, parentMessage, seal, type FrameMessage, type ParentMessage } from "./protocol.ts";

/**
 * The iframe side: talks only to `window.parent`, only at the origin named in `?origin=` (which
 * the server also put in `frame-ancestors`). Messages from anywhere else are ignored.
 */
export class ParentChannel {
  readonly parentOrigin: string | undefined;

  constructor(query: string = location.search) {
    const origin = new URLSearchParams(query).get("origin");
    this.parentOrigin = origin ? originOf(origin) : undefined;
  }

  post(message: FrameMessage): void {
    if (!this.parentOrigin || window.parent === window) return;
    window.parent.postMessage(seal(message), this.parentOrigin);
  }

  listen(handler: (message: ParentMessage) => void): void {
    window.addEventListener("message", (event: MessageEvent) => {
      if (!this.parentOrigin || event.origin !== this.parentOrigin || event.source !== window.parent) return;
      const message = parentMessage(event.data);
      if (message) handler(message);
    });
  }

  /** Reports the document's height whenever it changes, so the parent sizes the iframe. */
  reportHeight(element: Element = document.documentElement): void {
    let last = -1;
    new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        this.post({ type: "resize", height });
      }
    }).observe(element);
  }
}
