// Size attributes (length, d-model, heads …) declare their allowed values once, as `range` in the widget's
// Lit property declaration:
//
//   heads: { type: Number, reflect: true, converter: numberAttr(8), range: { min: 1, max: 64, engine: 'AlibiBiasOptions.heads' } }
//
// `min`/`max` are what the widget draws (often far below what the engine takes: 64 ALiBi heads stay readable
// as thumbnails, the kernel takes 4096); `integer` defaults to true; `even` asks for an even integer;
// `engine` names the engine option the value is passed to (web/src/engine/schema.js), and a test checks that
// the widget's range lies inside the engine's. checkRanges() is each widget's attribute validation, and the
// tests read the same declarations to try values outside every range.

import { shipCatalogues, translate } from '../i18n/index.js';
import { describeValue } from '../state/attributes.js';
import { en as sharedMessages } from './element/messages.js';

// The range sentences are shared messages: shipped here too (as the locale controller ships them), so
// rangeText works wherever this module is imported alone (the docs generator, the tests in Node).
shipCatalogues({ en: sharedMessages });

/**
 * The sentence for a range: "an even integer from 2 to 1024", "a positive integer", "a number from 0 to 1";
 * in the reader's language when given the widget's translator `t`.
 */
export function rangeText({ min, max, integer = true, even = false }, t = translate.bind(null, 'en')) {
  const kind = even ? 'even' : integer ? 'integer' : 'number';
  if (max != null) return t(`message.range.${kind}`, { min, max });
  if (integer && min === 1) return t(even ? 'message.range.positiveEven' : 'message.range.positive');
  if (integer && min === 0) return t('message.range.nonNegative');
  return t(`message.range.${kind}AtLeast`, { min });
}

/** Whether `value` lies in `range`. */
export function inRange(value, { min, max, integer = true, even = false }) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if ((integer || even) && !Number.isInteger(value)) return false;
  if (even && value % 2) return false;
  return value >= min && (max == null || value <= max);
}

/** [property, attribute, range] for every ranged property of a widget class. */
export function rangedProperties(elementClass) {
  const out = [];
  for (const [property, options] of elementClass.elementProperties)
    if (options.range) out.push([property, typeof options.attribute === 'string' ? options.attribute : property.toLowerCase(), options.range]);
  return out;
}

/**
 * Throws a RangeError naming the first size attribute of `element` outside its declared range:
 * "heads must be an integer from 1 to 64 (got 65)".
 */
export function checkRanges(element) {
  checkNumbers(element);
  for (const [property, attribute, range] of rangedProperties(element.constructor)) {
    const value = element[property];
    if (inRange(value, range)) continue;
    throw mustBe(RangeError, element, attribute, value, (t) => rangeText(range, t));
  }
}

/**
 * Throws a TypeError naming the first number attribute of `element` given text which is not a number (as
 * the attribute or as the property): "base must be a number (got the string "ten")".
 */
export function checkNumbers(element) {
  const found = textInNumber(element);
  if (found) throw mustBe(TypeError, element, found.attribute, found.text, (t) => t('message.aNumber'));
}

/** The first number property of `element` given text that is not a number ({ attribute, text }), or null. */
export function textInNumber(element) {
  for (const [property, text] of element.notNumbers ?? []) {
    const options = element.constructor.elementProperties.get(property);
    return { text, attribute: typeof options.attribute === 'string' ? options.attribute : property.toLowerCase() };
  }
  return null;
}

function mustBe(Type, element, attribute, value, expected) {
  // the message stays English for the developer's console; the widget shows the reader's language
  const english = translate.bind(null, 'en');
  const error = new Type(`${attribute} must be ${expected(english)} (got ${describeValue(value)})`);
  if (element.t) {
    const t = (key, params) => element.t(key, params);
    error.localized = t('message.mustBe', { attribute, expected: expected(t), value: describeValue(value, t) });
  }
  return error;
}
