// <posenc-heatmap>: the sinusoidal PE matrix, positions × dimensions, computed by the engine. Settings in
// ./descriptor.js, the engine's rows for readouts and exports in ./model.js, the canvas in ./painters.js;
// big tables are rasterised over several frames (render/raster.js) and time themselves with recordRender.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, leftOut, TapController, leaves, elementProperties } from '../base.js';
import { byTouch } from '../element/tap-controller.js';
import { moveCellCursor } from '../grid-keys.js';
import { pushPosition } from '../../state/channel.js';
import { Completion, MatrixRaster, rasterizeLayout } from '../../render/raster.js';
import { clearCanvas, yieldTask, pointerIn } from '../../render/canvas.js';
import { int } from '../../render/format.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { matrixLayout } from '../../render/matrix-view.js';
import { describeColumn, frequencyInfo, formulaText } from '../sinusoid-info.js';
import { sinusoidalCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { BIG_TABLE, CSV_MAX_CELLS, csvText, tableRow } from './model.js';
import { paintHeatmap } from './painters.js';
import { renderTable } from './view.js';
import { heatmapStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export class PosencHeatmap extends PosencElement {
  static properties = { ...elementProperties(properties), _cursor: { state: true }, _progress: { state: true }, _tableOpen: { state: true } };

  static styles = [baseStyles, heatmapStyles];

  // a tap reads a row; a second tap on it, or the Select button, selects it (element/tap-controller.js)
  _tap = new TapController(this, () => this._selectRow(this._cursor.row));

  constructor() {
    super();
    this._cursor = { row: 1, col: 0 }; // PE(1, 0) = sin(1): a first readout worth reading
    this._progress = 1;
    this._tableOpen = false;
    this._raster = new MatrixRaster();
    this._rowBuf = new Float32Array(0);
    this._layoutGeom = null;
    this._linkedHover = null;
    this._drawn = new Completion();
    this._dirty = true;
    this._job = 0;
  }

  get _params() {
    return { length: this.length, dModel: this.dModel, base: this.base, offset: this.offset, layout: this.choice('layout') };
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
    return this.updateComplete.then(() => this._drawn.promise);
  }

  engineReady() {
    this._dirty = true;
    this.requestUpdate();
  }

  updated(changed) {
    if (['length', 'dModel', 'base', 'offset', 'layout', 'scheme'].some((k) => changed.has(k))) this._dirty = true;
    if (changed.has('length') || changed.has('dModel')) {
      this._cursor = { row: Math.min(this._cursor.row, Math.max(0, (this.length | 0) - 1)), col: Math.min(this._cursor.col, Math.max(0, (this.dModel | 0) - 1)) };
    }
    if (this._dirty) this._recompute();
    else if (changed.has('positions') || changed.has('theme')) this._paint();
  }

  redraw() {
    this._dirty = true;
    this._recompute();
  }

  firstUpdated() {
    this._dirty = true;
  }

  // ---- computing and drawing ---------------------------------------------------------------------------

  async _recompute() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas || !this.pe) return;
    this._dirty = false;
    this._drawn.begin();
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
      clearCanvas(canvas, this.contentWidth, 60);
      this._drawn.end();
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
    const geom = matrixLayout({ width: this.contentWidth, rows: p.length, cols: p.dModel, top: 40, left, maxHeight: this.compact ? this.compactHeight(0.27, 180, 240) : 420 });
    this._layoutGeom = geom;
    this._info = frequencyInfo(this.pe, p);
    const done = await rasterizeLayout(this._raster, geom, this.ratio, {
      scheme: this.choice('scheme'),
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
    this.recordRender({ ms: performance.now() - t0, frames: this._raster.stats.frames });
    if (this._progress !== 1) this._progress = 1;
    this._paint();
    // the readout needs the layout, which exists only from now on: render the template again (before the
    // render promise resolves, so whenReady() sees the readout filled in)
    this.requestUpdate();
    this._drawn.end();
    this.dispatchEvent(new CustomEvent('posenc-rendered', { detail: this.lastRender, bubbles: true, composed: true }));
  }

  _paint() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    const geom = this._layoutGeom;
    if (!canvas || !geom) return;
    paintHeatmap(this, canvas, {
      geom,
      image: this._raster.canvas,
      p: this._params,
      scheme: this.choice('scheme'),
      positions: this.getSelection(),
      hover: this._linkedHover,
    });
  }

  /**
   * The cursor's outline, an element over the canvas: moving or showing it (a tap, a key) changes no pixel of
   * the canvas, whose full repaint at a phone's pixel ratio made a tap slow (issue 22).
   */
  _renderCursor() {
    const geom = this._layoutGeom;
    this._cursorShown = !!(this._focused || this._pointerInside);
    if (!geom || !this._cursorShown || this._error) return nothing;
    const { row, col } = this._cursor;
    const x = geom.rect.x + col * geom.cellW - 1.5;
    const y = geom.rect.y + row * geom.cellH - 1.5;
    const w = Math.max(3, geom.cellW) + 3;
    const h = Math.max(3, geom.cellH) + 3;
    return html`<span class="cursor" aria-hidden="true" style="left:${x}px;top:${y}px;width:${w}px;height:${h}px"></span>`;
  }

  // ---- exact values for readouts -----------------------------------------------------------------------

  /** The engine's value at (row, col) of the current table. */
  valueAt(row, col) {
    if (this._rowBuf.length !== this.dModel) this._rowBuf = new Float32Array(this.dModel);
    return tableRow(this.pe, this._params, row, this._rowBuf)[col];
  }

  get cursor() {
    return { position: this._params.offset + this._cursor.row, dimension: this._cursor.col };
  }

  _readout() {
    if (!this.pe || !this._layoutGeom || this._error) return { text: '', formula: '' };
    const { row, col } = this._cursor;
    const p = this._params;
    const pos = p.offset + row;
    const v = this.valueAt(row, col);
    const { kind, i } = describeColumn(col, p);
    return { text: this.t('heatmap.readout', { position: pos, column: col, kind, pair: i, value: formatNumber(this.locale, v, 4) }), formula: formulaText(this._info, p, pos, col, v), value: v };
  }

  // ---- interaction -------------------------------------------------------------------------------------

  _pointer(e) {
    const pt = pointerIn(e);
    return this._layoutGeom?.cellAt(pt.x, pt.y) ?? null;
  }

  _onMove(e) {
    // a finger reads with the tap itself (the click), and reads this widget only (element/tap-controller.js): a
    // swipe that starts here reads nothing, and the tap draws once, after its focus
    this._tapping = byTouch(e);
    const cell = this._pointer(e);
    // (the tap's click reads the cell found here: after the tap's focus, measuring again would force a layout)
    if (this._tapping) return void (this._tapCell = cell);
    if (!cell) return;
    this._pointerInside = true;
    if (this._moveCursor(cell)) this.publishHover({ row: this._params.offset + cell.row, col: null });
    else this._showCursor();
  }

  /** Moves the cursor to `cell` (its outline and the readout follow in the update); false when it is there already. */
  _moveCursor(cell) {
    if (cell.row === this._cursor.row && cell.col === this._cursor.col) return false;
    this._cursor = cell;
    return true;
  }

  /** Focus shows the cursor, blur hides it, unless the pointer shows it anyway (a tap's click draws it). */
  _onFocus(focused) {
    this._focused = focused;
    if (!this._tapping) this._showCursor();
  }

  /** Updates when the cursor's visibility is not what the outline shows (a moved cursor is drawn by the update). */
  _showCursor() {
    if (this._cursorShown !== !!(this._focused || this._pointerInside)) this.requestUpdate();
  }

  _onLeave(e) {
    if (!leaves(e)) return;
    this._pointerInside = false;
    this.publishHover(null);
    this._showCursor();
  }

  _onClick(e) {
    const tap = this._tapping;
    const cell = tap ? this._tapCell : this._pointer(e);
    [this._tapping, this._tapCell] = [false, null];
    if (!cell) return;
    if (tap) this._pointerInside = true; // the cursor shows what the finger read
    // the picture changes when the cursor moves (the update paints it), shows, or a row is selected
    if (!this._moveCursor(cell)) this._showCursor();
    if (this._tap.selects(e, String(cell.row))) this._selectRow(cell.row);
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
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'Escape') {
      e.preventDefault();
      if (e.key === 'Escape') this._select([]);
      else this._selectRow(this._cursor.row);
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

  /** The settings, checked for an export of the whole table (at most CSV_MAX_CELLS values). */
  _exported() {
    checkRanges(this);
    const p = this._params;
    const count = p.length * p.dModel;
    const big = (n) => (this.locale === 'en' ? int(n) : n);
    if (count > CSV_MAX_CELLS) throw new RangeError(this.t('heatmap.tooBig', { count: big(count), limit: big(CSV_MAX_CELLS) }));
    return p;
  }

  /** The table itself, float32 [length, dModel], for the .npy export. */
  toArray() {
    const p = this._exported();
    return { data: this.pe.sinusoidal(p), shape: [p.length, p.dModel] };
  }

  toPyTorch() {
    checkRanges(this);
    return sinusoidalCode(this._params);
  }

  toCSV() {
    return csvText(this.pe, this._exported());
  }

  async exportCanvas() {
    await this.renderComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!canvas || !this._layoutGeom) return null;
    return this.picture([canvas], this.t('heatmap.picture', { ...this._params }));
  }

  // ---- template ----------------------------------------------------------------------------------------

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
          @pointercancel=${() => (this._tapping = false)}
          @click=${this._onClick}
          @keydown=${this._onKey}
          @focus=${() => this._onFocus(true)}
          @blur=${() => this._onFocus(false)}
        ></canvas>
        ${this._renderCursor()}
        ${this._progress < 1 ? html`<span class="progress muted" aria-hidden="true">${this.t('heatmap.drawing', { percent: Math.round(this._progress * 100) })}</span>` : nothing}
      </div>
      <p id="readout" class="readout" role="status" aria-live="polite" aria-atomic="true" data-value=${ro.value ?? ''}>${ro.text}</p>
      ${this._tap.button(this.t('common.selectPosition', { position: p.offset + this._cursor.row }))}
      <p class="readout formula muted lesson" dir="ltr">${ro.formula}</p>
      ${big > 4e6 ? html`<p class="note">${this.t('heatmap.large', { count: this.locale === 'en' ? int(big) : big })}</p>` : nothing}
      <details @toggle=${(e) => (this._tableOpen = e.target.open)}>
        <summary>${this.t('heatmap.showTable')}</summary>
        ${this._tableOpen ? renderTable(this, this._params) : nothing}
      </details>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencHeatmap);
