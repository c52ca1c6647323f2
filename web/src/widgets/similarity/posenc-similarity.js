// <posenc-similarity>: the position × position similarity matrix of a sinusoidal table (engine metrics).

import { html, css, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, TapController, leaves } from '../base.js';
import { moveCellCursor } from '../grid-keys.js';
import { intList, numberAttr } from '../../state/attributes.js';
import { normalizePositions } from '../../state/channel.js';
import { MatrixRaster } from '../../render/raster.js';
import { lut, SCHEME_NAMES } from '../../render/color.js';
import { fitCanvas, clearCanvas, pointerIn } from '../../render/canvas.js';
import { plain } from '../../render/format.js';
import { formatNumber } from '../../i18n/index.js';
import { matrixLayout, drawRaster, drawMatrixAxes, drawCellCursor, drawCrosshair, drawMatrixLegend } from '../../render/matrix-view.js';
import { csvRow } from '../../render/export.js';
import { similarityCode } from '../pytorch.js';
import { NAMES } from '../../engine/names.js';

const MAX_LENGTH = 4096;
// the engine's metrics; their names are messages (similarity.metric.*)
const METRICS = NAMES.metric.values;

export class PosencSimilarity extends PosencElement {
  static properties = {
    length: { type: Number, reflect: true, converter: numberAttr(50), range: { min: 2, max: MAX_LENGTH, engine: 'SimilarityOptions.length' } },
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(128), range: { min: 1, max: 1 << 14, engine: 'SimilarityOptions.dModel' } },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    metric: { type: String, reflect: true, values: METRICS },
    scheme: { type: String, reflect: true, values: SCHEME_NAMES, fallback: 'viridis' },
    positions: { type: Array, reflect: true, converter: intList },
    _cursor: { state: true },
  };

  static styles = [
    baseStyles,
    css`
      .controls select {
        min-width: 10em;
      }
      /* compact: the matrix, and beside it what the cursor reads */
      :host([compact]) .split {
        grid-template-columns: auto minmax(14em, 1fr);
      }
    `,
  ];

  // a tap reads a cell; a second tap on it, or the Select button, selects the pair (element/tap-controller.js)
  _tap = new TapController(this, () => this._selectCell(this._cursor));

  constructor() {
    super();
    this.length = 50;
    this.dModel = 128;
    this.base = 10000;
    this.metric = 'cosine';
    this.scheme = 'viridis';
    this.positions = [];
    this.label = '';
    this._cursor = { row: 0, col: 1 };
    this._raster = new MatrixRaster();
    this._table = null;
    this._matrix = null;
    this._geom = null;
    this._dirty = true;
    this._range = [0, 1];
    this._linkedHover = null;
    this._rendered = Promise.resolve();
    this._resolveRendered = null;
  }

  get _metric() {
    return this.choice('metric');
  }

  get renderComplete() {
    return this.updateComplete.then(() => this._rendered);
  }

  engineReady() {
    this._dirty = true;
    this.requestUpdate();
  }

  redraw() {
    this._dirty = true;
    this._recompute();
  }

  updated(changed) {
    if (['length', 'dModel', 'base', 'metric', 'scheme', '_ready'].some((k) => changed.has(k))) this._dirty = true;
    if (this._dirty) this._recompute();
    else if (changed.has('positions') || changed.has('_cursor')) this._paint();
  }

  /** The engine's similarity matrix (Float32Array length×length) for the current attributes. */
  get matrix() {
    return this._matrix;
  }

  get adjustments() {
    const { length } = this;
    return [...super.adjustments, ...(Number.isInteger(length) && length > 0 ? this.positionsBeyond(length) : [])];
  }

  /** Value of the current metric between positions i and j (engine output). */
  valueAt(i, j) {
    return this._matrix ? this._matrix[i * this.length + j] : NaN;
  }

  async _recompute() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas || !this.pe) return;
    this._dirty = false;
    if (!this._resolveRendered) this._rendered = new Promise((r) => (this._resolveRendered = r));
    const finish = () => {
      const r = this._resolveRendered;
      this._resolveRendered = null;
      r?.();
    };
    const L = this.length;
    const d = this.dModel;
    const ok = this.guard(() => {
      checkRanges(this);
      if (!this._table || this._table.length !== L * d) this._table = new Float32Array(L * d);
      this.pe.sinusoidal({ length: L, dModel: d, base: this.base, into: this._table });
      if (!this._matrix || this._matrix.length !== L * L) this._matrix = new Float32Array(L * L);
      this.pe.similarity(this._table, { length: L, dModel: d, metric: this._metric, into: this._matrix });
      return true;
    }, { main: true });
    if (!ok) {
      this._matrix = null;
      this._geom = null;
      const ctx = clearCanvas(canvas, this.contentWidth, 40);
      finish();
      return;
    }
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of this._matrix) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (this._metric === 'cosine') hi = Math.max(hi, 1);
    if (this._metric === 'euclidean') lo = 0;
    this._range = [lo, hi];
    const geom = matrixLayout({ width: Math.min(this.contentWidth, 560), rows: L, cols: L, square: true, maxHeight: this.compact ? 400 : 480, top: 40, left: 30 + 7 * String(L - 1).length });
    // the normal layout spans the frame; the compact one leaves the space beside the matrix to the readouts
    geom.width = this.compact ? Math.max(geom.rect.x + geom.rect.w + 10, 300) : this.contentWidth;
    this._geom = geom;
    fitCanvas(canvas, geom.width, geom.height, this.ratio);
    const scheme = this.choice('scheme');
    const M = this._matrix;
    const done = await this._raster.render({
      rows: L,
      cols: L,
      maxW: geom.rect.w * this.ratio,
      maxH: geom.rect.h * this.ratio,
      palette: lut(scheme).packed,
      vmin: lo,
      vmax: hi,
      fill: (off, count, into) => into.set(M.subarray(off * L, (off + count) * L)),
      onProgress: (f) => f < 1 && this._paint(),
    });
    if (!done) return;
    this._paint();
    this.requestUpdate();
    finish();
    this.dispatchEvent(new CustomEvent('posenc-rendered', { detail: {}, bubbles: true, composed: true }));
  }

  _paint() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    const geom = this._geom;
    if (!canvas || !geom) return;
    const t = this.theme$();
    const ctx = clearCanvas(canvas, geom.width, geom.height, this.ratio);
    drawRaster(ctx, geom, this._raster.canvas, this.ratio);
    drawMatrixAxes(ctx, geom, t, { colTitle: this.t('similarity.axisColumns'), rowTitle: this.t('similarity.axisRows') });
    const [a, b] = this.getSelection();
    if (a != null && b != null && a < this.length && b < this.length) {
      // the selected pair, in both symmetric cells
      for (const [r, c] of [[a, b], [b, a]]) {
        const x = geom.rect.x + c * geom.cellW;
        const y = geom.rect.y + r * geom.cellH;
        ctx.save();
        ctx.lineWidth = 2;
        ctx.strokeStyle = t.selectA;
        ctx.strokeRect(x - 1, y - 1, Math.max(3, geom.cellW) + 2, Math.max(3, geom.cellH) + 2);
        ctx.restore();
      }
      drawCrosshair(ctx, geom, { row: a, col: b }, t.selectA);
    } else if (a != null && a < this.length) {
      drawCrosshair(ctx, geom, { row: a, col: a }, t.selectA);
    }
    if (this._linkedHover?.row != null) drawCrosshair(ctx, geom, { row: this._linkedHover.row, col: this._linkedHover.row }, t.cursor);
    if (this._focused || this._pointerInside) drawCellCursor(ctx, geom, this._cursor, t.cursor);
    const scheme = this.choice('scheme');
    drawMatrixLegend(ctx, geom, t, { scheme, vmin: this._range[0], vmax: this._range[1], caption: this._metricName });
  }

  _cellFromEvent(e) {
    if (!this._geom) return null;
    const pt = pointerIn(e);
    return this._geom.cellAt(pt.x, pt.y);
  }

  _onMove(e) {
    const c = this._cellFromEvent(e);
    if (!c) return;
    this._pointerInside = true;
    if (c.row !== this._cursor.row || c.col !== this._cursor.col) {
      this._cursor = c;
      this.publishHover({ row: c.row, col: c.col });
    }
  }

  _onClick(e) {
    const c = this._cellFromEvent(e);
    if (!c) return;
    this._cursor = c;
    if (this._tap.selects(e, `${c.row},${c.col}`)) this._selectCell(c);
    else this._paint();
  }

  _selectCell({ row, col }) {
    this.setSelection(row === col ? [row] : [row, col]);
    this.dispatchEvent(new CustomEvent('posenc-select', { detail: { positions: this.getSelection() }, bubbles: true, composed: true }));
  }

  _onKey(e) {
    const L = this.length;
    this._tap.clear();
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this._selectCell(this._cursor);
      return;
    }
    const next = moveCellCursor(e, this._cursor, L, L, { shiftStep: 10, pageRows: 10 });
    if (!next) return;
    e.preventDefault();
    this._cursor = next;
    this.publishHover({ row: next.row, col: next.col });
  }

  selectionChanged(list) {
    const [a, b] = list;
    if (a != null && b != null && a < this.length && b < this.length) this._cursor = { row: a, col: b };
    this._paint();
  }

  groupHoverChanged(hover, source) {
    if (source === this) return;
    this._linkedHover = hover;
    this._paint();
  }

  constrainSelection(list) {
    return normalizePositions(list);
  }

  /** The matrix, float32 [length, length], for the .npy export. */
  toArray() {
    return this._matrix ? { data: this._matrix.slice(), shape: [this.length, this.length] } : null;
  }

  toPyTorch() {
    return similarityCode({ length: this.length, dModel: this.dModel, base: this.base, metric: this._metric });
  }

  toCSV() {
    const M = this._matrix;
    if (!M) return '';
    const L = this.length;
    const lines = [csvRow([`${this._metric} i\\j`, ...Array.from({ length: L }, (_, j) => j)])];
    for (let i = 0; i < L; i++) {
      const row = [i];
      for (let j = 0; j < L; j++) row.push(M[i * L + j]);
      lines.push(csvRow(row));
    }
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.renderComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!canvas || !this._geom) return null;
    return this.picture([canvas], this.t('similarity.picture', { metric: this._metricName, length: this.length, dModel: this.dModel }));
  }

  /** The metric's name in the widget's language. */
  get _metricName() {
    return this.t(`similarity.metric.${this._metric}`);
  }

  _readout() {
    if (!this._matrix) return { text: this._ready ? '' : this.t('common.loading') };
    const { row, col } = this._cursor;
    const v = this.valueAt(row, col);
    return { text: this.t('similarity.readout', { i: row, j: col, gap: Math.abs(row - col), metric: this._metricName, value: formatNumber(this.locale, v, 4) }), value: v };
  }

  _selectedText() {
    const [a, b] = this.getSelection();
    if (a == null || b == null || !this._matrix || a >= this.length || b >= this.length) return '';
    return this.t('similarity.selected', { a, b, metric: this._metricName, value: formatNumber(this.locale, this.valueAt(a, b), 4) });
  }

  render() {
    const ro = this._readout();
    return html`
      ${this.renderHead(this.label || this.t('similarity.title'))}
      <div class="controls">
        <label
          >${this.t('similarity.metricLabel')}
          <select
            aria-label=${this.t('similarity.metricAria')}
            .value=${this._metric}
            @change=${(e) => (this.metric = e.target.value)}
          >
            ${METRICS.map((k) => html`<option value=${k} ?selected=${k === this._metric}>${this.t(`similarity.metric.${k}`)}</option>`)}
          </select>
        </label>
      </div>
      <div class="split">
      <div class="pane">
      <canvas
        class="plot"
        tabindex="0"
        role="img"
        aria-roledescription=${this.t('similarity.roledescription')}
        aria-label=${this.t('similarity.aria', { metric: this._metricName, length: this.length })}
        aria-describedby="readout"
        @pointermove=${this._onMove}
        @pointerdown=${this._onMove}
        @pointerleave=${(e) => leaves(e) && ((this._pointerInside = false), this.publishHover(null), this._paint())}
        @click=${this._onClick}
        @keydown=${this._onKey}
        @focus=${() => ((this._focused = true), this._paint())}
        @blur=${() => ((this._focused = false), this._paint())}
      ></canvas>
      </div>
      <div class="pane">
      <p id="readout" class="readout" role="status" aria-live="polite" aria-atomic="true" data-value=${ro.value != null ? plain(ro.value) : ''}>${ro.text}</p>
      ${this._tap.button(this._cursor.row === this._cursor.col ? this.t('common.selectPosition', { position: this._cursor.row }) : this.t('common.selectPair', { a: this._cursor.row, b: this._cursor.col }))}
      <p class="readout muted" data-role="selected">${this._selectedText() || nothing}</p>
      <p class="note">${this.t('similarity.note')}</p>
      </div>
      </div>
    `;
  }
}

customElements.get('posenc-similarity') || customElements.define('posenc-similarity', PosencSimilarity);
