// <posenc-t5>: T5's relative position buckets. The relative position → bucket curve (pe.t5.buckets along
// one row and one column), the query × key bucket grid, and the bias it produces by looking the buckets up
// in a per-head table (an untrained, seeded table: pe.learned does the lookup, so even the gather is the
// engine's). The exact / log / last-bucket regions are read off the engine's bucket function over every
// distance it takes (binary searches), not re-derived and not limited to the plotted span.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, TapController } from '../base.js';
import { moveCellCursor } from '../grid-keys.js';
import { numberAttr, intList } from '../../state/attributes.js';
import { clearCanvas, fillTextFitted, pointerIn } from '../../render/canvas.js';
import { plain, int } from '../../render/format.js';
import { formatNumber } from '../../i18n/index.js';
import { drawXYPlot, drawCursor } from '../../render/xyplot.js';
import { drawBars } from '../../render/bars.js';
import { csvRow } from '../../render/export.js';
import { clampInt, methodStyles, timed, announceChange } from '../methods-shared.js';
import { t5Styles } from './styles.js';
import { regions, firstAtLeast } from './model.js';
import { paintGrid } from './painters.js';
import { t5Code } from '../pytorch.js';

const MAX_LENGTH = 128;
const MAX_SPAN = 1 << 14;
const MAX_HEADS = 64;

export class PosencT5 extends PosencElement {
  static properties = {
    numBuckets: { type: Number, reflect: true, attribute: 'num-buckets', converter: numberAttr(32) },
    maxDistance: { type: Number, reflect: true, attribute: 'max-distance', converter: numberAttr(128) },
    bidirectional: { type: Boolean, reflect: true },
    length: { type: Number, reflect: true, converter: numberAttr(24), range: { min: 2, max: MAX_LENGTH, engine: 'T5GridOptions.queryLength' } },
    heads: { type: Number, reflect: true, converter: numberAttr(4), range: { min: 1, max: MAX_HEADS, engine: 'LearnedOptions.dModel' } },
    head: { type: Number, reflect: true, converter: numberAttr(0) },
    seed: { type: Number, reflect: true, converter: numberAttr(0) },
    span: { type: Number, reflect: true, converter: numberAttr(0) },
    positions: { type: Array, reflect: true, converter: intList },
    _cursor: { state: true },
    _rp: { state: true },
  };

  static styles = [baseStyles, methodStyles, t5Styles];

  // a tap on a grid reads a pair; a second tap on it, or the Select button, selects it (element/tap-controller.js)
  _tap = new TapController(this, () => this._moveCursor(this._cursor.row, this._cursor.col, { select: true }));

  constructor() {
    super();
    this.numBuckets = 32;
    this.maxDistance = 128;
    this.bidirectional = false;
    this.length = 24;
    this.heads = 4;
    this.head = 0;
    this.seed = 0;
    this.span = 0;
    this.positions = [];
    this.label = '';
    this._cursor = { row: 10, col: 3 };
    this._rp = -7;
    this._data = null;
    this._key = '';
    this._lastRender = { ms: 0, frames: 0 };
  }

  get lastRender() {
    return { ...this._lastRender };
  }

  get _opts() {
    return { numBuckets: this.numBuckets, maxDistance: this.maxDistance, bidirectional: !!this.bidirectional };
  }

  /** The head shown: the attribute brought into 0 … heads − 1 (not rewritten: adjustments names it). */
  get _head() {
    return clampInt(this.head, 0, clampInt(this.heads, 1, MAX_HEADS) - 1);
  }

  get _lengthOk() {
    return Number.isInteger(this.length) && this.length >= 2 && this.length <= MAX_LENGTH;
  }

  get adjustments() {
    const t = this.t.bind(this);
    const out = [...super.adjustments, ...(this.span > MAX_SPAN ? replaced('span', this.span, MAX_SPAN, t('t5.spanRange', { max: MAX_SPAN }), t) : [])];
    if (Number.isInteger(this.heads) && this.heads >= 1 && this.heads <= MAX_HEADS)
      out.push(...replaced('head', this.head, this._head, t('t5.headRange', { last: this.heads - 1 }), t));
    const given = this._cursorGiven;
    if (given && this._lengthOk) {
      const used = this._clampCell(given);
      const text = (c) => (c.row === c.col ? String(c.row) : `${c.row},${c.col}`);
      out.push(...replaced('positions', text(given), text(used), t('t5.positionsRange', { last: this.length - 1 }), t));
    }
    return out;
  }

  /** A cell brought into the grid. */
  _clampCell({ row, col }) {
    const L = this.length;
    return { row: clampInt(row, 0, L - 1), col: clampInt(col, 0, L - 1) };
  }

  /** Moves the grid cursor (a new object only when the cell changes: an unchanged cell is no change). */
  _setCursor(cell) {
    if (cell.row !== this._cursor.row || cell.col !== this._cursor.col) this._cursor = cell;
  }

  /**
   * An engine error caused by an attribute, with the attribute named as the author writes it (the engine
   * says numBuckets and maxDistance). The engine's sentence stays English; the reason the widget adds to
   * it is in the widget's language.
   */
  _attributeError(err) {
    const message = String(err?.message ?? '');
    if (!/\b(numBuckets|maxDistance)\b/.test(message)) return err;
    let text = message.replace(/\bnumBuckets\b/g, 'num-buckets').replace(/\bmaxDistance\b/g, 'max-distance');
    if (/exact-bucket count/.test(text)) text += ` — ${this.t(this.bidirectional ? 't5.exactQuarter' : 't5.exactHalf')}`;
    const Ctor = typeof err?.constructor === 'function' ? err.constructor : Error;
    return new Ctor(text, { cause: err });
  }

  /** Half-width of the bucket plot: the attribute, or a quarter past max-distance (and past the grid). */
  get _R() {
    if (Number.isInteger(this.span) && this.span > 0) return Math.min(MAX_SPAN, this.span);
    return Math.min(MAX_SPAN, Math.max(this.length, Math.ceil(this.maxDistance * 1.25), 16));
  }

  engineReady() {
    this.requestUpdate();
  }

  getSelection() {
    const { row, col } = this._cursor;
    return row === col ? [row] : [row, col];
  }

  selectionChanged(list, source) {
    if (source === this || !list?.length) return;
    // kept as given: a position past the grid is named (adjustments) and drawn at the grid's edge
    this._cursorGiven = { row: list[0], col: list.length > 1 ? list[1] : list[0] };
    if (!this._lengthOk) return;
    const cell = this._clampCell(this._cursorGiven);
    this._setCursor(cell);
    this._rp = cell.col - cell.row;
  }

  _compute() {
    const pe = this.pe;
    const o = this._opts;
    const R = this._R;
    const L = this.length;
    const H = this.heads;
    // one row (query 0, keys 0…R: key after the query) and one column (queries 0…R, key 0: key before)
    const after = pe.t5.buckets({ ...o, queryLength: 1, keyLength: R + 1 });
    const before = pe.t5.buckets({ ...o, queryLength: R + 1, keyLength: 1 });
    const x = new Float64Array(2 * R + 1);
    const y = new Float64Array(2 * R + 1);
    for (let i = 0; i <= 2 * R; i++) {
      const rp = i - R;
      x[i] = rp;
      y[i] = rp >= 0 ? after[rp] : before[-rp];
    }
    const grid = pe.t5.buckets({ ...o, queryLength: L, keyLength: L });
    const table = pe.learned({ maxLength: o.numBuckets, dModel: H, seed: this.seed, std: 1 });
    const bias = pe.learned({ maxLength: o.numBuckets, dModel: H, seed: this.seed, std: 1, positions: grid });
    return { R, L, H, after, before, x, y, grid, table, bias, past: regions(pe, o, -1), future: regions(pe, o, 1), nb: o.numBuckets };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (changed.has('positions') && this.positions?.length) this.selectionChanged(this.positions, null);
    if (!this.pe) return;
    const ok = this.guard(() => {
      checkRanges(this);
      const key = [this.numBuckets, this.maxDistance, !!this.bidirectional, this.length, this.heads, this.seed, this._R].join('|');
      if (key !== this._key || !this._data) {
        try {
          this._data = this._compute();
        } catch (err) {
          throw this._attributeError(err);
        }
        this._key = key;
      }
      this._setCursor(this._clampCell(this._cursorGiven ?? this._cursor));
      this._rp = clampInt(this._rp, -this._data.R, this._data.R);
      return true;
    }, { main: true });
    if (!ok) this._data = null;
  }

  updated() {
    timed(this, () => this._draw());
    // one event per change of what the readouts show: the cell (and its bucket and bias), the head, the
    // bucket-plot cursor
    if (this._data) {
      announceChange(this, { ...this.cell, curve: { relativePosition: this._rp, bucket: this.bucketOf(this._rp) } });
    }
  }

  redraw() {
    this._draw();
  }

  /**
   * Bucket of any integer relative position (key − query), asked of the engine with the current settings
   * (not limited to the plotted span); null before the engine is loaded, for a non-integer, or when the
   * settings are invalid.
   */
  bucketOf(rp) {
    if (!this.pe || !Number.isSafeInteger(rp)) return null;
    try {
      return this.pe.t5.bucket(rp, this._opts);
    } catch {
      return null;
    }
  }

  /** The cell under the grid cursor: query, key, relative position, bucket, bias of the selected head. */
  get cell() {
    const d = this._data;
    if (!d) return null;
    const { row, col } = this._cursor;
    const L = d.L;
    const bucket = d.grid[row * L + col];
    const h = this._head;
    return { query: row, key: col, relativePosition: col - row, bucket, head: h, bias: d.bias[(row * L + col) * d.H + h], tableValue: d.table[bucket * d.H + h] };
  }

  get result() {
    const d = this._data;
    if (!d) return null;
    const side = (r) => ({ exact: [...r.exact], log: [...r.log], last: r.last ? [...r.last] : null, lastBucket: r.lastBucket });
    return { cell: this.cell, past: side(d.past), future: side(d.future), rp: this._rp, bucket: this.bucketOf(this._rp) };
  }

  /**
   * The relative positions sharing the bucket of rp, as [from, to] (signed, from ≤ to; ±Infinity for the
   * final bucket, which every farther distance shares), found with the engine's bucket function.
   */
  _shared(rp) {
    const key = `${this._key}|${rp}`;
    if (this._sharedCache?.key === key) return this._sharedCache.range;
    const sign = rp < 0 ? -1 : 1;
    const side = sign < 0 ? this._data.past : this._data.future;
    const bucket = (n) => this.pe.t5.bucket(sign * n, this._opts);
    const b = bucket(Math.abs(rp));
    const from = firstAtLeast(bucket, b);
    const to = side.last && b === side.lastBucket ? Infinity : firstAtLeast(bucket, b + 1) - 1;
    const range = sign > 0 ? [from, to] : [-to, -from];
    this._sharedCache = { key, range };
    return range;
  }

  _regionName(rp) {
    const d = this._data;
    const side = rp >= 0 ? d.future : d.past;
    const n = Math.abs(rp);
    if (rp > 0 && !this.bidirectional) return this.t('t5.regionFuture');
    if (n <= side.exact[1]) return this.t('t5.regionExact');
    if (side.last && n >= side.last[0]) return this.t('t5.regionLast');
    return this.t('t5.regionLog');
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _draw() {
    this._drawCurve();
    this._drawGrids();
  }

  _drawCurve() {
    const canvas = this.renderRoot?.querySelector('canvas.curve');
    if (!canvas) return;
    const w = this._firstColumnWidth;
    const h = this.compact ? 170 : 230;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    const d = this._data;
    if (!d) return;
    const t = this.theme$();
    const R = d.R;
    const band = (side, sign) => {
      const out = [];
      const add = (a, b, color, label) => {
        b = Math.min(b, R);
        if (b < a) return;
        const lo = sign > 0 ? a - 0.5 : -b - 0.5;
        const hi = sign > 0 ? b + 0.5 : -a + 0.5;
        out.push({ from: lo, to: hi, color, label });
      };
      if (sign > 0 && !this.bidirectional) {
        add(1, R, 'rgba(128,128,128,0.10)', this.t('t5.bandFuture'));
        return out;
      }
      add(sign > 0 ? Math.max(1, side.exact[0]) : side.exact[0], side.exact[1], 'rgba(26,127,55,0.14)', this.t('t5.bandExact'));
      add(side.log[0], side.log[1], 'rgba(10,88,202,0.10)', this.t('t5.bandLog'));
      if (side.last) add(side.last[0], side.last[1], 'rgba(207,34,46,0.10)', this.t('t5.regionLast'));
      return out;
    };
    const rect = { x: 46, y: 10, w: w - 46 - 12, h: h - 52 };
    const plot = drawXYPlot(ctx, {
      rect,
      xDomain: [-R - 0.5, R + 0.5],
      yDomain: [-0.5, d.nb - 0.5],
      theme: t,
      bands: [...band(d.past, -1), ...band(d.future, 1)],
      series: [{ x: d.x, y: d.y, color: t.accent, step: true, width: 2 }],
      lines: [
        { axis: 'x', value: -this.maxDistance, color: t.muted, label: `−max-distance`, align: 'end' },
        ...(this.bidirectional ? [{ axis: 'x', value: this.maxDistance, color: t.muted, label: 'max-distance', align: 'end' }] : []),
      ],
      xLabel: this.t('t5.axisRelative'),
      yLabel: this.t('t5.axisBucket'),
      yLabelOffset: 32,
    });
    this._curvePlot = { plot, rect };
    const b = this.bucketOf(this._rp);
    drawCursor(ctx, plot, rect, this._rp, [{ y: b, color: t.selectA }], this._focusCurve ? t.cursor : t.selectA);
  }

  /** Width of the curve and the bias table: the first column in the compact layout, else the frame's. */
  get _firstColumnWidth() {
    return this.widthIn(this.renderRoot?.querySelector('.curve-pane'));
  }

  _gridGeometry() {
    const w = this.widthIn(this.renderRoot?.querySelector('.pair'));
    const two = w >= (this.compact ? 440 : 560);
    const each = two ? Math.floor((w - 16) / 2) : w;
    const size = Math.max(120, Math.min(each - 40, this.compact ? 300 : 420));
    return { w, two, each, size, h: size + 66 };
  }

  _drawGrids() {
    const d = this._data;
    const g = this._gridGeometry();
    for (const which of ['buckets', 'bias']) {
      const canvas = this.renderRoot?.querySelector(`canvas.${which}`);
      if (!canvas) continue;
      const ctx = clearCanvas(canvas, g.size + 40, g.h, this.ratio);
      if (!d) continue;
      paintGrid(ctx, g.size, this.theme$(), { which, data: d, head: this._head, cursor: this._cursor, focused: this._focusGrid === which, words: this._gridWords });
    }
    this._drawTable();
  }

  /** The grids' canvas texts in the widget's language (see paintGrid). */
  get _gridWords() {
    return {
      key: this.t('t5.axisKey'),
      query: this.t('t5.axisQuery'),
      bucket: (n) => this.t('t5.bucketN', { bucket: n }),
      number: (v) => formatNumber(this.locale, v, 2),
    };
  }

  _drawTable() {
    const canvas = this.renderRoot?.querySelector('canvas.table');
    if (!canvas) return;
    const w = this._firstColumnWidth;
    const h = this.compact ? 96 : 110;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    const d = this._data;
    if (!d) return;
    const t = this.theme$();
    const values = new Float32Array(d.nb);
    let m = 0;
    for (let b = 0; b < d.nb; b++) {
      values[b] = d.table[b * d.H + this._head];
      m = Math.max(m, Math.abs(values[b]));
    }
    const c = this.cell;
    // the name at the left on two lines: the bars start after its wider line (60 px at least, a third of the width at most)
    ctx.font = t.fontSmall;
    const name = [this.t('t5.tableHead', { head: this._head }), this.t('t5.tableName')];
    const x0 = Math.round(Math.min(w / 3, Math.max(60, ...name.map((s) => ctx.measureText(s).width + 8))));
    drawBars(ctx, { rect: { x: x0, y: 6, w: w - x0 - 10, h: h - 28 }, values, range: m || 1, pos: t.pos, neg: t.neg, axis: t.muted, highlight: c.bucket, highlightColor: t.cursor });
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    fillTextFitted(ctx, name[0], 2, h / 2 - 8, x0 - 4, { maxLines: 1 });
    fillTextFitted(ctx, name[1], 2, h / 2 + 8, x0 - 4, { maxLines: 1 });
    ctx.textBaseline = 'bottom';
    ctx.fillText(this.t('t5.bucketN', { bucket: 0 }), x0, h);
    ctx.textAlign = 'right';
    ctx.fillText(this.t('t5.bucketN', { bucket: d.nb - 1 }), w - 10, h);
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _moveCursor(row, col, { select = false } = {}) {
    this._cursorGiven = null; // the reader moved it: the given positions are no longer what is drawn
    this._setCursor(this._clampCell({ row, col }));
    this._rp = this._cursor.col - this._cursor.row;
    if (select) {
      this.positions = this.getSelection();
      this.setSelection(this.positions, { announce: false });
    }
  }

  _onGridKey(e) {
    this._tap.clear();
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this._moveCursor(this._cursor.row, this._cursor.col, { select: true });
      return;
    }
    const next = moveCellCursor(e, this._cursor, this.length, this.length, { shiftStep: 5 });
    if (!next) return;
    e.preventDefault();
    this._moveCursor(next.row, next.col);
  }

  _onGridPointer(e, click) {
    const g = this._gridGeometry();
    const pt = pointerIn(e);
    const x = pt.x - 34;
    const y = pt.y - 18;
    if (x < 0 || y < 0 || x >= g.size || y >= g.size) return;
    const L = this.length;
    const [row, col] = [Math.floor((y / g.size) * L), Math.floor((x / g.size) * L)];
    this._moveCursor(row, col, { select: click && this._tap.selects(e, `${row},${col}`) });
  }

  _onCurveKey(e) {
    const R = this._data?.R ?? 0;
    let rp = this._rp;
    const big = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowLeft') rp -= big;
    else if (e.key === 'ArrowRight') rp += big;
    else if (e.key === 'PageDown') rp -= 10;
    else if (e.key === 'PageUp') rp += 10;
    else if (e.key === 'Home') rp = -R;
    else if (e.key === 'End') rp = R;
    else return;
    e.preventDefault();
    this._curveTo(clampInt(rp, -R, R));
  }

  /**
   * The bucket-plot cursor at rp; the grid cursor follows along its diagonal while the grid has a cell at
   * that relative position (keeping the query, else the nearest cell of the diagonal).
   */
  _curveTo(rp) {
    this._rp = rp;
    const L = this.length;
    if (Math.abs(rp) > L - 1) return;
    let { row } = this._cursor;
    let col = row + rp;
    if (col > L - 1) [col, row] = [L - 1, L - 1 - rp];
    else if (col < 0) [col, row] = [0, -rp];
    this._cursorGiven = null;
    this._setCursor({ row, col });
  }

  _onCurveMove(e) {
    const cp = this._curvePlot;
    if (!cp) return;
    const pt = pointerIn(e);
    const R = this._data?.R ?? 0;
    const v = Math.round(cp.plot.sx.invert(pt.x));
    if (v >= -R && v <= R && v !== this._rp) this._curveTo(v);
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** The bucket of every (query, key) pair, int32 [length, length]. */
  toArray() {
    const d = this._data;
    return d ? { data: d.grid.slice(), shape: [d.L, d.L] } : null;
  }

  toPyTorch() {
    return t5Code({ length: this.length, ...this._opts });
  }

  toCSV() {
    const d = this._data;
    if (!d) return '';
    const lines = [csvRow(['relative_position', 'bucket'])];
    for (let i = 0; i < d.x.length; i++) lines.push(csvRow([d.x[i], d.y[i]]));
    lines.push('', csvRow(['query', 'key', 'bucket', ...Array.from({ length: d.H }, (_, h) => `bias_head${h}`)]));
    for (let q = 0; q < d.L; q++) {
      for (let k = 0; k < d.L; k++) {
        const i = q * d.L + k;
        lines.push(csvRow([q, k, d.grid[i], ...Array.from(d.bias.subarray(i * d.H, (i + 1) * d.H))]));
      }
    }
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const parts = ['canvas.curve', 'canvas.buckets', 'canvas.bias', 'canvas.table'].map((s) => this.renderRoot.querySelector(s)).filter(Boolean);
    if (!parts.length || !this._data) return null;
    return this.picture(parts, this.t('t5.picture', { buckets: this.numBuckets, maxDistance: this.maxDistance, mode: this.t(this.bidirectional ? 't5.pictureBidirectional' : 't5.pictureCausal') }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  /** A signed distance or relative position as the reader writes numbers (typographic minus, ∞ for the open end). */
  _n(v) {
    return v === Infinity ? '∞' : v === -Infinity ? '−∞' : formatNumber(this.locale, v);
  }

  _rangeText([a, b]) {
    return a === b ? this._n(a) : `${this._n(a)} … ${this._n(b)}`;
  }

  /** One side's regions in words; the start of the last bucket as the engine's bucket function gives it. */
  _sideText(side, R, after = false) {
    const parts = [];
    const exact = [after ? Math.max(1, side.exact[0]) : side.exact[0], side.exact[1]]; // distance 0 is the query itself
    if (exact[1] >= exact[0]) parts.push(this.t('t5.sideExact', { range: this._rangeText(exact) }));
    if (side.log[1] >= side.log[0]) parts.push(this.t('t5.sideLog', { range: this._rangeText(side.log) }));
    const regions = parts.length ? parts.reduce((first, second) => this.t('t5.sideList', { first, second })) : '';
    const rest = regions ? 'After' : 'Only';
    if (side.last) {
      const beyond = side.last[0] > R ? this.t('t5.sideBeyond', { span: R }) : '';
      return this.t(`t5.sideLast${rest}`, { regions, from: this._n(side.last[0]), bucket: side.lastBucket, beyond });
    }
    return this.t(`t5.sideNever${rest}`, { regions, bucket: side.lastBucket });
  }

  render() {
    const d = this._data;
    const c = d ? this.cell : null;
    const title = this.label || this.t('t5.title');
    const rp = this._rp;
    const b = d ? this.bucketOf(rp) : null;
    const heads = clampInt(this.heads, 1, MAX_HEADS);
    const headSelect = html`<select aria-label=${this.t('t5.head')} .value=${String(this._head)} @change=${(e) => (this.head = Number(e.target.value))}>
      ${Array.from({ length: heads }, (_, h) => html`<option value=${h} ?selected=${h === this._head}>${h}</option>`)}
    </select>`;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <label>${this.t('t5.buckets')} <input type="number" min="2" .value=${String(this.numBuckets)} @change=${(e) => (this.numBuckets = Number(e.target.value))} /></label>
        <label>${this.t('t5.maxDistance')} <input type="number" min="1" .value=${String(this.maxDistance)} @change=${(e) => (this.maxDistance = Number(e.target.value))} /></label>
        <label><input type="checkbox" .checked=${!!this.bidirectional} @change=${(e) => (this.bidirectional = e.target.checked)} /> ${this.t('t5.bidirectional')}</label>
        <label>${this.t('t5.grid')} <input type="number" min="2" max=${MAX_LENGTH} .value=${String(this.length)} @change=${(e) => (this.length = Number(e.target.value))} /></label>
      </div>
      <div class="split">
      <div class="pane curve-pane">
      <canvas
        class="plot curve"
        tabindex="0"
        role="img"
        aria-label=${d ? this.t('t5.curveAria', { from: -d.R, to: d.R }) : this.t('t5.curveShort')}
        aria-describedby="curve-readout"
        @keydown=${this._onCurveKey}
        @pointermove=${this._onCurveMove}
        @pointerdown=${this._onCurveMove}
        @focus=${() => ((this._focusCurve = true), this._drawCurve())}
        @blur=${() => ((this._focusCurve = false), this._drawCurve())}
      ></canvas>
      <p id="curve-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
        ${d && b != null
          ? this.tHtml('t5.curveReadout', {
              rp: this._n(rp),
              bucket: html`<span data-role="bucket" data-value=${b}>${b}</span>`,
              region: this._regionName(rp),
              range: this._rangeText(this._shared(rp)),
            })
          : this._ready
            ? ''
            : this.t('common.loading')}
      </p>
      ${d
        ? html`<p class="note lesson" data-role="regions">
            ${this.t('t5.keysBefore', { regions: this._sideText(d.past, d.R) })}${this.bidirectional
              ? this.t('t5.keysAfterBidirectional', { first: d.after[1], last: d.future.lastBucket, regions: this._sideText(d.future, d.R, true) })
              : this.t('t5.keysAfterCausal')}
          </p>`
        : nothing}
      </div>
      <div class="pair">
        <div>
          <p class="panel-title">${this.t('t5.gridTitle')}</p>
          <canvas
            class="plot buckets"
            tabindex="0"
            role="img"
            aria-label=${this.t('t5.gridAria', { length: this.length })}
            aria-describedby="cell-readout"
            @keydown=${this._onGridKey}
            @pointermove=${(e) => this._onGridPointer(e, false)}
            @pointerdown=${(e) => this._onGridPointer(e, false)}
            @click=${(e) => this._onGridPointer(e, true)}
            @focus=${() => ((this._focusGrid = 'buckets'), this._drawGrids())}
            @blur=${() => ((this._focusGrid = null), this._drawGrids())}
          ></canvas>
        </div>
        <div>
          <p class="panel-title">${this.tHtml('t5.biasTitle', { head: headSelect })}</p>
          <canvas
            class="plot bias"
            tabindex="0"
            role="img"
            aria-label=${this.t('t5.biasAria', { head: this._head })}
            aria-describedby="cell-readout"
            @keydown=${this._onGridKey}
            @pointermove=${(e) => this._onGridPointer(e, false)}
            @pointerdown=${(e) => this._onGridPointer(e, false)}
            @click=${(e) => this._onGridPointer(e, true)}
            @focus=${() => ((this._focusGrid = 'bias'), this._drawGrids())}
            @blur=${() => ((this._focusGrid = null), this._drawGrids())}
          ></canvas>
        </div>
      </div>
      <p id="cell-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
        ${c
          ? this.tHtml('t5.cellReadout', {
              query: c.query,
              key: c.key,
              rp: this._n(c.relativePosition),
              bucket: html`<span data-role="cell-bucket" data-value=${c.bucket}>${c.bucket}</span>`,
              head: c.head,
              bias: html`<span data-role="cell-bias" data-value=${plain(c.bias)}>${formatNumber(this.locale, c.bias, 4)}</span>`,
            })
          : nothing}
      </p>
      ${this._tap.button(this.t('common.selectPair', { a: this._cursor.row, b: this._cursor.col }))}
      <canvas class="plot table" role="img" aria-label=${this.t('t5.tableAria', { head: this._head })}></canvas>
      <p class="note lesson">
        ${this.tHtml('t5.lesson', {
          numbers: d ? (this.locale === 'en' ? int(d.table.length) : formatNumber(this.locale, d.table.length)) : '—',
          buckets: this.numBuckets,
          heads: this.heads,
          seed: this.seed,
          scaling: html`<span dir="ltr">1/√d</span>`,
        })}
      </p>
      </div>
    `;
  }
}

customElements.get('posenc-t5') || customElements.define('posenc-t5', PosencT5);
