// The custom events of an app's pages, typed: the app names its events once, each with its detail
// (an event map), and `typedEvents<Map>()` gives the only ways to send and hear them, so a misspelt
// event or a detail of the wrong type does not compile. Only the names and details are checked: at
// run time these are plain CustomEvents on the element or window.

/** An app's events: name → detail (`undefined` for an event without one). */
type EventMap = object;

interface EmitOptions {
  /** Up through the DOM (and, with `composed`, out of shadow roots). */
  bubbles?: boolean;
  composed?: boolean;
}

export type Name<M> = keyof M & string;
/** The detail argument: optional for an event without one. */
type DetailArgs<D> = [D] extends [undefined]
  ? [detail?: undefined, options?: EmitOptions]
  : [detail: D, options?: EmitOptions];
export type Listener<D> = (event: CustomEvent<D>) => void;

/** `emit` and `on` for the events of `M` (lit templates: `typedListen`, listen.ts). */
export function typedEvents<M extends EventMap>() {
  return {
    /** Dispatches `name` with its detail on `target` (an element, or window for page-wide events). */
    emit<N extends Name<M>>(target: EventTarget, name: N, ...[detail, options]: DetailArgs<M[N]>): void {
      target.dispatchEvent(new CustomEvent(name, { detail, ...options }));
    },
    /** Listens for `name` on `target`; answers the function that stops listening. */
    on<N extends Name<M>>(target: EventTarget, name: N, listener: Listener<M[N]>): () => void {
      const handle = listener as (event: Event) => void;
      target.addEventListener(name, handle);
      return () => target.removeEventListener(name, handle);
    },
  };
}
