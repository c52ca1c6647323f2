// Shared behaviour of every posenc widget: engine loading, group selection, toolbar (embed code, CSV,
// PNG), live readouts, theme/motion preferences, resize handling and error display.

import { LitElement, html, css, nothing, unsafeCSS } from 'lit';
import { getEngine } from './engine.js';
import { getChannel, normalizePositions, samePositions } from '../state/channel.js';
import { embedCode, embedFrameCode } from '../state/attributes.js';
import { copyText, download, canvasToBlob, composeCanvas } from '../render/export.js';
import { themeColors, pixelRatio } from '../render/canvas.js';
import { compactStyles } from './compact.js';
import { controlUsesKey, pageScheme, watchPageScheme } from './host-page.js';

/** The dark theme's colours: for theme="dark", and for theme="auto" on a dark page (see pageScheme). */
const darkPalette = css`
  --_fg: var(--posenc-fg, #e6edf3);
  --_bg: var(--posenc-bg, #0d1117);
  --_surface: var(--posenc-surface, #161b22);
  --_muted: var(--posenc-muted, #9da7b3);
  --_border: var(--posenc-border, #3d444d);
  --_grid: var(--posenc-grid, rgba(230, 237, 243, 0.14));
  --_accent: var(--posenc-accent, #4493f8);
  --_accent-fg: var(--posenc-accent-fg, #0d1117);
  --_focus: var(--posenc-focus, #79b8ff);
  --_select-a: var(--posenc-select-a, #fb923c);
  --_select-b: var(--posenc-select-b, #a78bfa);
  --_cursor: var(--posenc-cursor, #ffffff);
  --_bar-pos: var(--posenc-bar-positive, #67a9cf);
  --_bar-neg: var(--posenc-bar-negative, #ef8a62);
  --_ok: var(--posenc-ok, #3fb950);
  --_bad: var(--posenc-bad, #f85149);
`;

/**
 * The sentence for list entries a widget leaves out: `leftOut('dims', [70], 'from 0 to 63')` gives
 * "dims: 70 is not from 0 to 63, so it is left out". Empty when nothing was left out.
 */
export function leftOut(attribute, values, expected) {
  if (!values.length) return [];
  const shown = values.length > 5 ? `${values.slice(0, 5).join(', ')}, …` : values.join(', ');
  const one = values.length === 1;
  return [`${attribute}: ${shown} ${one ? 'is' : 'are'} not ${expected}, so ${one ? 'it is' : 'they are'} left out`];
}

/** The sentence for a value the widget replaced: `replaced('step', 9, 5, 'a step from 1 to 5')`; empty when equal. */
export function replaced(attribute, given, used, expected) {
  return Object.is(given, used) ? [] : [`${attribute}: ${given} is not ${expected}, so ${used} is used`];
}

/**
 * The two picked token chips (first pick in the A colour, second in the B colour), for widgets whose
 * token strips mark the picks with different attributes; `first` and `second` are constant selectors.
 */
export function pickedChipStyles(first, second) {
  const [a, b] = [unsafeCSS(first), unsafeCSS(second)];
  return css`
    ${a} {
      background: var(--_select-a);
      border-color: var(--_select-a);
      color: var(--_bg);
    }
    ${b} {
      background: var(--_select-b);
      border-color: var(--_select-b);
      color: var(--_bg);
    }
    ${a} .idx,
    ${b} .idx {
      opacity: 1;
    }
  `;
}

const coreStyles = css`
  /* The host carries only what places it in the page. Its frame (border, padding, colours, fonts) is drawn
     by .frame inside the shadow root, where no page reset (Tailwind's preflight, normalize) can strip it. */
  :host {
    display: block;
    box-sizing: border-box;
    min-width: 0;
    max-width: 100%;
    contain: layout;
  }
  .frame {
    --_fg: var(--posenc-fg, #1b1f24);
    --_bg: var(--posenc-bg, #ffffff);
    --_surface: var(--posenc-surface, #f3f5f8);
    --_muted: var(--posenc-muted, #555f6b);
    --_border: var(--posenc-border, #c9d1d9);
    --_grid: var(--posenc-grid, rgba(27, 31, 36, 0.13));
    --_accent: var(--posenc-accent, #0a58ca);
    --_accent-fg: var(--posenc-accent-fg, #ffffff);
    --_focus: var(--posenc-focus, #0a58ca);
    --_select-a: var(--posenc-select-a, #c2410c);
    --_select-b: var(--posenc-select-b, #6d28d9);
    --_cursor: var(--posenc-cursor, #111111);
    --_bar-pos: var(--posenc-bar-positive, #2166ac);
    --_bar-neg: var(--posenc-bar-negative, #b2182b);
    --_ok: var(--posenc-ok, #1a7f37);
    --_bad: var(--posenc-bad, #cf222e);
    --_radius: var(--posenc-radius, 8px);
    --_font: var(--posenc-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_mono: var(--posenc-font-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    /* native controls (checkboxes, sliders, scrollbars) follow the widget's theme, not the page's */
    color-scheme: light;
    position: relative;
    color: var(--_fg);
    background: var(--_bg);
    font-family: var(--_font);
    font-size: var(--posenc-font-size, 14px);
    /* inherited text settings of the host page (reveal.js centres slide text, some pages justify or
       space letters) are reset: the widget lays out its own text */
    font-style: normal;
    font-weight: normal;
    line-height: 1.45;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-indent: 0;
    text-transform: none;
    text-shadow: none;
    white-space: normal;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--posenc-padding, 12px);
  }
  .frame.dark {
    color-scheme: dark;
    ${darkPalette}
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 4px 12px;
    margin-bottom: 8px;
  }
  .title {
    font-weight: 600;
    font-size: 1.02em;
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  button,
  select,
  input,
  textarea {
    font: inherit;
    color: inherit;
  }
  button {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.6);
    padding: 4px 10px;
    min-height: 32px;
    cursor: pointer;
  }
  button:hover {
    border-color: var(--_accent);
  }
  button[aria-pressed='true'],
  button.primary {
    background: var(--_accent);
    color: var(--_accent-fg);
    border-color: var(--_accent);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar button {
    font-size: 0.86em;
    min-height: 28px;
    padding: 2px 8px;
  }
  select,
  input[type='number'],
  input[type='text'] {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.6);
    padding: 3px 6px;
    min-height: 30px;
  }
  input[type='range'] {
    accent-color: var(--_accent);
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .plot:focus-visible {
    outline-offset: 0;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 14px;
    margin: 8px 0;
  }
  .controls label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  .readout {
    font-family: var(--_mono);
    font-size: 0.92em;
    min-height: 1.5em;
    margin: 6px 0 0;
    overflow-wrap: anywhere;
  }
  .muted {
    color: var(--_muted);
  }
  .note {
    color: var(--_muted);
    font-size: 0.9em;
    margin: 6px 0 0;
  }
  .error {
    color: var(--_bad);
    border: 1px solid var(--_bad);
    border-radius: calc(var(--_radius) * 0.6);
    padding: 6px 10px;
    margin: 6px 0;
    overflow-wrap: anywhere;
  }
  .embed,
  .embed-frame {
    margin: 6px 0;
  }
  .embed textarea,
  .embed-frame textarea {
    width: 100%;
    font-family: var(--_mono);
    font-size: 0.85em;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.6);
    padding: 6px;
    resize: vertical;
  }
  .status:empty {
    margin: 0;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .plot {
    display: block;
    touch-action: none;
    max-width: 100%;
  }
  canvas {
    display: block;
  }
  .scroll {
    overflow: auto;
    max-width: 100%;
  }
  /* a table wider than its column fades out at the side that has more (set by _markScrollers) */
  .scroll.more-right {
    -webkit-mask-image: linear-gradient(to right, #000 calc(100% - 2.5em), transparent);
    mask-image: linear-gradient(to right, #000 calc(100% - 2.5em), transparent);
  }
  .scroll.more-left {
    -webkit-mask-image: linear-gradient(to left, #000 calc(100% - 2.5em), transparent);
    mask-image: linear-gradient(to left, #000 calc(100% - 2.5em), transparent);
  }
  .scroll.more-left.more-right {
    -webkit-mask-image: linear-gradient(to right, transparent, #000 2.5em, #000 calc(100% - 2.5em), transparent);
    mask-image: linear-gradient(to right, transparent, #000 2.5em, #000 calc(100% - 2.5em), transparent);
  }
  table.values {
    border-collapse: collapse;
    font-family: var(--_mono);
    font-size: 0.82em;
  }
  table.values th,
  table.values td {
    border: 1px solid var(--_border);
    padding: 2px 6px;
    text-align: right;
    white-space: nowrap;
  }
  table.values th {
    background: var(--_surface);
    position: sticky;
    top: 0;
  }
  @media (max-width: 480px) {
    table.values th,
    table.values td {
      padding: 2px 3px;
    }
  }
  details > summary {
    cursor: pointer;
    margin-top: 6px;
    color: var(--_muted);
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
      animation: none !important;
    }
  }
`;

/** Every widget's shared styles (Lit flattens the array in `static styles`). */
export const baseStyles = [coreStyles, compactStyles];

const motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/** Pretty name of a widget for labels ("posenc-heatmap" -> "heatmap"). */
function shortName(tag) {
  return tag.replace(/^posenc-/, '');
}

export class PosencElement extends LitElement {
  static properties = {
    group: { type: String, reflect: true },
    theme: { type: String, reflect: true, values: ['auto', 'light', 'dark'] },
    // the widget's heading and the title line of its PNG (each widget has its own default)
    label: { type: String, reflect: true },
    // a shorter layout that fits a 1280×720 slide (see compact.js)
    compact: { type: Boolean, reflect: true },
    _error: { state: true },
    _status: { state: true },
    _embed: { state: true },
    _ready: { state: true },
    _notesOpen: { state: true },
  };

  static styles = baseStyles;

  constructor() {
    super();
    this.group = '';
    this.theme = 'auto';
    this.compact = false;
    this._notesOpen = false;
    /** the engine facade once loaded */
    this.pe = null;
    this._ready = false;
    this._error = '';
    this._status = '';
    this._embed = null;
    this._channel = null;
    this._onChannel = (e) => this._channelChanged(e);
    this._onHover = (e) => this.groupHoverChanged?.(e.detail.hover, e.detail.source);
    this._onPrefs = () => {
      this._applyScheme();
      this._repaint();
    };
    this._engineLoaded = new Promise((resolve, reject) => {
      this._resolveEngine = resolve;
      this._rejectEngine = reject;
    });
    this._engineLoaded.catch(() => {});  // the error is shown in the widget; whenReady() rejects with it
    this._width = 0;
    this._resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => this._resized(entries)) : null;
  }

  /**
   * Resolves when the engine is loaded and the widget has drawn its current state (for scripts and tests:
   * `await el.whenReady()` before reading `el.result` or taking a picture); rejects if the engine cannot load.
   */
  async whenReady() {
    await this._engineLoaded;
    await this.updateComplete;
    if ('renderComplete' in this) await this.renderComplete;
    await this.updateComplete;
  }

  /**
   * The shadow root holds one element, the frame, and Lit renders into it. The frame is written in English,
   * so it is laid out left to right (numbers, minus signs, full stops, canvas text) even on a right-to-left
   * page. Keys that the widget acts on stop at the frame, so a slide deck listening on the document does
   * not act on them too; other keys go on to the page.
   */
  createRenderRoot() {
    const shadow = super.createRenderRoot();
    const frame = document.createElement('div');
    frame.className = 'frame';
    frame.setAttribute('part', 'frame');
    frame.dir = 'ltr';
    frame.lang = 'en';
    shadow.append(frame);
    this.renderOptions.renderBefore = null;
    const contain = (e) => {
      if (e.defaultPrevented || controlUsesKey(e.composedPath()[0], e)) e.stopPropagation();
    };
    frame.addEventListener('keydown', contain);
    frame.addEventListener('keypress', contain);
    return frame;
  }

  /** true when the user asked the system for less motion. */
  get reducedMotion() {
    return !!motionQuery?.matches;
  }

  connectedCallback() {
    super.connectedCallback();
    if (!this._scrollWatched) {
      // scroll events do not bubble: one capturing listener sees every table's container
      this.renderRoot.addEventListener('scroll', (e) => e.target.classList?.contains('scroll') && this._markScrollers([e.target]), {
        capture: true,
        passive: true,
      });
      this._scrollWatched = true;
    }
    this._themeCache = null;
    motionQuery?.addEventListener('change', this._onPrefs);
    darkQuery?.addEventListener('change', this._onPrefs);
    this._resizeObserver?.observe(this.renderRoot);
    this._unwatchPage = watchPageScheme(this, () => this._applyScheme() && this._repaint());
    this._applyScheme();
    this._joinGroup();
    if (!this.pe) {
      getEngine().then(
        (pe) => {
          this.pe = pe;
          this._ready = true;
          this.engineReady?.();
          this._resolveEngine();
        },
        (err) => {
          this._error = `The positional-encoding engine could not be loaded: ${err?.message ?? err}`;
          this._rejectEngine(new Error(this._error, { cause: err }));
        },
      );
    }
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    motionQuery?.removeEventListener('change', this._onPrefs);
    darkQuery?.removeEventListener('change', this._onPrefs);
    this._resizeObserver?.unobserve(this.renderRoot);
    this._unwatchPage?.();
    this._leaveGroup();
  }

  willUpdate(changed) {
    if (changed.has('theme') || changed.has('style')) {
      this._themeCache = null;
      this._applyScheme();
    }
    if (changed.has('group') && this.isConnected && changed.get('group') !== undefined) {
      this._leaveGroup();
      this._joinGroup();
    }
    // positions set by a script (not adopted from the group, not a reader's pick): the group follows too
    if (changed.has('positions') && this._channel && this.positions !== this._adopted && !samePositions(this._channel.positions, this.getSelection()))
      this._channel.select(this.getSelection(), this);
  }

  update(changed) {
    super.update(changed);
    this.renderRoot.classList.toggle('notes-open', this._notesOpen);
    this._markScrollers();
    // plots are sized for the layout: switching it (not the first render) draws them again
    if (changed.has('compact') && changed.get('compact') !== undefined) this.updateComplete.then(() => this.redraw?.());
  }

  /** Width in CSS pixels for a plot inside `box` (a compact layout's pane), else the frame's content width. */
  widthIn(box) {
    return (this.compact && box?.clientWidth) || this.contentWidth;
  }

  /**
   * Tables that do not fit their column scroll sideways: mark which sides have more (the CSS fades them),
   * and make the container a labelled, focusable region so the keyboard can scroll it too.
   */
  _markScrollers(scrollers = this.renderRoot.querySelectorAll('.scroll')) {
    for (const el of scrollers) {
      const more = el.scrollWidth - el.clientWidth;
      const over = more > 1;
      el.classList.toggle('more-right', over && el.scrollLeft < more - 1);
      el.classList.toggle('more-left', over && el.scrollLeft > 1);
      if (over === el.hasAttribute('tabindex')) continue;
      if (over) {
        el.tabIndex = 0;
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', 'Table, scrolls sideways');
      } else {
        for (const name of ['tabindex', 'role', 'aria-label']) el.removeAttribute(name);
      }
    }
  }

  // --- sizing -------------------------------------------------------------------------------------------

  /** Content width of the host in CSS pixels (what canvases should fill). */
  get contentWidth() {
    return this._width || Math.max(280, this.clientWidth - 26);
  }

  _resized(entries) {
    const w = Math.floor(entries[entries.length - 1].contentRect.width);
    if (w > 0 && Math.abs(w - this._width) >= 1) {
      this._width = w;
      this.redraw?.();
      this._markScrollers();
    }
  }

  /** Theme colours for canvas drawing, cached (reading computed styles forces a style recalculation). */
  theme$() {
    if (!this._themeCache) this._themeCache = themeColors(this.renderRoot);
    return this._themeCache;
  }

  /** 'light' or 'dark': the theme attribute, or with theme="auto" the scheme of the page around the widget. */
  get resolvedTheme() {
    return this.theme === 'light' || this.theme === 'dark' ? this.theme : pageScheme(this, !!darkQuery?.matches);
  }

  /** Puts the frame in the current scheme; true when that changed it. */
  _applyScheme() {
    const dark = this.resolvedTheme === 'dark';
    if (dark === this.renderRoot.classList.contains('dark')) return false;
    this.renderRoot.classList.toggle('dark', dark);
    this._themeCache = null;
    return true;
  }

  /** Draws everything again in the current colours (after a theme or motion preference changed). */
  _repaint() {
    this._themeCache = null;
    this.requestUpdate();
    this.redraw?.();
  }

  get ratio() {
    return pixelRatio();
  }

  // --- group selection ----------------------------------------------------------------------------------

  /** Positions selected in this widget (widgets that show a selection override this with a property). */
  getSelection() {
    return normalizePositions(this.positions ?? []);
  }

  /** Called by a widget when the user selected positions here. Updates the property and the group. */
  setSelection(list, { announce = true } = {}) {
    const next = normalizePositions(list);
    if (!samePositions(next, this.getSelection())) {
      this.positions = next;
    }
    this._channel?.select(next, this);
    if (announce) this.selectionChanged?.(next, this);
  }

  _joinGroup() {
    if (!this.group) return;
    this._channel = getChannel(this.group);
    this._channel.addEventListener('change', this._onChannel);
    this._channel.addEventListener('hover', this._onHover);
    if (this._channel.positions.length) {
      this._adopt(this._channel.positions, { initial: true });
    } else if (this.getSelection().length) {
      this._channel.select(this.getSelection(), this);
    }
  }

  _leaveGroup() {
    if (!this._channel) return;
    this._channel.removeEventListener('change', this._onChannel);
    this._channel.removeEventListener('hover', this._onHover);
    this._channel = null;
  }

  _channelChanged(e) {
    if (e.detail.source === this) return;
    this._adopt(e.detail.positions);
  }

  _adopt(list, { initial = false } = {}) {
    if (!('positions' in this)) {
      // widgets without a selection of their own (pipeline, properties) follow the group's later
      // selections; on joining, their own attributes win
      if (!initial) this.selectionChanged?.(list.slice(), null);
      return;
    }
    if (samePositions(list, this.getSelection())) return;
    this.positions = this.constrainSelection ? this.constrainSelection(list) : list.slice();
    this._adopted = this.positions;  // not to be published back (constrained, it may differ from the group's)
    this.selectionChanged?.(this.positions, null);
  }

  /** Tells the group which cell is hovered (so linked widgets can show a crosshair). */
  publishHover(hover) {
    this._channel?.setHover(hover, this);
  }

  // --- readouts and errors ------------------------------------------------------------------------------

  /**
   * Runs `fn`, turning engine errors (RangeError/TypeError naming the parameter) into a visible message.
   * `main: true` marks the widget's main computation: its success clears a previous message.
   */
  guard(fn, { main = false } = {}) {
    try {
      const r = fn();
      if (main && this._error) this._error = '';
      return r;
    } catch (err) {
      this._error = err?.message ? `${err.name ?? 'Error'}: ${this.inAttributeNames(err.message)}` : String(err);
      return undefined;
    }
  }

  /**
   * An engine message in the words of the page's author: the engine's parameter names (dModel, numBuckets)
   * become the widget's attributes (d-model, num-buckets). Widgets whose engine options have other names
   * list them in `static engineNames` (for example `{ 'scaling.originalMaxPositionEmbeddings': 'original-max' }`).
   */
  inAttributeNames(message) {
    const names = { ...this.constructor.engineNames };
    for (const [property, options] of this.constructor.elementProperties)
      if (typeof options.attribute === 'string' && !(property in names)) names[property] = options.attribute;
    // longest first, so scaling.shortFactor wins over shortFactor
    const keys = Object.keys(names).sort((a, b) => b.length - a.length);
    if (!keys.length) return message;
    const pattern = new RegExp(`(?<![\\w.-])(${keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`, 'g');
    return message.replace(pattern, (name) => names[name]);
  }

  /** Shows a short text in the widget's status line (for example which settings of a link were not used). */
  notify(text) {
    this._status = String(text ?? '');
  }

  /**
   * Settings the widget is drawing differently from how they were given (a list entry out of range left
   * out, a count capped): one sentence each, naming the attribute and the allowed range. Widgets override
   * this getter; it is read on every render, so a message goes away as soon as the value is fixed.
   */
  get adjustments() {
    // enumerated attributes (a `values` list in static properties): a name outside the list is reported
    const out = [];
    for (const [name, options] of this.constructor.elementProperties) {
      const value = this[name];
      if (!options.values || value == null || value === '' || options.values.includes(value)) continue;
      const attribute = typeof options.attribute === 'string' ? options.attribute : name.toLowerCase();
      out.push(`${attribute}: “${value}” is not one of ${options.values.join(', ')}, so ${options.fallback ?? options.values[0]} is used`);
    }
    return out;
  }

  /**
   * The enumerated property `name` as drawn: its value when in its `values` list, else its `fallback` (the
   * widget's default) or the list's first.
   */
  choice(name) {
    const { values, fallback = values[0] } = this.constructor.elementProperties.get(name);
    return values.includes(this[name]) ? this[name] : fallback;
  }

  /** The adjustment for selected positions this widget has no place for (at or beyond `count`). */
  positionsBeyond(count) {
    return leftOut('positions', this.getSelection().filter((p) => p >= count), `a position from 0 to ${count - 1}`);
  }

  renderError() {
    return html`${this.adjustments.map((text) => html`<p class="error adjusted" role="status">${text}</p>`)}
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : nothing}`;
  }

  // --- toolbar ------------------------------------------------------------------------------------------

  /** Data of the widget as CSV text (widgets override). */
  toCSV() {
    return '';
  }

  /** The PNG export: `parts` stacked under a title line, the author's `label` when there is one. */
  picture(parts, title) {
    const t = this.theme$();
    return composeCanvas(parts, { title: this.label || title, bg: t.bg, fg: t.fg, ratio: this.ratio });
  }

  /** A canvas with the widget's picture for PNG export (widgets override). */
  async exportCanvas() {
    return null;
  }

  /** The markup that re-creates this widget as currently configured. */
  get embedCode() {
    return embedCode(this);
  }

  /** An <iframe> snippet showing this widget, as configured, on the embed page (see embedPageUrl). */
  get embedFrameCode() {
    return embedFrameCode(this);
  }

  async _copyEmbed() {
    const code = this.embedCode;
    const ok = await copyText(code);
    this._embedFrame = this.embedFrameCode;
    this._embed = code;
    this._status = ok ? 'Embed code copied to the clipboard.' : 'Copy the embed code from the box below.';
    await this.updateComplete;
    const ta = this.renderRoot.querySelector('.embed textarea');
    if (ta && !ok) {
      ta.focus();
      ta.select();
    }
  }

  async _copyEmbedFrame() {
    const ok = await copyText(this._embedFrame ?? this.embedFrameCode);
    this._status = ok ? 'iframe code copied to the clipboard.' : 'Copy the iframe code from its box.';
  }

  _downloadCsv() {
    let text = '';
    try {
      text = this.toCSV();
    } catch (err) {
      this._status = `No CSV: ${err?.message ?? err}`;
      return;
    }
    if (!text) {
      this._status = 'Nothing to export yet.';
      return;
    }
    download(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${this.localName}.csv`);
    this._status = `CSV saved (${Math.round(text.length / 1024)} KiB).`;
  }

  async _downloadPng() {
    const canvas = await this.exportCanvas();
    if (!canvas) {
      this._status = 'Nothing to export yet.';
      return;
    }
    const blob = await canvasToBlob(canvas);
    download(blob, `${this.localName}.png`);
    this._status = 'PNG saved.';
  }

  /** The compact layout folds the explanations away; the Notes button shows them again (and redraws: panes change width). */
  async _toggleNotes() {
    this._notesOpen = !this._notesOpen;
    await this.updateComplete;
    this.redraw?.();
  }

  /** Heading + toolbar; `title` is text (rendered as text, never as HTML). */
  renderHead(title) {
    const name = shortName(this.localName);
    return html`
      <div class="head">
        <p class="title">${title}</p>
        <div class="toolbar" role="toolbar" aria-label="${name} export tools">
          <button type="button" part="button" @click=${this._copyEmbed} aria-label="Copy embed code of this ${name} widget">Embed</button>
          <button type="button" part="button" @click=${this._downloadCsv} aria-label="Download the ${name} data as CSV">CSV</button>
          <button type="button" part="button" @click=${this._downloadPng} aria-label="Download the ${name} picture as PNG">PNG</button>
          ${this.compact
            ? html`<button type="button" part="button" aria-expanded=${this._notesOpen ? 'true' : 'false'} @click=${this._toggleNotes} aria-label="Notes: the explanations of this ${name} widget">Notes</button>`
            : nothing}
        </div>
      </div>
      ${this._embed != null
        ? html`<div class="embed">
            <label class="note" for="embed-code">Embed code (paste into any page that loads posenc/widgets):</label>
            <textarea id="embed-code" readonly rows="2" .value=${this._embed}></textarea>
          </div>
          <div class="embed-frame">
            <label class="note" for="embed-frame-code">Or as an iframe (its script fits the frame's height to the widget; without it, the frame keeps its height):</label>
            <textarea id="embed-frame-code" readonly rows="6" .value=${this._embedFrame ?? ''}></textarea>
            <button type="button" @click=${this._copyEmbedFrame}>Copy iframe</button>
            <button type="button" @click=${() => (this._embed = null)}>Close</button>
          </div>`
        : nothing}
      <p class="note status" role="status" aria-live="polite">${this._status}</p>
      ${this.renderError()}
    `;
  }
}
