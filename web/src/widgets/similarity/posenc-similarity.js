// <posenc-similarity>: the position × position similarity matrix of a sinusoidal table (engine metrics).
// Settings in ./descriptor.js, the matrix in ./model.js, the canvas in ./painters.js; this element holds the
// cursor and the selection, the template and the reader's input.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, TapController, leaves, elementProperties } from '../base.js';
import { moveCellCursor } from '../grid-keys.js';
import { normalizePositions } from '../../state/channel.js';
import { Completion, MatrixRaster, rasterizeLayout } from '../../render/raster.js';
import { clearCanvas, pointerIn } from '../../render/canvas.js';
import { plain } from '../../render/format.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { csvRow } from '../../render/export.js';
import { similarityCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { computeSimilarity } from './model.js';
import { paintSimilarity, similarityLayout } from './painters.js';
import { similarityStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export class PosencSimilarity extends PosencElement {
  static properties = {
    ...elementProperties(properties),
    _cursor: { state: true },
  };

  static styles = [baseStyles, similarityStyles];

  // a tap reads a cell; a second tap on it, or the Select button, selects the pair (element/tap-controller.js)
  _tap = new TapController(this, () => this._selectCell(this._cursor));

  constructor() {
    super();
    this._cursor = { row: 0, col: 1 };
    this._raster = new MatrixRaster();
    // { L, matrix, range } from ./model.js, or null (no engine yet, or an error)
    this._data = null;
    this._geom = null;
    this._dirty = true;
    this._linkedHover = null;
    this._drawn = new Completion();
  }

  get _metric() {
    return this.choice('metric');
  }

  get renderComplete() {
    return this.updateComplete.then(() => this._drawn.promise);
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
    return this._data?.matrix ?? null;
  }

  get adjustments() {
    const { length } = this;
    return [...super.adjustments, ...(Number.isInteger(length) && length > 0 ? this.positionsBeyond(length) : [])];
  }

  /** Value of the current metric between positions i and j (engine output). */
  valueAt(i, j) {
    return this._data ? this._data.matrix[i * this.length + j] : NaN;
  }

  /** Computes the matrix (kept until a setting changes) and draws it progressively, frame by frame. */
  async _recompute() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas || !this.pe) return;
    this._dirty = false;
    this._drawn.begin();
    const settings = { length: this.length, dModel: this.dModel, base: this.base, metric: this._metric };
    this._data = this.guard(() => {
      checkRanges(this);
      return this.cached('matrix', Object.values(settings), () => computeSimilarity(this.pe, settings));
    }, { main: true }) ?? null;
    if (!this._data) {
      this._geom = null;
      clearCanvas(canvas, this.contentWidth, 40);
      this._drawn.end();
      return;
    }
    const t0 = performance.now();
    const { L, matrix: M, range } = this._data;
    const geom = (this._geom = similarityLayout(this, L));
    const done = await rasterizeLayout(this._raster, geom, this.ratio, {
      scheme: this.choice('scheme'),
      vmin: range[0],
      vmax: range[1],
      fill: (off, count, into) => into.set(M.subarray(off * L, (off + count) * L)),
      onProgress: (f) => f < 1 && this._paint(),
    });
    if (!done) return;
    this.recordRender({ ms: performance.now() - t0, frames: this._raster.stats.frames });
    this._paint();
    this.requestUpdate();
    this._drawn.end();
    this.dispatchEvent(new CustomEvent('posenc-rendered', { detail: {}, bubbles: true, composed: true }));
  }

  _paint() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas || !this._geom) return;
    paintSimilarity(this, canvas, {
      geom: this._geom,
      image: this._raster.canvas,
      length: this.length,
      selection: this.getSelection(),
      linkedRow: this._linkedHover?.row,
      cursor: this._focused || this._pointerInside ? this._cursor : null,
      range: this._data.range,
      scheme: this.choice('scheme'),
      caption: this._metricName,
    });
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
    return this._data ? { data: this._data.matrix.slice(), shape: [this.length, this.length] } : null;
  }

  toPyTorch() {
    return similarityCode({ length: this.length, dModel: this.dModel, base: this.base, metric: this._metric });
  }

  toCSV() {
    if (!this._data) return '';
    const M = this._data.matrix;
    const L = this.length;
    const lines = [csvRow([`${this._metric} i\\j`, ...Array.from({ length: L }, (_, j) => j)])];
    for (let i = 0; i < L; i++) lines.push(csvRow([i, ...M.subarray(i * L, (i + 1) * L)]));
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
    if (!this._data) return { text: this._ready ? '' : this.t('common.loading') };
    const { row, col } = this._cursor;
    const v = this.valueAt(row, col);
    return { text: this.t('similarity.readout', { i: row, j: col, gap: Math.abs(row - col), metric: this._metricName, value: formatNumber(this.locale, v, 4) }), value: v };
  }

  _selectedText() {
    const [a, b] = this.getSelection();
    if (a == null || b == null || !this._data || a >= this.length || b >= this.length) return '';
    return this.t('similarity.selected', { a, b, metric: this._metricName, value: formatNumber(this.locale, this.valueAt(a, b), 4) });
  }

  render() {
    const ro = this._readout();
    // on a slide (compact) the metric menu sits beside the matrix, over the readouts: the widget is shorter
    const controls = html`
      <div class="controls">
        <label
          >${this.t('similarity.metricLabel')}
          <select
            aria-label=${this.t('similarity.metricAria')}
            .value=${this._metric}
            @change=${(e) => (this.metric = e.target.value)}
          >
            ${properties.metric.values.map((k) => html`<option value=${k} ?selected=${k === this._metric}>${this.t(`similarity.metric.${k}`)}</option>`)}
          </select>
        </label>
      </div>`;
    return html`
      ${this.renderHead(this.label || this.t('similarity.title'))}
      ${this.compact ? nothing : controls}
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
      ${this.compact ? controls : nothing}
      <p id="readout" class="readout" role="status" aria-live="polite" aria-atomic="true" data-value=${ro.value != null ? plain(ro.value) : ''}>${ro.text}</p>
      ${this._tap.button(this._cursor.row === this._cursor.col ? this.t('common.selectPosition', { position: this._cursor.row }) : this.t('common.selectPair', { a: this._cursor.row, b: this._cursor.col }))}
      <p class="readout muted" data-role="selected">${this._selectedText() || nothing}</p>
      <p class="note">${this.t('similarity.note')}</p>
      </div>
      </div>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencSimilarity);
