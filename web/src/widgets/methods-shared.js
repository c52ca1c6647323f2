// Small helpers shared by the method widgets (learned, T5, RoPE, scaling, ALiBi, methods, padding).
// Nothing here computes an encoding: these arrange inputs for the engine and format what it returns.

import { css, html, nothing, unsafeCSS } from 'lit';
import { CATEGORICAL } from '../render/palette.js';
import { clearCanvas, pointerIn } from '../render/canvas.js';
import { TapController } from './element/tap-controller.js';

/** Int32Array [start, start + 1, …, start + count − 1]: the position indices handed to the engine. */
export function indexRange(start, count) {
  const out = new Int32Array(Math.max(0, count));
  for (let i = 0; i < out.length; i++) out[i] = start + i;
  return out;
}

/** `rows` copies of `vector` one after another (a batch of identical rows for one engine call). */
export function tile(vector, rows) {
  const d = vector.length;
  const out = new Float32Array(rows * d);
  for (let r = 0; r < rows; r++) out.set(vector, r * d);
  return out;
}

/** Row `r` of a row-major table (a view, no copy). */
export function row(table, r, width) {
  return table.subarray(r * width, (r + 1) * width);
}

/**
 * Seeded content vectors (queries, keys, token embeddings) drawn by the engine: `count` rows of width
 * `dim` from Normal(0, std). The engine's learned-table generator is reused as a reproducible source.
 */
export function contentVectors(pe, { count, dim, seed = 0, std = 1 }) {
  return pe.learned({ maxLength: count, dModel: dim, seed, std });
}

/** "RangeError: message" text of an engine error. */
export function errorText(err) {
  return err?.message ? `${err.name ?? 'Error'}: ${err.message}` : String(err);
}

/** The pair whose wavelength in `wavelengths` is nearest `length` on a log scale (where a scaling matters). */
export function nearestPair(wavelengths, length) {
  let best = 0;
  for (let i = 0; i < wavelengths.length; i++) if (Math.abs(Math.log(wavelengths[i] / length)) < Math.abs(Math.log(wavelengths[best] / length))) best = i;
  return best;
}

/** Runs fn and returns { value } or { error } (engine errors are expected states in these lessons). */
export function attempt(fn) {
  try {
    return { value: fn() };
  } catch (err) {
    return { error: err };
  }
}

/**
 * A labelled number input bound to `host[prop]`: a change sets the property when the box holds a finite
 * number (an empty box or a stray character leaves it as it was).
 */
export function numberInput(host, label, prop, { min, max, step = 'any' } = {}) {
  return html`<label
    >${label}
    <input
      type="number"
      min=${min ?? nothing}
      max=${max ?? nothing}
      step=${step}
      .value=${String(host[prop])}
      @change=${(e) => {
        const v = Number(e.target.value);
        if (e.target.value !== '' && Number.isFinite(v)) host[prop] = v;
      }}
  /></label>`;
}

/** Clamp to an integer range; non-numbers give lo. */
export function clampInt(v, lo, hi) {
  const n = Math.round(Number(v));
  if (!Number.isFinite(n)) return lo;
  return Math.min(hi, Math.max(lo, n));
}

/**
 * Classes .c0 … .c9 set `color` to the categorical palette (legend swatches use currentColor): style
 * attributes would be blocked by a strict style-src Content-Security-Policy, stylesheets are not.
 */
export const paletteStyles = unsafeCSS(CATEGORICAL.map((c, i) => `.c${i}{color:${c}}`).join('\n'));

/** Styles shared by the method widgets on top of baseStyles. */
export const methodStyles = css`
  ${paletteStyles}
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: flex-start;
  }
  .row > .grow {
    flex: 1 1 260px;
    min-width: 0;
  }
  .panel-title {
    font-weight: 600;
    margin: 10px 0 4px;
    font-size: max(var(--_min-text), 0.95em);
  }
  .seg {
    display: inline-flex;
    flex-wrap: wrap;
    gap: 0;
  }
  .seg button {
    border-radius: 0;
    margin-left: -1px;
  }
  .seg button:first-child {
    border-radius: calc(var(--_radius) * 0.6) 0 0 calc(var(--_radius) * 0.6);
    margin-left: 0;
  }
  .seg button:last-child {
    border-radius: 0 calc(var(--_radius) * 0.6) calc(var(--_radius) * 0.6) 0;
  }
  .seg button:focus-visible {
    position: relative;
    z-index: 1;
  }
  input[type='number'] {
    width: 6.5em;
  }
  input[type='range'] {
    min-width: 120px;
    flex: 1 1 140px;
  }
  label.slider {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    flex: 1 1 260px;
  }
  output,
  .num {
    font-family: var(--_mono);
  }
  .big {
    font-family: var(--_mono);
    font-size: 1.3em;
    font-weight: 600;
  }
  .ok {
    color: var(--_ok);
  }
  .bad {
    color: var(--_bad);
  }
  .fail {
    color: var(--_bad);
    border-left: 3px solid var(--_bad);
    padding: 2px 8px;
    margin: 6px 0;
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.88em);
    overflow-wrap: anywhere;
  }
  .cards {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
    gap: 8px;
    margin: 8px 0;
  }
  .card {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 6px 10px;
  }
  .card .name {
    color: var(--_muted);
    font-size: max(var(--_min-text), 0.88em);
    display: block;
  }
  table.grid {
    border-collapse: collapse;
    font-size: max(var(--_min-text), 0.88em);
    width: 100%;
  }
  table.grid th,
  table.grid td {
    border: 1px solid var(--_border);
    padding: 3px 6px;
    text-align: left;
    vertical-align: top;
  }
  table.grid th {
    background: var(--_surface);
    font-weight: 600;
  }
  table.grid td.num,
  table.grid th.num {
    text-align: right;
    font-family: var(--_mono);
    white-space: nowrap;
  }
  table.grid th.num {
    white-space: normal;
  }
  /* Phone widths: numbers may break at their spaces ("7.645 ×" / "10⁻⁴") so every column stays in view. */
  @media (max-width: 480px) {
    table.grid td.num {
      white-space: normal;
    }
    table.grid th,
    table.grid td {
      padding: 2px 3px;
    }
  }
  kbd {
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.85em);
    border: 1px solid var(--_border);
    border-bottom-width: 2px;
    border-radius: 4px;
    padding: 0 4px;
    background: var(--_surface);
  }
`;

/**
 * The pair a key moves to on a plot of `count` pairs (←/→, Shift: by 8; Home, End), or null for a key that
 * does not move it. The caller prevents the default for a non-null answer.
 */
export function pairForKey(e, pair, count) {
  const step = e.shiftKey ? 8 : 1;
  const next = { ArrowLeft: pair - step, ArrowRight: pair + step, Home: 0, End: count - 1 }[e.key];
  return next === undefined ? null : clampInt(next, 0, count - 1);
}

/** The pair under the pointer on a plot of `count` pairs drawn by drawXYPlot (`{ plot, rect }`), or null. */
export function pairAtPointer(e, { plot, rect }, count) {
  const { x } = pointerIn(e);
  if (x < rect.x || x > rect.x + rect.w) return null;
  return clampInt(plot.sx.invert(x), 0, count - 1);
}

/**
 * Reading and selecting a pair on a plot of pairs (the scaling and model widgets; element/tap-controller.js):
 * hovering, a tap or ←/→ read a pair (`read`, shown until selected); a click, a second tap, the Select button
 * (`button()`) or Enter select it as the host's `pair`, which the address follows. The host has `_plot` (from
 * drawXYPlot), `_pair` (the pair it shows: `read` first) and `pair`; `count()` is how many pairs it draws.
 */
export class PairReader {
  #host;
  #count;
  #tap;
  #read = null;

  constructor(host, count) {
    this.#host = host;
    this.#count = count;
    this.#tap = new TapController(host, () => this.select(host._pair));
  }

  /** The pair read and not yet selected, or null. */
  get read() {
    return this.#read;
  }

  set read(i) {
    this.#read = i;
    this.#host.requestUpdate();
  }

  #at(e) {
    const count = this.#count();
    return this.#host._plot && count > 0 ? pairAtPointer(e, this.#host._plot, count) : null;
  }

  /** pointermove, pointerdown: reads the pair under the pointer. */
  move = (e) => {
    const i = this.#at(e);
    if (i !== null && i !== this.#host._pair) this.read = i;
  };

  /** click: reads the pair, and selects it on a mouse click or a second tap. */
  click = (e) => {
    const i = this.#at(e);
    if (i === null) return;
    this.read = i;
    if (this.#tap.selects(e, String(i))) this.select(i);
  };

  /** keydown: ←/→, Home, End read; Enter or Space selects. True when it used the key. */
  key(e) {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.select(this.#host._pair);
      return true;
    }
    const i = pairForKey(e, this.#host._pair, this.#count());
    if (i === null) return false;
    e.preventDefault();
    this.#tap.clear();
    this.read = i;
    return true;
  }

  /** The reader's pick: the host's `pair` (and the address) follow. */
  select(i) {
    this.read = null;
    this.#host.pair = i;
  }

  /** The Select button under a pair a tap read, labelled in the host's language. */
  button() {
    return this.#tap.button(this.#host.t('common.selectPairOfChannels', { pair: this.#host._pair }));
  }
}

/**
 * The cleared 2-D context of the element's `canvas.plot`, as wide as its `.plot-pane` (the frame outside the
 * compact layout) and `height` tall, with that width; null before the first render.
 */
export function plotContext(el, height) {
  const canvas = el.renderRoot?.querySelector('canvas.plot');
  if (!canvas) return null;
  const w = el.widthIn(el.renderRoot.querySelector('.plot-pane'));
  return { ctx: clearCanvas(canvas, w, height, el.ratio), w };
}
