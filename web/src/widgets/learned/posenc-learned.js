// <posenc-learned>: a learned absolute position table (seeded Normal(0, std) draws from pe.learned) beside
// the sinusoidal one (pe.sinusoidal). Positions at or past max-length have no row: the widget looks them
// up anyway and shows the RangeError the engine raises. Settings in ./descriptor.js, the computation in
// ./model.js, the canvases in ./painters.js; the tables are rasterised over several frames when big.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, TapController, elementProperties } from '../base.js';
import { Completion, MatrixRaster, rasterizeLayout } from '../../render/raster.js';
import { fitCanvas, pointerIn, yieldTask } from '../../render/canvas.js';
import { int, plain } from '../../render/format.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { matrixLayout } from '../../render/matrix-view.js';
import { learnedCode } from '../pytorch.js';
import { clampInt, methodStyles } from '../methods-shared.js';
import { properties, tag } from './descriptor.js';
import { CSV_MAX, MAX_ELEMENTS, PRESETS, SHOW, computeLearned, csvText, lookup } from './model.js';
import { paintLookup, paintMatrix, rangeOf } from './painters.js';
import { learnedStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

const TABLES = ['learned', 'sinusoidal'];

export class PosencLearned extends PosencElement {
  static properties = {
    ...elementProperties(properties),
    // the row a tap read (shown in the lookup until it is selected or the reader moves on), or null
    _readRow: { state: true },
  };

  static styles = [baseStyles, methodStyles, learnedStyles];

  // a tap reads a row; a second tap on it, or the Select button, looks it up as `position` (element/tap-controller.js)
  _tap = new TapController(this, () => this._setPosition(this._readRow ?? this._pos));

  constructor() {
    super();
    this._rasters = { learned: new MatrixRaster(), sinusoidal: new MatrixRaster() };
    this._geom = {};
    this._data = null;
    this._drawn = new Completion();
    this._job = 0;
  }

  /** Rows drawn: the whole table plus a margin past its end (the attribute, or an eighth, at least 8). */
  get _rows() {
    const extra = Number.isInteger(this.extra) && this.extra > 0 ? this.extra : Math.max(8, Math.round(this.maxLength / 8));
    return this.maxLength + extra;
  }

  get renderComplete() {
    return this.updateComplete.then(() => this._drawn.promise);
  }

  /** The position as drawn: `position` when it is a whole number ≥ 0, else the nearest one. */
  get _pos() {
    const p = this.position;
    return Number.isInteger(p) && p >= 0 ? p : clampInt(p, 0, 1 << 30);
  }

  /** The row the lookup shows: the one a tap read, else `position`. */
  get _shownPos() {
    return this._readRow ?? this._pos;
  }

  get adjustments() {
    return [...super.adjustments, ...replaced('position', this.position, this._pos, this.t('learned.positionRange'), this.t.bind(this))];
  }

  /** A whole number as the reader writes it (English keeps posenc's thin-space groups: 8 192). */
  _int(n) {
    return this.locale === 'en' ? int(n) : formatNumber(this.locale, Math.round(n));
  }

  /** "6.29 MB (6 291 456 bytes)", in the reader's language and number form. */
  _bytesText(n) {
    const mb = n / 1e6;
    const size = mb >= 1 ? this.t('learned.megabytes', { size: Number(mb.toPrecision(3)) }) : this.t('learned.kilobytes', { size: Number((n / 1e3).toPrecision(3)) });
    return this.t('learned.bytes', { size, bytes: this._int(n), count: n });
  }

  getSelection() {
    return [this._pos];
  }

  selectionChanged(list, source) {
    if (source === this || !list?.length) return;
    this._readRow = null;
    this.position = list[list.length - 1];
  }

  engineReady() {
    this.requestUpdate();
  }

  /** Looks one position up in both tables; the learned lookup may fail (that is the lesson). */
  lookup(pos) {
    return lookup(this.pe, this, pos);
  }

  get result() {
    const { _data: d, _look: l } = this;
    if (!d || !l) return null;
    const list = (v) => (v ? Array.from(v) : null);
    return { position: l.position, learned: list(l.learned), learnedError: l.learnedError, sinusoidal: list(l.sinusoidal), parameters: d.params, bytes: d.bytes };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (changed.has('positions') && this.positions?.length) this.position = this.positions[this.positions.length - 1];
    if (!this.pe) return;
    this._data = this.guard(() => {
      const { maxLength, dModel, seed, std, base, _rows: rows } = this;
      checkRanges(this);
      if (maxLength * dModel > MAX_ELEMENTS) throw new RangeError(this.t('learned.tooBig', { values: this._int(maxLength * dModel), limit: this._int(MAX_ELEMENTS) }));
      const before = this._data;
      const data = this.cached('tables', [maxLength, dModel, seed, std, base, rows], () => computeLearned(this.pe, { maxLength, dModel, seed, std, base }, rows));
      if (data !== before) this._dirty = true;
      this._look = this.lookup(this._shownPos);
      return data;
    }, { main: true }) ?? null;
  }

  updated(changed) {
    if (this._dirty) this._recompute();
    else this._paint();
    if (this._look && (changed.has('position') || changed.has('maxLength') || changed.has('_ready'))) {
      this.announce({ position: this._look.position, learnedError: this._look.learnedError });
    }
  }

  redraw() {
    this._dirty = true;
    this._recompute();
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _canvas(name) {
    return this.renderRoot?.querySelector(`canvas.${name}`);
  }

  /** Where a table of rows × cols is drawn: each table takes half the pane when two fit side by side. */
  _tableLayout(rows, cols) {
    const w = this.paneWidth('.tables-pane');
    const width = w >= (this.compact ? 340 : 600) ? Math.floor((w - 16) / 2) : w;
    return matrixLayout({ width, rows, cols, top: 40, maxHeight: this.compact ? 220 : 380, minHeight: 160 });
  }

  /**
   * The tables' size does not depend on their values: the canvases take it while the engine loads, so that
   * once it is there only the computing and the drawing are left (at a phone's pixel ratio, sizing them is
   * much of the work).
   */
  engineLoading() {
    try {
      checkRanges(this);
    } catch {
      return; // (the error is shown once the engine is there)
    }
    if (this.maxLength * this.dModel > MAX_ELEMENTS) return;
    const geom = this._tableLayout(this._rows, this.dModel);
    for (const which of TABLES) {
      const canvas = this._canvas(which);
      if (canvas) fitCanvas(canvas, geom.width, geom.height, this.ratio);
    }
  }

  /** Rasterises both tables (over several frames when they are big), then paints them. */
  async _recompute() {
    const d = this._data;
    this._dirty = false;
    if (!d) return;
    this._drawn.begin();
    const job = ++this._job;
    // The first drawing takes three tasks: computing the tables (the engine's first calls) with Lit's first
    // render, the raster, then the canvases' first text and styles. In one task they took 220-280 ms on a phone
    // (CPU x4), over the 200 ms a task may take while part 2 loads. False when a newer drawing took over.
    const ownTask = async () => job > 1 || ((await yieldTask({ keepPlace: true })), job === this._job);
    if (!(await ownTask())) return;
    const t0 = performance.now();
    const jobs = [];
    for (const which of TABLES) {
      const canvas = this._canvas(which);
      if (!canvas) continue;
      const geom = this._tableLayout(d.rows, d.p.dModel);
      this._geom[which] = geom;
      const range = rangeOf(which, this.std);
      const [src, limit] = which === 'learned' ? [d.table, d.p.maxLength] : [d.sinusoidal, d.rows];
      const cols = d.p.dModel;
      // rows past the learned table do not exist: NaN (drawn grey, then hatched)
      const fill = (off, count, into) => {
        for (let r = 0; r < count; r++) {
          const dst = into.subarray(r * cols, (r + 1) * cols);
          if (off + r < limit) dst.set(src.subarray((off + r) * cols, (off + r + 1) * cols));
          else dst.fill(NaN);
        }
      };
      jobs.push(rasterizeLayout(this._rasters[which], geom, this.ratio, { scheme: 'RdBu', vmin: -range, vmax: range, fill }));
    }
    const done = await Promise.all(jobs);
    // a drawing that a newer one replaced leaves the rest to it
    if (!done.every(Boolean) || !(await ownTask())) return;
    this.recordRender({ ms: performance.now() - t0, frames: Math.max(...Object.values(this._rasters).map((r) => r.stats.frames)) });
    this._paint();
    this._drawn.end();
  }

  _paint() {
    const d = this._data;
    if (!d) return;
    const length = this._int(this.maxLength);
    const texts = { endText: this.t('learned.endMark', { length }), noRowsText: this.t('learned.noRows', { length }) };
    for (const which of TABLES) {
      const canvas = this._canvas(which);
      const geom = this._geom[which];
      if (!canvas || !geom) continue;
      paintMatrix(this, canvas, which, { geom, image: this._rasters[which].canvas, rows: d.rows, maxLength: this.maxLength, pos: this._shownPos, std: this.std, focused: this._focused === which, ...texts });
    }
    const canvas = this._canvas('rows');
    if (canvas && this._look) paintLookup(this, canvas, { look: this._look, dModel: this.dModel, std: this.std, width: this.paneWidth('.lookup-pane') });
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _setPosition(p) {
    this._readRow = null;
    this._tap.clear();
    const max = (this._data?.rows ?? this._rows) - 1;
    this.position = clampInt(p, 0, Math.max(max, this._pos));
    this.setSelection([this._pos], { announce: false });
  }

  _onKey(e) {
    const max = (this._data?.rows ?? 1) - 1;
    const p = this._pos;
    const step = e.shiftKey ? 10 : 1;
    const next = { ArrowUp: p - step, ArrowDown: p + step, PageUp: p - 32, PageDown: p + 32, Home: 0, End: max }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this._setPosition(clampInt(next, 0, max));
  }

  _onPointer(e, which) {
    const { x, y } = pointerIn(e);
    const cell = this._geom[which]?.cellAt(x, y);
    if (!cell) return;
    if (this._tap.selects(e, String(cell.row))) this._setPosition(cell.row);
    else this._readRow = cell.row;
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** The learned table itself, float32 [maxLength, dModel]. */
  toArray() {
    const d = this._data;
    return d ? { data: d.table.slice(), shape: [this.maxLength, this.dModel] } : null;
  }

  toPyTorch() {
    return this._data && learnedCode({ maxLength: this.maxLength, dModel: this.dModel, seed: this.seed, std: this.std });
  }

  toCSV() {
    const d = this._data;
    if (!d) return '';
    if (d.table.length > CSV_MAX) throw new RangeError(this.t('learned.csvTooBig', { values: this._int(d.table.length), limit: this._int(CSV_MAX) }));
    return csvText(d, this.lookup(this.maxLength));
  }

  async exportCanvas() {
    await this.renderComplete;
    const parts = ['learned', 'sinusoidal', 'rows'].map((name) => this._canvas(name)).filter(Boolean);
    if (!parts.length || !this._data) return null;
    return this.picture(parts, this.t('learned.picture', { length: this._int(this.maxLength), dModel: this.dModel, seed: this.seed }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  /** One of the two table canvases, read and moved the same way. */
  _tableCanvas(which, label) {
    return html`<canvas
      class="plot ${which}"
      tabindex="0"
      role="img"
      aria-label=${label}
      aria-describedby="lookup"
      @keydown=${this._onKey}
      @click=${(e) => this._onPointer(e, which)}
      @focus=${() => ((this._focused = which), this._paint())}
      @blur=${() => ((this._focused = null), this._paint())}
    ></canvas>`;
  }

  render() {
    const d = this._data;
    const l = this._look;
    const title = this.label || this.t('learned.title');
    const rows = d?.rows ?? this._rows;
    const past = this._pos >= this.maxLength;
    // a list of numbers: "; " between them where the decimal mark is a comma (0,0123; −0,0044)
    const sep = formatNumber(this.locale, 1.5, 1).includes(',') ? '; ' : ', ';
    const values = (v) => (v ? `${Array.from(v.subarray(0, SHOW), (x) => formatNumber(this.locale, x, 4)).join(sep)}${v.length > SHOW ? `${sep}…` : ''}` : '');
    const code = (text) => html`<code dir="ltr">${text}</code>`;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <label>${this.t('learned.maxLength')} <input type="number" min="1" .value=${String(this.maxLength)} @change=${(e) => (this.maxLength = Number(e.target.value))} /></label>
        <label><span dir="ltr">d_model</span> <input type="number" min="1" .value=${String(this.dModel)} @change=${(e) => (this.dModel = Number(e.target.value))} /></label>
        <label>${this.t('learned.seed')} <input type="number" min="0" .value=${String(this.seed)} @change=${(e) => (this.seed = Number(e.target.value))} /></label>
        <span class="seg" role="group" aria-label=${this.t('learned.presets')}>
          ${PRESETS.map(
            (p) => html`<button
              type="button"
              aria-pressed=${this.maxLength === p.maxLength && this.dModel === p.dModel ? 'true' : 'false'}
              @click=${() => {
                this.maxLength = p.maxLength;
                this.dModel = p.dModel;
              }}
            >
              ${this.t('learned.preset', { name: p.key ? this.t(p.key) : p.name, length: this._int(p.maxLength), dModel: p.dModel })}
            </button>`,
          )}
        </span>
      </div>
      ${d
        ? html`<div class="cards" role="group" aria-label=${this.t('learned.sizes')}>
            <div class="card">
              <span class="big" data-role="parameters" data-value=${d.params}>${this._int(d.params)}</span
              ><span class="name">${this.t('learned.parameters')}</span>
            </div>
            <div class="card"><span class="big" data-role="bytes" data-value=${d.bytes}>${this._bytesText(d.bytes)}</span><span class="name">${this.t('learned.float32')}</span></div>
            <div class="card">
              <span class="big">0</span
              ><span class="name"
                >${this.t('learned.sinParameters')}<span class="lesson">${this.t('learned.sinCache', { size: this._bytesText(d.sinBytes) })}</span></span
              >
            </div>
          </div>`
        : nothing}
      <div class="split">
      <div class="pane tables-pane">
      <div class="tables">
        <div>
          <p class="panel-title">${this.tHtml('learned.panelLearned', { seed: this.seed, draws: html`<span dir="ltr">Normal(0, std ${this.std})</span>` })}</p>
          ${this._tableCanvas('learned', this.t('learned.learnedAria', { count: this.maxLength, length: this._int(this.maxLength), dModel: this.dModel, missing: this._int(rows - this.maxLength) }))}
        </div>
        <div>
          <p class="panel-title">${this.t('learned.panelSinusoidal', { base: this.base })}</p>
          ${this._tableCanvas('sinusoidal', this.t('learned.sinusoidalAria', { last: this._int(rows - 1), length: this._int(this.maxLength) }))}
        </div>
      </div>
      </div>
      <div class="pane lookup-pane">
      <div class="controls">
        <label class="slider"
          >${this.t('learned.lookUp')}
          <input type="range" min="0" max=${Math.max(rows - 1, this._pos)} .value=${String(this._pos)} @input=${(e) => this._setPosition(Number(e.target.value))} />
          <input type="number" min="0" aria-label=${this.t('learned.position')} .value=${String(this._pos)} @change=${(e) => this._setPosition(Number(e.target.value))} />
        </label>
        <button type="button" @click=${() => this._setPosition(this.maxLength - 1)}>${this.t('learned.lastRow', { row: this._int(this.maxLength - 1) })}</button>
        <button type="button" @click=${() => this._setPosition(this.maxLength)}>${this.t('learned.pastEnd', { row: this._int(this.maxLength) })}</button>
      </div>
      <div id="lookup" class="lookup" role="status" aria-live="polite" aria-atomic="true">
        ${l
          ? html`<p class="readout">
                <span dir="ltr">learned[${l.position}]</span>:
                ${l.learned
                  ? html`<span class="vals" data-role="learned" data-value=${plain(l.learned[0])}>${values(l.learned)}</span>`
                  : html`<span class="bad">${this.t('learned.noEmbedding')}</span>`}
              </p>
              ${l.learnedError ? html`<p class="fail" data-role="learned-error" dir="ltr">${l.learnedError}</p>` : nothing}
              <p class="readout">
                <span dir="ltr">sinusoidal[${l.position}]</span>: <span class="vals" data-role="sinusoidal" data-value=${l.sinusoidal ? plain(l.sinusoidal[0]) : ''}>${values(l.sinusoidal)}</span>
              </p>`
          : this._ready
            ? nothing
            : html`<p class="readout">${this.t('common.loading')}</p>`}
      </div>
      ${this._tap.button(this.t('common.selectPosition', { position: this._readRow ?? this._pos }))}
      <canvas class="plot rows" role="img" aria-label=${this.t(past ? 'learned.rowsAriaPast' : 'learned.rowsAria', { position: this._int(this._pos) })}></canvas>
      </div>
      </div>
      <p class="note lesson">
        ${past
          ? this.tHtml('learned.lessonPast', { position: this._int(this._pos), embedding: code('nn.Embedding'), error: code('RangeError') })
          : this.t('learned.lessonInside', { row: this._int(this._pos), last: this._int(this.maxLength - 1) })}
      </p>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencLearned);
