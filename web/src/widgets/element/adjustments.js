// The sentences a widget shows when it draws something other than what the page asked for, and engine
// messages reworded into the page author's attribute names. Pure functions over a widget and its Lit
// property declarations (`static properties`: `attribute`, and for named values `values` and `fallback`),
// in the widget's language (web/src/i18n).

import { translate } from '../../i18n/index.js';

// English, for callers that pass no translator (the widget's own `t` gives its language)
const english = (key, params) => translate('en', key, params);

/**
 * The sentence for list entries a widget leaves out: `leftOut('dims', [70], 'from 0 to 63')` gives
 * "dims: 70 is not from 0 to 63, so it is left out". Empty when nothing was left out. `t` is the
 * widget's translator (English by default); `expected` is already in its language.
 */
export function leftOut(attribute, values, expected, t = english) {
  if (!values.length) return [];
  const shown = values.length > 5 ? `${values.slice(0, 5).join(', ')}, …` : values.join(', ');
  return [t('message.leftOut', { attribute, values: shown, expected, count: values.length })];
}

/** The sentence for a value the widget replaced: `replaced('step', 9, 5, 'a step from 1 to 5')`; empty when equal. */
export function replaced(attribute, given, used, expected, t = english) {
  return Object.is(given, used) ? [] : [t('message.replaced', { attribute, given: String(given), used: String(used), expected })];
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `message` (from the engine) in the words of the page's author: the engine's parameter names (dModel,
 * numBuckets) become the widget's attributes (d-model, num-buckets). A widget class whose engine options
 * have other names lists them in `static engineNames` (`{ 'scaling.originalMaxPositionEmbeddings': 'original-max' }`).
 */
export function inAttributeNames(widgetClass, message) {
  const names = { ...widgetClass.engineNames };
  for (const [property, options] of widgetClass.elementProperties)
    if (typeof options.attribute === 'string' && !(property in names)) names[property] = options.attribute;
  // longest first, so scaling.shortFactor wins over shortFactor
  const keys = Object.keys(names).sort((a, b) => b.length - a.length);
  if (!keys.length) return message;
  const pattern = new RegExp(`(?<![\\w.-])(${keys.map(escapeRegExp).join('|')})(?![\\w-])`, 'g');
  return message.replace(pattern, (name) => names[name]);
}

/**
 * One sentence for each named-value property of `widget` (a `values` list in its declaration) that holds a
 * name outside its list, naming the value drawn instead (see `namedValue`).
 */
export function namedValueAdjustments(widget) {
  const out = [];
  for (const [name, options] of widget.constructor.elementProperties) {
    const value = widget[name];
    if (!options.values || value == null || value === '' || options.values.includes(value)) continue;
    const attribute = typeof options.attribute === 'string' ? options.attribute : name.toLowerCase();
    out.push(widget.t('message.namedValue', { attribute, value: String(value), values: options.values.join(', '), used: options.fallback ?? options.values[0] }));
  }
  return out;
}

/**
 * The named-value property `name` of `widget` as drawn: its value when in its `values` list, else its
 * `fallback` (the widget's default) or the list's first.
 */
export function namedValue(widget, name) {
  const { values, fallback = values[0] } = widget.constructor.elementProperties.get(name);
  return values.includes(widget[name]) ? widget[name] : fallback;
}
