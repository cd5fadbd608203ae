// The custom events of an app's pages, typed: the app names its events once, each with its detail
// (an event map), and `typedEvents<Map>()` gives the only ways to send and hear them, so a misspelt
// event or a detail of the wrong type does not compile. Only the names and details are checked: at
// run time these are plain CustomEvents on the element or window.
import { noChange } from "lit";
import { Directive, directive, PartType, type ElementPart, type PartInfo } from "lit/directive.js";

/** An app's events: name → detail (`undefined` for an event without one). */
type EventMap = object;

interface EmitOptions {
  /** Up through the DOM (and, with `composed`, out of shadow roots). */
  bubbles?: boolean;
  composed?: boolean;
}

type Name<M> = keyof M & string;
/** The detail argument: optional for an event without one. */
type DetailArgs<D> = [D] extends [undefined]
  ? [detail?: undefined, options?: EmitOptions]
  : [detail: D, options?: EmitOptions];
type Listener<D> = (event: CustomEvent<D>) => void;

/** Adds a listener to the element it is put on: `<x-form ${listen("created", fn)}>` (lit's `@created` unchecked). */
class Listen extends Directive {
  private name = "";
  private listener?: (event: Event) => void;
  /** `this` of the listener, as lit's `@event` binds it: the template's host element. */
  private host?: object;
  private readonly handle = (event: Event) => this.listener?.call(this.host, event);

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error("listen() goes on an element: <x-el ${listen(…)}>");
  }

  render(_name: string, _listener: (event: Event) => void) {
    return noChange;
  }

  override update(part: ElementPart, [name, listener]: [string, (event: Event) => void]) {
    if (name !== this.name) {
      if (this.name) part.element.removeEventListener(this.name, this.handle);
      part.element.addEventListener(name, this.handle);
      this.name = name;
    }
    this.listener = listener;
    this.host = part.options?.host ?? part.element;
    return noChange;
  }
}
const listenTo = directive(Listen);

/** `emit`, `on` and `listen` for the events of `M`. */
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
    /** In a lit template, on the element that sends `name`: `<x-form ${listen("created", fn)}>`. */
    listen<N extends Name<M>>(name: N, listener: Listener<M[N]>) {
      return listenTo(name, listener as (event: Event) => void);
    },
  };
}
