// `style=${styleProps({ color: 'red' })}` in a Lit template, applied with style.setProperty only.
// Lit's own styleMap writes the attribute string on first render, which a page whose CSP has no
// 'unsafe-inline' in style-src blocks (style-src-attr); CSSOM property writes are always allowed.
import { noChange } from 'lit';
import { Directive, directive, PartType } from 'lit/directive.js';

class StyleProps extends Directive {
  constructor(part) {
    super(part);
    if (part.type !== PartType.ATTRIBUTE || part.name !== 'style') throw new Error('styleProps belongs in a style attribute');
  }

  render() {
    return noChange;
  }

  update(part, [props]) {
    const { style } = part.element;
    for (const [name, value] of Object.entries(props)) style.setProperty(name, value);
    return noChange;
  }
}

export const styleProps = directive(StyleProps);
