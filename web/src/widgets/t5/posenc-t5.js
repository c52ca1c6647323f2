// <posenc-t5>: T5's relative position buckets. The relative position → bucket curve (pe.t5.buckets along
// one row and one column), the query × key bucket grid, and the bias it produces by looking the buckets up
// in a per-head table (an untrained, seeded table: pe.learned does the lookup, so even the gather is the
// engine's). The exact / log / last-bucket regions are read off the engine's bucket function over every
// distance it takes (binary searches), not re-derived and not limited to the plotted span. Settings in
// ./descriptor.js, the computation in ./model.js, the canvases in ./painters.js.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, TapController, elementProperties } from '../base.js';
import { moveCellCursor } from '../grid-keys.js';
import { pointerIn } from '../../render/canvas.js';
import { plain, int } from '../../render/format.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { clampInt, methodStyles } from '../methods-shared.js';
import { t5Code } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { bucketOptions, computeT5, csvText, inAttributeWords, sharedRange } from './model.js';
import { gridGeometry, paintCurve, paintGrids, paintTable } from './painters.js';
import { t5Styles } from './styles.js';
import { rangeText, regionName, sideText, signed } from './words.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

const MAX_LENGTH = properties.length.max;
const MAX_HEADS = properties.heads.max;
const MAX_SPAN = 1 << 14;

export class PosencT5 extends PosencElement {
  static properties = { ...elementProperties(properties), _cursor: { state: true }, _rp: { state: true } };

  static styles = [baseStyles, methodStyles, t5Styles];

  // a tap on a grid reads a pair; a second tap on it, or the Select button, selects it (element/tap-controller.js)
  _tap = new TapController(this, () => this._moveCursor(this._cursor.row, this._cursor.col, { select: true }));

  constructor() {
    super();
    this._cursor = { row: 10, col: 3 };
    this._rp = -7;
    this._data = null;
  }

  get _opts() {
    return bucketOptions(this);
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

  willUpdate(changed) {
    super.willUpdate(changed);
    if (changed.has('positions') && this.positions?.length) this.selectionChanged(this.positions, null);
    if (!this.pe) return;
    this._data = this.guard(() => {
      checkRanges(this);
      const settings = { ...this._opts, length: this.length, heads: this.heads, seed: this.seed };
      const data = this.cached('t5', [settings, this._R], () => {
        try {
          return computeT5(this.pe, settings, this._R);
        } catch (err) {
          throw inAttributeWords(err, () => this.t(this.bidirectional ? 't5.exactQuarter' : 't5.exactHalf'));
        }
      });
      this._setCursor(this._clampCell(this._cursorGiven ?? this._cursor));
      this._rp = clampInt(this._rp, -data.R, data.R);
      return data;
    }, { main: true }) ?? null;
  }

  updated() {
    this.timed(() => this._draw());
    // one event per change of what the readouts show: the cell (and its bucket and bias), the head, the
    // bucket-plot cursor
    if (this._data) this.announce({ ...this.cell, curve: { relativePosition: this._rp, bucket: this.bucketOf(this._rp) } });
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

  // ---- drawing -----------------------------------------------------------------------------------------------

  _canvas(name) {
    return this.renderRoot?.querySelector(`canvas.${name}`);
  }

  _draw() {
    this._drawCurve();
    this._drawGrids();
  }

  _drawCurve() {
    const canvas = this._canvas('curve');
    const { _data: data, _rp: rp, maxDistance, bidirectional } = this;
    if (canvas) this._curvePlot = paintCurve(this, canvas, { data, rp, bucket: this.bucketOf(rp), focused: this._focusCurve, maxDistance, bidirectional, width: this.paneWidth('.curve-pane') });
  }

  _drawGrids() {
    const data = this._data;
    paintGrids(this, { buckets: this._canvas('buckets'), bias: this._canvas('bias') }, { data, head: this._head, cursor: this._cursor, focused: this._focusGrid, width: this.paneWidth('.pair') });
    const canvas = this._canvas('table');
    if (canvas) paintTable(this, canvas, { data, head: this._head, bucket: this.cell?.bucket, width: this.paneWidth('.curve-pane') });
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

  /** The grids' size and place for the pair's width (see painters.js). */
  _gridGeometry() {
    return gridGeometry(this.paneWidth('.pair'), this.compact);
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
    const big = e.shiftKey ? 10 : 1;
    const rp = { ArrowLeft: this._rp - big, ArrowRight: this._rp + big, PageDown: this._rp - 10, PageUp: this._rp + 10, Home: -R, End: R }[e.key];
    if (rp === undefined) return;
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
    const R = this._data?.R ?? 0;
    const v = Math.round(cp.plot.sx.invert(pointerIn(e).x));
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
    return this._data ? csvText(this._data) : '';
  }

  async exportCanvas() {
    await this.updateComplete;
    const parts = ['curve', 'buckets', 'bias', 'table'].map((name) => this._canvas(name)).filter(Boolean);
    if (!parts.length || !this._data) return null;
    return this.picture(parts, this.t('t5.picture', { buckets: this.numBuckets, maxDistance: this.maxDistance, mode: this.t(this.bidirectional ? 't5.pictureBidirectional' : 't5.pictureCausal') }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  /** One of the two grid canvases (`which`: buckets or bias), read and moved the same way. */
  _gridCanvas(which, label) {
    return html`<canvas
      class="plot ${which}"
      tabindex="0"
      role="img"
      aria-label=${label}
      aria-describedby="cell-readout"
      @keydown=${this._onGridKey}
      @pointermove=${(e) => this._onGridPointer(e, false)}
      @pointerdown=${(e) => this._onGridPointer(e, false)}
      @click=${(e) => this._onGridPointer(e, true)}
      @focus=${() => ((this._focusGrid = which), this._drawGrids())}
      @blur=${() => ((this._focusGrid = null), this._drawGrids())}
    ></canvas>`;
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
    const shared = () => this.cached('shared', [this._opts, rp], () => sharedRange(this.pe, this._opts, d, rp));
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
          ? this.tHtml('t5.curveReadout', { rp: signed(this, rp), bucket: html`<span data-role="bucket" data-value=${b}>${b}</span>`, region: regionName(this, d, rp), range: rangeText(this, shared()) })
          : this._ready
            ? ''
            : this.t('common.loading')}
      </p>
      ${d
        ? html`<p class="note lesson" data-role="regions">
            ${this.t('t5.keysBefore', { regions: sideText(this, d.past, d.R) })}${this.bidirectional
              ? this.t('t5.keysAfterBidirectional', { first: d.after[1], last: d.future.lastBucket, regions: sideText(this, d.future, d.R, true) })
              : this.t('t5.keysAfterCausal')}
          </p>`
        : nothing}
      </div>
      <div class="pair">
        <div>
          <p class="panel-title">${this.t('t5.gridTitle')}</p>
          ${this._gridCanvas('buckets', this.t('t5.gridAria', { length: this.length }))}
        </div>
        <div>
          <p class="panel-title">${this.tHtml('t5.biasTitle', { head: headSelect })}</p>
          ${this._gridCanvas('bias', this.t('t5.biasAria', { head: this._head }))}
        </div>
      </div>
      <p id="cell-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
        ${c
          ? this.tHtml('t5.cellReadout', {
              query: c.query,
              key: c.key,
              rp: signed(this, c.relativePosition),
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

customElements.get(tag) || customElements.define(tag, PosencT5);
