// <posenc-heatmap>: the sinusoidal PE matrix, positions × dimensions, computed by the engine.

import { html, css, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, leftOut, TapController, leaves } from '../base.js';
import { moveCellCursor } from '../grid-keys.js';
import { intList, numberAttr } from '../../state/attributes.js';
import { pushPosition } from '../../state/channel.js';
import { MatrixRaster } from '../../render/raster.js';
import { lut, SCHEME_NAMES } from '../../render/color.js';
import { fitCanvas, clearCanvas, yieldTask, pointerIn } from '../../render/canvas.js';
import { int, plain } from '../../render/format.js';
import { formatNumber } from '../../i18n/index.js';
import { matrixLayout, drawRaster, drawMatrixAxes, drawRowMarks, drawCellCursor, drawCrosshair, drawMatrixLegend } from '../../render/matrix-view.js';
import { csvRow } from '../../render/export.js';
import { describeColumn, frequencyInfo, formulaText } from '../sinusoid-info.js';
import { NAMES } from '../../engine/names.js';
import { sinusoidalCode } from '../pytorch.js';

const MAX_LENGTH = 1 << 20;
const MAX_DMODEL = 1 << 14;
const CSV_MAX_CELLS = 1 << 22;
const TABLE_ROWS = 40;
const TABLE_COLS = 24;
const BIG_TABLE = 1 << 22;

export class PosencHeatmap extends PosencElement {
  static properties = {
    length: { type: Number, reflect: true, converter: numberAttr(20), range: { min: 1, max: MAX_LENGTH, engine: 'SinusoidalOptions.length' } },
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(32), range: { min: 1, max: MAX_DMODEL, engine: 'SinusoidalOptions.dModel' } },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    offset: { type: Number, reflect: true, converter: numberAttr(0) },
    layout: { type: String, reflect: true, values: NAMES.layout.values },
    scheme: { type: String, reflect: true, values: SCHEME_NAMES, fallback: 'RdBu' },
    positions: { type: Array, reflect: true, converter: intList },
    _cursor: { state: true },
    _progress: { state: true },
    _tableOpen: { state: true },
  };

  static styles = [
    baseStyles,
    css`
      .wrap {
        position: relative;
      }
      .table-scroll {
        max-height: 320px;
      }
      .progress {
        position: absolute;
        right: 12px;
        top: 2px;
        font-size: max(var(--_min-text), 0.8em);
      }
      .formula {
        font-family: var(--_mono);
      }
    `,
  ];

  // a tap reads a row; a second tap on it, or the Select button, selects it (element/tap-controller.js)
  _tap = new TapController(this, () => this._selectRow(this._cursor.row));

  constructor() {
    super();
    this.length = 20;
    this.dModel = 32;
    this.base = 10000;
    this.offset = 0;
    this.layout = 'interleaved';
    this.scheme = 'RdBu';
    this.positions = [];
    this.label = '';
    this._cursor = { row: 1, col: 0 }; // PE(1, 0) = sin(1): a first readout worth reading
    this._progress = 1;
    this._tableOpen = false;
    this._raster = new MatrixRaster();
    this._rowBuf = new Float32Array(0);
    this._layoutGeom = null;
    this._linkedHover = null;
    this._rendered = Promise.resolve();
    this._resolveRendered = null;
    this._dirty = true;
    this._lastRender = { ms: 0, frames: 0 };
    this._job = 0;
  }

  // ---- parameters --------------------------------------------------------------------------------------

  get _params() {
    return {
      length: this.length,
      dModel: this.dModel,
      base: this.base,
      offset: this.offset,
      layout: this.choice('layout'),
    };
  }

  /** Selected positions that are not rows of the table: listed in a visible line (nothing to outline). */
  get adjustments() {
    const { length, offset } = this;
    if (!Number.isInteger(length) || length < 1 || !Number.isFinite(offset)) return super.adjustments;
    const last = offset + length - 1;
    const out = this.getSelection().filter((pos) => pos < offset || pos > last);
    return [...super.adjustments, ...leftOut('positions', out, this.t('heatmap.rowOfTable', { first: offset, last }), this.t.bind(this))];
  }

  /** Resolves when the picture for the current attributes is completely drawn. */
  get renderComplete() {
    return this.updateComplete.then(() => this._rendered);
  }

  /** Timing of the last full repaint: { ms, frames } (frames > 1 means it was drawn progressively). */
  get lastRender() {
    return { ...this._lastRender };
  }

  engineReady() {
    this._dirty = true;
    this.requestUpdate();
  }

  updated(changed) {
    const dataKeys = ['length', 'dModel', 'base', 'offset', 'layout', 'scheme'];
    if (dataKeys.some((k) => changed.has(k))) this._dirty = true;
    if (changed.has('length') || changed.has('dModel')) {
      this._cursor = {
        row: Math.min(this._cursor.row, Math.max(0, (this.length | 0) - 1)),
        col: Math.min(this._cursor.col, Math.max(0, (this.dModel | 0) - 1)),
      };
    }
    if (this._dirty) this._recompute();
    else if (changed.has('positions') || changed.has('_cursor') || changed.has('theme')) this._paint();
  }

  redraw() {
    this._dirty = true;
    this._recompute();
  }

  // ---- computing and drawing ---------------------------------------------------------------------------

  _newRenderPromise() {
    if (this._resolveRendered) return;
    this._rendered = new Promise((r) => (this._resolveRendered = r));
  }

  _finishRender() {
    const r = this._resolveRendered;
    this._resolveRendered = null;
    r?.();
  }

  async _recompute() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas || !this.pe) return;
    this._dirty = false;
    this._newRenderPromise();
    const t0 = performance.now();
    const ok = this.guard(() => {
      checkRanges(this);
      // one tiny engine call validates every parameter (base, layout, ...) with the engine's own messages
      this.pe.sinusoidal({ ...this._params, length: 1 });
      return true;
    }, { main: true });
    if (!ok) {
      this._raster.cancel();
      this._layoutGeom = null;
      const ctx = clearCanvas(canvas, this.contentWidth, 60);
      this._finishRender();
      return;
    }
    const p = this._params;
    const job = ++this._job;
    if (p.length * p.dModel > BIG_TABLE) {
      // big tables start in a task of their own, so the attribute change itself stays short
      this._raster.cancel();
      await yieldTask();
      if (job !== this._job) return;
    }
    const left = 30 + 7 * String(p.offset + p.length - 1).length;
    const geom = matrixLayout({ width: this.contentWidth, rows: p.length, cols: p.dModel, top: 40, left, maxHeight: this.compact ? 240 : 420 });
    this._layoutGeom = geom;
    this._info = frequencyInfo(this.pe, p);
    const ratio = this.ratio;
    fitCanvas(canvas, geom.width, geom.height, ratio);
    const scheme = this.choice('scheme');
    const palette = lut(scheme).packed;
    const done = await this._raster.render({
      rows: p.length,
      cols: p.dModel,
      maxW: geom.rect.w * ratio,
      maxH: geom.rect.h * ratio,
      palette,
      vmin: -1,
      vmax: 1,
      fill: (off, count, into) => this.pe.sinusoidal({ ...p, length: count, offset: p.offset + off, into }),
      onProgress: (f) => {
        if (f >= 1) return; // the final picture is painted below
        this._progress = f;
        this._paint();
      },
    });
    if (!done) return; // a newer job took over; it resolves the promise
    this._lastRender = { ms: performance.now() - t0, frames: this._raster.stats.frames };
    if (this._progress !== 1) this._progress = 1;
    this._paint();
    // the readout needs the layout, which exists only from now on: render the template again (before the
    // render promise resolves, so whenReady() sees the readout filled in)
    this.requestUpdate();
    this._finishRender();
    this.dispatchEvent(new CustomEvent('posenc-rendered', { detail: { ...this._lastRender }, bubbles: true, composed: true }));
  }

  _paint() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    const geom = this._layoutGeom;
    if (!canvas || !geom) return;
    const theme = this.theme$();
    const ctx = clearCanvas(canvas, geom.width, geom.height, this.ratio);
    drawRaster(ctx, geom, this._raster.canvas, this.ratio);
    const p = this._params;
    // rows are positions offset, offset + 1, …: label them so (the left margin is sized for these digits)
    drawMatrixAxes(ctx, geom, theme, { colTitle: this.t('heatmap.axisColumns'), rowTitle: this.t('heatmap.axisRows'), rowOffset: p.offset, rowLabel: (r) => String(p.offset + r) });
    this._drawSinCosStrip(ctx, geom, theme);
    const marks = this.getSelection().map((pos, i) => ({
      row: pos - p.offset,
      color: i === 0 ? theme.selectA : theme.selectB,
      tag: i === 0 ? 'A' : 'B',
    }));
    drawRowMarks(ctx, geom, marks, `bold ${theme.fontSmall}`);
    if (this._linkedHover) drawCrosshair(ctx, geom, { row: this._linkedHover.row - p.offset, col: null }, theme.cursor);
    if (this._focused || this._pointerInside) drawCellCursor(ctx, geom, this._cursor, theme.cursor);
    const scheme = this.choice('scheme');
    drawMatrixLegend(ctx, geom, theme, {
      scheme,
      vmin: -1,
      vmax: 1,
      caption: this.t('heatmap.legend'),
      keys: [
        { color: theme.accent, label: this.t('heatmap.sinColumn') },
        { color: theme.muted, label: this.t('heatmap.cosColumn') },
      ],
    });
  }

  _drawSinCosStrip(ctx, geom, theme) {
    const { rect, cols } = geom;
    const y = rect.y - 8;
    ctx.save();
    if (this._params.layout === 'split' || geom.cellW < 1.5) {
      // blocks: draw per column kind in runs
      let start = 0;
      let kind = describeColumn(0, this._params).kind;
      for (let c = 1; c <= cols; c++) {
        const k = c < cols ? describeColumn(c, this._params).kind : null;
        if (k !== kind) {
          ctx.fillStyle = kind === 'sin' ? theme.accent : kind === 'cos' ? theme.muted : theme.grid;
          ctx.fillRect(rect.x + start * geom.cellW, y, (c - start) * geom.cellW, 6);
          start = c;
          kind = k;
        }
      }
      if (geom.cellW < 1.5 && this._params.layout !== 'split') {
        ctx.fillStyle = theme.muted;
        ctx.font = theme.fontSmall;
        ctx.textBaseline = 'bottom';
        ctx.textAlign = 'right';
      }
    } else {
      for (let c = 0; c < cols; c++) {
        const k = describeColumn(c, this._params).kind;
        ctx.fillStyle = k === 'sin' ? theme.accent : k === 'cos' ? theme.muted : theme.grid;
        ctx.fillRect(rect.x + c * geom.cellW + (geom.cellW > 3 ? 0.5 : 0), y, Math.max(0.5, geom.cellW - (geom.cellW > 3 ? 1 : 0)), 6);
      }
    }
    ctx.restore();
  }

  // ---- exact values for readouts -----------------------------------------------------------------------

  /** Row `row` of the table (positions offset+row), written by the engine into a reused buffer. */
  _row(row) {
    const p = this._params;
    if (this._rowBuf.length !== p.dModel) this._rowBuf = new Float32Array(p.dModel);
    return this.pe.sinusoidal({ ...p, length: 1, offset: p.offset + row, into: this._rowBuf });
  }

  /** The engine's value at (row, col) of the current table. */
  valueAt(row, col) {
    return this._row(row)[col];
  }

  get cursor() {
    const p = this._params;
    return { position: p.offset + this._cursor.row, dimension: this._cursor.col };
  }

  _readout() {
    if (!this.pe || !this._layoutGeom || this._error) return { text: '', formula: '' };
    const { row, col } = this._cursor;
    const p = this._params;
    const pos = p.offset + row;
    const v = this.valueAt(row, col);
    const colInfo = describeColumn(col, p);
    const f = formulaText(this._info, p, pos, col, v);
    const kind = `${colInfo.kind}, i = ${colInfo.i}`;
    return {
      text: this.t('heatmap.readout', { position: pos, column: col, kind: colInfo.kind, pair: colInfo.i, value: formatNumber(this.locale, v, 4) }),
      formula: f,
      value: v,
    };
  }

  // ---- interaction -------------------------------------------------------------------------------------

  _pointer(e) {
    const geom = this._layoutGeom;
    if (!geom) return null;
    const pt = pointerIn(e);
    return geom.cellAt(pt.x, pt.y);
  }

  _onMove(e) {
    const cell = this._pointer(e);
    if (!cell) return;
    this._pointerInside = true;
    if (cell.row !== this._cursor.row || cell.col !== this._cursor.col) {
      this._cursor = cell;
      this.publishHover({ row: this._params.offset + cell.row, col: null });
    }
  }

  _onLeave(e) {
    if (!leaves(e)) return;
    this._pointerInside = false;
    this.publishHover(null);
    this._paint();
  }

  _onClick(e) {
    const cell = this._pointer(e);
    if (!cell) return;
    this._cursor = cell;
    if (this._tap.selects(e, String(cell.row))) this._selectRow(cell.row);
    else this._paint();
  }

  _selectRow(row) {
    this._select(pushPosition(this.getSelection(), this._params.offset + row));
  }

  /** A selection the reader made here: the group follows and listeners hear of it. */
  _select(list) {
    this.setSelection(list);
    this.dispatchEvent(new CustomEvent('posenc-select', { detail: { positions: this.getSelection() }, bubbles: true, composed: true }));
  }

  _onKey(e) {
    const p = this._params;
    this._tap.clear();
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this._selectRow(this._cursor.row);
      return;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      this._select([]);
      return;
    }
    const next = moveCellCursor(e, this._cursor, p.length, p.dModel, { shiftStep: 10, pageRows: 10, ctrlRows: true });
    if (!next) return;
    e.preventDefault();
    this._cursor = next;
    this.publishHover({ row: p.offset + next.row, col: null });
  }

  groupHoverChanged(hover, source) {
    if (source === this) return;
    this._linkedHover = hover;
    this._paint();
  }

  selectionChanged() {
    this._paint();
  }

  // ---- exports -----------------------------------------------------------------------------------------

  _checkExportSize(p) {
    const count = p.length * p.dModel;
    const big = (n) => (this.locale === 'en' ? int(n) : n);
    if (count > CSV_MAX_CELLS) throw new RangeError(this.t('heatmap.tooBig', { count: big(count), limit: big(CSV_MAX_CELLS) }));
  }

  /** The table itself, float32 [length, dModel], for the .npy export. */
  toArray() {
    checkRanges(this);
    const p = this._params;
    this._checkExportSize(p);
    return { data: this.pe.sinusoidal(p), shape: [p.length, p.dModel] };
  }

  toPyTorch() {
    checkRanges(this);
    return sinusoidalCode(this._params);
  }

  toCSV() {
    checkRanges(this);
    const p = this._params;
    this._checkExportSize(p);
    const lines = [csvRow(['position', ...Array.from({ length: p.dModel }, (_, c) => `dim${c}_${describeColumn(c, p).kind}`)])];
    const chunk = Math.max(1, Math.floor(65536 / p.dModel));
    const buf = new Float32Array(chunk * p.dModel);
    for (let r0 = 0; r0 < p.length; r0 += chunk) {
      const n = Math.min(chunk, p.length - r0);
      const t = this.pe.sinusoidal({ ...p, length: n, offset: p.offset + r0, into: n === chunk ? buf : buf.subarray(0, n * p.dModel) });
      for (let r = 0; r < n; r++) {
        const vals = [];
        for (let c = 0; c < p.dModel; c++) vals.push(plain(t[r * p.dModel + c]));
        lines.push(`${p.offset + r0 + r},${vals.join(',')}`);
      }
    }
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.renderComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!canvas || !this._layoutGeom) return null;
    const p = this._params;
    return this.picture([canvas], this.t('heatmap.picture', { ...p }));
  }

  // ---- template ----------------------------------------------------------------------------------------

  _renderTable() {
    if (!this._tableOpen || !this.pe || this._error) return nothing;
    const p = this._params;
    const rows = Math.min(p.length, TABLE_ROWS);
    const cols = Math.min(p.dModel, TABLE_COLS);
    const t = this.guard(() => this.pe.sinusoidal({ ...p, length: rows }));
    if (!t) return nothing;
    const head = Array.from({ length: cols }, (_, c) => c);
    return html`
      <p class="note" id="table-caption">
        ${this.t('heatmap.tableCaption', {
          first: p.offset,
          last: p.offset + rows - 1,
          ofLength: rows < p.length ? this.t('heatmap.of', { count: p.length }) : '',
          lastColumn: cols - 1,
          ofDModel: cols < p.dModel ? this.t('heatmap.of', { count: p.dModel }) : '',
        })}
      </p>
      <div class="scroll table-scroll" tabindex="0" role="region" aria-labelledby="table-caption">
        <table class="values" aria-labelledby="table-caption">
          <thead>
            <tr>
              <th scope="col">${this.t('heatmap.position')}</th>
              ${head.map((c) => html`<th scope="col">${c} (${describeColumn(c, p).kind})</th>`)}
            </tr>
          </thead>
          <tbody>
            ${Array.from({ length: rows }, (_, r) => html`<tr>
              <th scope="row">${p.offset + r}</th>
              ${head.map((c) => html`<td>${formatNumber(this.locale, t[r * p.dModel + c], 4)}</td>`)}
            </tr>`)}
          </tbody>
        </table>
      </div>
    `;
  }

  render() {
    const p = this._params;
    const ro = this._ready ? this.guard(() => this._readout()) ?? { text: '', formula: '' } : { text: this.t('common.loading'), formula: '' };
    const title = this.label || this.t('heatmap.title');
    const big = p.length * p.dModel;
    return html`
      ${this.renderHead(title)}
      <div class="wrap">
        <canvas
          class="plot"
          tabindex="0"
          role="img"
          aria-roledescription=${this.t('heatmap.roledescription')}
          aria-label=${this.t('heatmap.aria', { length: p.length, dModel: p.dModel })}
          aria-describedby="readout"
          @pointermove=${this._onMove}
          @pointerdown=${this._onMove}
          @pointerleave=${this._onLeave}
          @click=${this._onClick}
          @keydown=${this._onKey}
          @focus=${() => ((this._focused = true), this._paint())}
          @blur=${() => ((this._focused = false), this._paint())}
        ></canvas>
        ${this._progress < 1 ? html`<span class="progress muted" aria-hidden="true">${this.t('heatmap.drawing', { percent: Math.round(this._progress * 100) })}</span>` : nothing}
      </div>
      <p id="readout" class="readout" role="status" aria-live="polite" aria-atomic="true" data-value=${ro.value ?? ''}>${ro.text}</p>
      ${this._tap.button(this.t('common.selectPosition', { position: p.offset + this._cursor.row }))}
      <p class="readout formula muted lesson" dir="ltr">${ro.formula}</p>
      ${big > 4e6 ? html`<p class="note">${this.t('heatmap.large', { count: this.locale === 'en' ? int(big) : big })}</p>` : nothing}
      <details @toggle=${(e) => (this._tableOpen = e.target.open)}>
        <summary>${this.t('heatmap.showTable')}</summary>
        ${this._renderTable()}
      </details>
    `;
  }

  firstUpdated() {
    this._dirty = true;
  }
}

customElements.get('posenc-heatmap') || customElements.define('posenc-heatmap', PosencHeatmap);
