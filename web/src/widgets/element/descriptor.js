// A widget's public settings are declared once, in its descriptor (web/src/widgets/<name>/descriptor.js):
//
//   export const properties = {
//     heads: { kind: 'integer', default: 8, min: 1, max: 64, engine: 'AlibiBiasOptions.heads' },
//     scale: { kind: 'name', values: ['shared', 'head'], default: 'shared' },
//   };
//   export const about = { … }; // docs, events, exports and TypeScript members: read by scripts/gen-widgets.mjs
//
// The element turns `properties` into Lit's declarations (`static properties = elementProperties(properties)`)
// and the base class sets the defaults; scripts/gen-widgets.mjs writes index.d.ts, docs/widgets.md and the tag
// lists from the same file. The bundles import `properties` only: `about` (the prose) is left out of them.
//
// kinds: 'integer' | 'number' (a number attribute; with `min`/`max` a checked range, see ../ranges.js)
// | 'boolean' | 'string' | 'name' (one of `values`; a value outside them draws `fallback`, else the default) | 'integers' ("3,7") | 'numbers' ("0.5,1") | 'strings'
// ("The,cat"). `attribute` defaults to the kebab-case name (dModel → d-model); `reflect` to true.

import { NotANumber, fromStringProperty, intList, numberAttr, stringListAttr, textAttr } from '../../state/attributes.js';

/** dModel → d-model, the attribute a property reads. */
export const attributeName = (property) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** "0.5, 1,2" <-> [0.5, 1, 2]; entries that are not finite numbers are dropped. */
export const numberList = {
  fromAttribute(value) {
    if (value == null || value.trim() === '') return [];
    return value.split(',').map((s) => s.trim()).filter((s) => s !== '' && Number.isFinite(Number(s))).map(Number);
  },
  toAttribute: (value) => (Array.isArray(value) && value.length ? value.join(',') : null),
};

const LIT = {
  integer: (p) => ({ type: Number, converter: numberAttr(p.default) }),
  number: (p) => ({ type: Number, converter: numberAttr(p.default) }),
  boolean: () => ({ type: Boolean }),
  string: (p) => ({ type: String, ...(p.default !== undefined && p.default !== '' ? { converter: textAttr(p.default) } : {}) }),
  name: (p) => ({ type: String, values: p.values, fallback: p.fallback ?? p.default }),
  integers: () => ({ type: Array, converter: intList }),
  numbers: () => ({ type: Array, converter: numberList }),
  strings: (p) => ({ type: Array, converter: stringListAttr(p.default ?? []) }),
};

/** The range checkRanges() holds a number property to, or undefined (no `min`/`max`: the widget clamps it). */
export function rangeOf(p) {
  if (p.min === undefined && p.max === undefined) return undefined;
  return { min: p.min, max: p.max, integer: p.kind === 'integer', ...(p.even ? { even: true } : {}), ...(p.engine ? { engine: p.engine } : {}) };
}

/** Lit's `static properties` for a descriptor's `properties`. */
export function elementProperties(properties) {
  const out = {};
  for (const [name, p] of Object.entries(properties)) {
    const make = LIT[p.kind];
    if (!make) throw new TypeError(`${name}: kind must be one of ${Object.keys(LIT).join(', ')} (got ${p.kind})`);
    const range = p.kind === 'integer' || p.kind === 'number' ? rangeOf(p) : undefined;
    out[name] = { ...make(p), reflect: p.reflect ?? true, attribute: p.attribute ?? attributeName(name), default: p.default, ...(range ? { range } : {}) };
  }
  return out;
}

/** Each declared default, from Lit's declarations (lists are copied: elements never share an array). */
export function defaultsFrom(elementProperties) {
  const out = {};
  for (const [name, o] of elementProperties) if (o.default !== undefined) out[name] = Array.isArray(o.default) ? o.default.slice() : o.default;
  return out;
}

/**
 * Lit's accessor `descriptor` for property `name`, made to read a string as the attribute would when the
 * property holds a number, list or boolean: frameworks (React, Vue) set markup values as properties, as text,
 * when they render a page in the browser. Text that is not a number keeps the property's fallback and is kept
 * in `notNumbers` for the widget's message (see ../ranges.js: checkNumbers).
 */
export function readingStrings(descriptor, name, options) {
  const read = fromStringProperty(options);
  if (!descriptor || !read) return descriptor;
  const { set } = descriptor;
  return {
    ...descriptor,
    set(value) {
      if (typeof value === 'string') value = read(value);
      const text = value instanceof NotANumber ? value.text : undefined;
      const before = this.notNumbers.get(name);
      if (text === undefined) this.notNumbers.delete(name);
      else this.notNumbers.set(name, text);
      set.call(this, text === undefined ? value : value.fallback);
      // a changed text is a change of the property (widgets compute again on changed.has(name))
      if (text !== before) this.requestUpdate(name, before ?? text);
    },
  };
}
