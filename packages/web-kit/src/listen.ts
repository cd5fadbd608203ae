// `listen(name, listener)` for lit templates, typed from an app's event map like `emit` and `on`
// (events.ts): `<x-form ${listen("created", fn)}>`, where lit's `@created` would not be checked.
// Apart from events.ts so that modules that only send events do not load lit.
import { noChange } from "lit";
import { Directive, directive, PartType, type ElementPart, type PartInfo } from "lit/directive.js";
import type { Listener, Name } from "./events.ts";

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

/** `listen` for the events of `M`. */
export function typedListen<M extends object>() {
  return {
    /** On the element that sends `name`: `<x-form ${listen("created", fn)}>`. */
    listen<N extends Name<M>>(name: N, listener: Listener<M[N]>) {
      return listenTo(name, listener as (event: Event) => void);
    },
  };
}
