// PosencElement, the base class of every posenc widget. Its parts are Lit reactive controllers in
// ./element/ (engine loading, the frame and its theme and size, the group selection, the toolbar), its
// styles are in ./element/styles.js and its messages in ./element/adjustments.js; this class creates the
// controllers and gives widgets one API. A widget declares its settings in its descriptor (element/descriptor.js:
// the defaults are set here), keeps engine results with cached(), paints through timed() and reports changes
// with announce(); it overrides the callbacks below (engineLoading, engineReady, redraw, selectionChanged,
// groupHoverChanged, constrainSelection) and the exports (toCSV, toArray, exportCanvas, and toPyTorch where a widget can say in
// PyTorch what it computes).

import { LitElement, html, nothing } from 'lit';
import { normalizePositions } from '../state/channel.js';
import { embedCode, embedFrameCode } from '../state/attributes.js';
import { checkNumbers, textInNumber } from './ranges.js';
import { composeCanvas, csvTable } from '../render/export.js';
import { pixelRatio } from '../render/canvas.js';
import { int } from '../render/format.js';
import { formatNumber } from '../i18n/index.js';
import { baseStyles } from './element/styles.js';
import { inAttributeNames, leftOut, namedValue, namedValueAdjustments } from './element/adjustments.js';
import { EngineController, inTurn, updatedOnceStarted } from './element/engine-controller.js';
import { FrameController } from './element/frame-controller.js';
import { GroupController } from './element/group-controller.js';
import { ToolbarController } from './element/toolbar-controller.js';
import { LocaleController } from './element/locale-controller.js';
import { defaultsFrom, readingStrings } from './element/descriptor.js';

// widgets import these from here
export { baseStyles, pickedChipStyles } from './element/styles.js';
export { leftOut, replaced } from './element/adjustments.js';
export { TapController, forInput, leaves } from './element/tap-controller.js';
export { elementProperties } from './element/descriptor.js';

export class PosencElement extends LitElement {
  static properties = {
    group: { type: String, reflect: true, default: '' },
    theme: { type: String, reflect: true, values: ['auto', 'light', 'dark'], default: 'auto' },
    // the widget's heading and the title line of its PNG (each widget has its own default)
    label: { type: String, reflect: true, default: '' },
    // a shorter layout that fits a 1280×720 slide (see element/compact.js)
    compact: { type: Boolean, reflect: true, default: false },
    // the message of the last engine error (guard) or of an engine that could not load
    _error: { state: true },
    // true once the engine is loaded (widgets compute on changed.has('_ready'))
    _ready: { state: true },
  };

  static styles = baseStyles;

  /** Properties set as strings read them as the attribute would (element/descriptor.js: readingStrings). */
  static getPropertyDescriptor(name, key, options) {
    return readingStrings(super.getPropertyDescriptor(name, key, options), name, options);
  }

  /** property → the text given to it (as property or attribute) that is not a number (see checkNumbers) */
  notNumbers = new Map();

  /** A widget's `updated` waits until it has started (element/engine-controller.js: updatedOnceStarted). */
  static finalize() {
    super.finalize();
    updatedOnceStarted(this.prototype);
  }

  // the language first: the other controllers' text is in it
  #locale = new LocaleController(this);
  // the toolbar next: it marks the notes open before the frame measures its tables
  #toolbar = new ToolbarController(this);
  #frame = new FrameController(this);
  #group = new GroupController(this);
  #engine = new EngineController(this, () => this.#frame.measured());

  /** name → { key, value }: engine results kept until their inputs change (cached) */
  #cache = new Map();
  #lastRender = { ms: 0, frames: 0 };
  #lastChange = '';

  constructor() {
    super();
    // the declared defaults: the shared ones above, the widget's from its descriptor (element/descriptor.js)
    Object.assign(this, defaultsFrom(this.constructor.elementProperties));
    /** the engine facade once loaded */
    this.pe = null;
    this._ready = false;
    this._error = '';
  }

  // --- what a widget computes, paints and reports ---------------------------------------------------------

  /**
   * The value `compute()` returned for `key` (a list of the inputs it depends on) under `name`, computed again
   * only when the key changes: engine results survive renders that change only what is drawn. A compute that
   * throws keeps nothing (the widget's guard shows the error).
   */
  cached(name, key, compute) {
    const text = JSON.stringify(key);
    const hit = this.#cache.get(name);
    if (hit && hit.key === text) return hit.value;
    const value = compute();
    this.#cache.set(name, { key: text, value });
    return value;
  }

  /** Runs the synchronous repaint `draw`, recording its time as lastRender; returns what `draw` returns. */
  timed(draw, { extraMs = 0 } = {}) {
    const t0 = performance.now();
    const result = draw();
    this.recordRender({ ms: extraMs + performance.now() - t0, frames: 1 });
    return result;
  }

  /** Records a repaint's time (a widget that paints over several frames reports them here). */
  recordRender({ ms, frames }) {
    this.#lastRender = { ms, frames };
  }

  /** Timing of the last repaint: { ms, frames }. */
  get lastRender() {
    return { ...this.#lastRender };
  }

  /**
   * Fires `posenc-change` with `detail` (bubbling out of shadow roots), unless the last one carried the same
   * detail: one event per change the reader sees. `same` stands for the detail in that comparison where the
   * detail is large (its JSON by default).
   */
  announce(detail, same = JSON.stringify(detail)) {
    const text = same;
    if (text === this.#lastChange) return;
    this.#lastChange = text;
    this.dispatchEvent(new CustomEvent('posenc-change', { detail, bubbles: true, composed: true }));
  }

  /** Width for a pane's plot: the pane `selector`'s column in the compact layout, the frame's width otherwise. */
  paneWidth(selector) {
    return this.widthIn(this.renderRoot?.querySelector(selector));
  }

  // --- callbacks a widget overrides (these defaults do nothing, or keep the group's list) ----------------

  /**
   * The widget has started and has its size, and the engine is on its way (or just arrived): lay out what
   * does not need it (size the canvases), so that once it is there only computing and drawing are left.
   */
  engineLoading() {}

  /** The engine is loaded (`this.pe` is set): compute and draw. `_ready` changes in the same update. */
  engineReady() {}

  /** Draws the canvases again: the content width, the colours or the layout changed. */
  redraw() {}

  /**
   * The selection changed: `source` is this widget for the reader's own pick (setSelection), null when it
   * came from the group. Widgets without `positions` of their own follow the group here.
   */
  selectionChanged(list, source) {}

  /** Another widget of the group hovers `hover` (`{ row, col }`, or null when it left). */
  groupHoverChanged(hover, source) {}

  /** The part of the group's selection `list` this widget can show (as its new `positions`). */
  constrainSelection(list) {
    return list.slice();
  }

  /**
   * The value this widget takes for the group's shared `name` (one of its `static groupShared`): `value`
   * itself by default; undefined keeps its own.
   */
  constrainShared(name, value) {
    return value;
  }

  // --- language -------------------------------------------------------------------------------------------

  /** The catalogue this widget speaks ('en', 'es', 'zh-CN' or a registered one), from the page's `lang`. */
  get locale() {
    return this.#locale.locale;
  }

  /** The message `key` in this widget's language, `params` filled in (numbers formatted for it). */
  t(key, params) {
    return this.#locale.t(key, params);
  }

  /** The message `key` as template parts: its parameters may be markup (`${this.tHtml('k', { n: html`<b>1</b>` })}`). */
  tHtml(key, params) {
    return this.#locale.parts(key, params);
  }

  /** A whole number as the reader groups its digits (English: thin spaces, as everywhere in posenc). */
  whole(v) {
    return this.locale === 'en' ? int(v) : formatNumber(this.locale, Math.round(v));
  }

  /** Sentences (text or markup) one after another, as the language joins them: a space; none in Chinese. */
  sentences(...parts) {
    return parts.reduce((first, second) => this.tHtml('common.join', { first, second }));
  }

  // --- lifecycle ----------------------------------------------------------------------------------------

  /**
   * Resolves when the engine and the catalogue of the widget's language are loaded and the widget has drawn
   * its current state (for scripts and tests: `await el.whenReady()` before reading `el.result` or taking a
   * picture); rejects if the engine cannot load. A widget not yet near the viewport starts here (it would
   * otherwise wait until the reader scrolls to it).
   */
  async whenReady() {
    this.#engine.start();
    await this.#engine.loaded;
    await this.#locale.ready;
    // an update can change the widget's size (the ResizeObserver then draws it again): wait until it holds
    for (let i = 0; i < 3; i++) {
      await this.updateComplete;
      if ('renderComplete' in this) await this.renderComplete;
      await this.updateComplete;
      if (!(await this.#frame.layoutSettled())) break;
    }
  }

  /**
   * The first render waits for its turn, one widget per task (element/engine-controller.js): a page whose
   * script defines a dozen widgets at once renders them in short tasks instead of one long one.
   */
  scheduleUpdate() {
    if (this.hasUpdated) return super.scheduleUpdate();
    return new Promise((resolve) => inTurn(resolve, this)).then(() => super.scheduleUpdate());
  }

  /** Lit renders into the frame element inside the shadow root (see FrameController.createFrame). */
  createRenderRoot() {
    const frame = this.#frame.createFrame(super.createRenderRoot());
    this.renderOptions.renderBefore = null;
    return frame;
  }

  willUpdate(changed) {
    this.#frame.willUpdate(changed);
    this.#group.willUpdate(changed);
  }

  // --- frame: size, colours, motion ---------------------------------------------------------------------

  /** Content width of the frame in CSS pixels (what canvases should fill). */
  get contentWidth() {
    return this.#frame.contentWidth;
  }

  /** Width in CSS pixels for a plot inside `box` (a compact layout's pane), else the frame's content width. */
  widthIn(box) {
    return (this.compact && box?.clientWidth) || this.contentWidth;
  }

  /**
   * A plot's height in the compact layout: `share` of the frame's width, within [min, max]. Slides are 16:9, so
   * a widget whose plots follow its width fits a 980×552 slide (Slidev) under a title as it fits a 1280×720 one.
   */
  compactHeight(share, min, max) {
    return Math.round(Math.max(min, Math.min(max, this.contentWidth * share)));
  }

  get ratio() {
    return pixelRatio();
  }

  /** Theme colours for canvas drawing (cached until the scheme or the theme changes). */
  theme$() {
    return this.#frame.colors;
  }

  /** 'light' or 'dark': the theme attribute, or with theme="auto" the scheme of the page around the widget. */
  get resolvedTheme() {
    return this.#frame.resolvedTheme;
  }

  /** true when the user asked the system for less motion. */
  get reducedMotion() {
    return this.#frame.reducedMotion;
  }

  // --- group selection ----------------------------------------------------------------------------------

  /** Positions selected in this widget (widgets that show a selection otherwise override this). */
  getSelection() {
    return normalizePositions(this.positions ?? []);
  }

  /** Called by a widget when the user selected positions here. Updates `positions` and the group. */
  setSelection(list, options) {
    this.#group.select(list, options);
  }

  /** Tells the group which cell is hovered (so linked widgets can show a crosshair). */
  publishHover(hover) {
    this.#group.publishHover(hover);
  }

  // --- readouts and errors ------------------------------------------------------------------------------

  /**
   * Runs `fn`, turning engine errors (RangeError/TypeError naming the parameter) into a visible message.
   * `main: true` marks the widget's main computation: its success clears a previous message.
   */
  guard(fn, { main = false } = {}) {
    try {
      if (main) checkNumbers(this);
      const r = fn();
      if (main && this._error) this._error = '';
      return r;
    } catch (err) {
      this._error = err?.message ? `${err.name ?? 'Error'}: ${err.localized ?? this.inAttributeNames(err.message)}` : String(err);
      return undefined;
    }
  }

  /** An engine message with the engine's parameter names replaced by the widget's attribute names. */
  inAttributeNames(message) {
    return inAttributeNames(this.constructor, message);
  }

  /** Shows a short text in the widget's status line (for example which settings of a link were not used). */
  notify(text) {
    this.#toolbar.notify(text);
  }

  /**
   * Settings the widget is drawing differently from how they were given (a list entry out of range left
   * out, a count capped): one sentence each, naming the attribute and the allowed range. Widgets extend
   * this getter; it is read on every render, so a message goes away as soon as the value is fixed. Here:
   * named values (a `values` list in static properties) outside their list.
   */
  get adjustments() {
    return namedValueAdjustments(this);
  }

  /** The named-value property `name` as drawn: its value when in its `values`, else its `fallback` or the first. */
  choice(name) {
    return namedValue(this, name);
  }

  /** The adjustment for selected positions this widget has no place for (at or beyond `count`). */
  positionsBeyond(count) {
    return leftOut('positions', this.getSelection().filter((p) => p >= count), this.t('message.positionRange', { last: count - 1 }), this.t.bind(this));
  }

  renderError() {
    // adjustments computed from text in a number attribute would only repeat its error in other words
    const adjustments = textInNumber(this) ? [] : this.adjustments;
    return html`${adjustments.map((text) => html`<p class="error adjusted" role="status">${text}</p>`)}
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : nothing}`;
  }

  /** Heading + toolbar, status line and messages; `title` is text (rendered as text, never as HTML). */
  renderHead(title) {
    return html`${this.#toolbar.render(title)}${this.renderError()}`;
  }

  // --- exports ------------------------------------------------------------------------------------------

  /** Data of the widget as CSV text (widgets override). */
  toCSV() {
    return '';
  }

  /**
   * The table the .npy export writes: { data, shape, columns? }. By default the numeric columns of the CSV's
   * first block (float64); a widget whose picture is one tensor returns that tensor, in the engine's dtype.
   */
  toArray() {
    return csvTable(this.toCSV());
  }

  /** A canvas with the widget's picture for PNG export (widgets override). */
  async exportCanvas() {
    return null;
  }

  /** The PNG export: `parts` stacked under a title line, the author's `label` when there is one. */
  picture(parts, title) {
    const t = this.theme$();
    return composeCanvas(parts, { title: this.label || title, bg: t.bg, fg: t.fg, ratio: this.ratio });
  }

  /** The markup that re-creates this widget as currently configured. */
  get embedCode() {
    return embedCode(this);
  }

  /** An <iframe> snippet showing this widget, as configured, on the embed page (see embedPageUrl). */
  get embedFrameCode() {
    return embedFrameCode(this);
  }
}
