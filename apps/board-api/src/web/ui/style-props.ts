// Dynamic styles (a label's colour, a progress bar's width) set through the CSSOM. Lit's styleMap
// writes a `style` attribute on first render, which the page's CSP (no inline styles) blocks.
import { noChange } from "lit";
import { Directive, directive, PartType, type ElementPart, type PartInfo } from "lit/directive.js";

class StyleProps extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT)
      throw new Error("styleProps goes on an element: <div ${styleProps({…})}>");
  }

  render(_styles: Record<string, string>) {
    return noChange;
  }

  override update(part: ElementPart, [styles]: [Record<string, string>]) {
    const style = (part.element as HTMLElement).style;
    for (const [property, value] of Object.entries(styles)) style.setProperty(property, value);
    return noChange;
  }
}

/** `<span ${styleProps({ background: color })}>`: CSS properties by their CSS names. */
export const styleProps = directive(StyleProps);
