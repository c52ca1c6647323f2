// `posenc/anywidget` (built into dist/posenc-anywidget.js: one ES module, Lit and the engine's wasm inlined):
// the anywidget front-end module (https://anywidget.dev) for Jupyter (the Python `anywidget` package) and
// MyST / Jupyter Book 2 (its `{anywidget}` directive). Both call `render({ model, el })`:
// - `model.get('widget')` names the widget: "heatmap" or "posenc-heatmap";
// - every other setting is the widget's attribute, read from the model under its attribute name
//   ("d-model"), its property name ("dModel") or in snake case ("d_model", the only spelling a Python trait
//   has); plus "lang". Values are written as in JSON: 64, "The,cat,sat" or ["The", "cat", "sat"], true.
// The widget follows the model's `change:<name>` events, and render returns the clean-up anywidget calls
// when the view goes away.
import './inline-engine.js';
import './all.js';
import { ALL_WIDGET_TAGS } from './tags.js';

/** The widget tag `name` names ("heatmap" or "posenc-heatmap"); a TypeError naming the choices otherwise. */
function tagOf(name) {
  const text = typeof name === 'string' ? name.trim().toLowerCase() : '';
  const tag = text.startsWith('posenc-') ? text : `posenc-${text}`;
  if (ALL_WIDGET_TAGS.includes(tag)) return tag;
  const names = ALL_WIDGET_TAGS.map((t) => t.slice('posenc-'.length)).join(', ');
  throw new TypeError(`posenc/anywidget: widget must be one of ${names} (got ${JSON.stringify(name) ?? 'nothing'})`);
}

/** Each attribute of widget class `cls` with the names a model may give it under. */
function settingsOf(cls) {
  const out = [{ attribute: 'lang', names: ['lang'] }];
  for (const [property, options] of cls.elementProperties) {
    if (options.state || options.attribute === false) continue;
    const attribute = typeof options.attribute === 'string' ? options.attribute : property.toLowerCase();
    out.push({ attribute, names: [...new Set([attribute, property, attribute.replace(/-/g, '_')])] });
  }
  return out;
}

/** Writes a model value as the attribute would be written in HTML (a missing or false value removes it). */
function setAttribute(el, attribute, value) {
  if (value === undefined || value === null || value === false) el.removeAttribute(attribute);
  else el.setAttribute(attribute, value === true ? '' : Array.isArray(value) ? value.join(',') : String(value));
}

export function render({ model, el }) {
  const tag = tagOf(model.get('widget'));
  const widget = document.createElement(tag);
  const settings = settingsOf(customElements.get(tag));
  let removed = false;
  const listeners = [];
  for (const { attribute, names } of settings) {
    // first the value under whichever name the model has; then each change, under the name it came by
    setAttribute(widget, attribute, names.map((n) => model.get(n)).find((v) => v !== undefined));
    for (const name of names) listeners.push([`change:${name}`, () => removed || setAttribute(widget, attribute, model.get(name))]);
  }
  for (const [event, fn] of listeners) model.on(event, fn);
  el.append(widget);
  return () => {
    removed = true;
    // (MyST's model may not implement off(): the flag above already silences the listeners)
    for (const [event, fn] of listeners)
      try {
        model.off(event, fn);
      } catch {}
    widget.remove();
  };
}

export default { render };
