// <posenc-learned>: a learned absolute position table (seeded Normal(0, std) draws from pe.learned) beside
// the sinusoidal one (pe.sinusoidal). Positions at or past max-length have no row: the widget looks them
// up anyway and shows the RangeError the engine raises. Parameter count and memory are the length and
// byte length of the table the engine returned.

import { html, css, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, TapController } from '../base.js';
import { numberAttr, intList } from '../../state/attributes.js';
import { MatrixRaster } from '../../render/raster.js';
import { lut } from '../../render/color.js';
import { fitCanvas, clearCanvas, wrapText, pointerIn } from '../../render/canvas.js';
import { int, plain } from '../../render/format.js';
import { formatNumber } from '../../i18n/index.js';
import { matrixLayout, drawRaster, drawMatrixAxes, drawMatrixLegend } from '../../render/matrix-view.js';
import { drawBars } from '../../render/bars.js';
import { hatch } from '../../render/cells.js';
import { csvRow } from '../../render/export.js';
import { learnedCode } from '../pytorch.js';
import { attempt, errorText, clampInt, methodStyles } from '../methods-shared.js';

const MAX_ELEMENTS = 1 << 24; // 64 MiB of float32: the biggest learned table the widget builds
const SHOW = 8; // values listed in the lookup readout

// the presets: models with learned position tables (GPT-3 Small: context 2048, d_model 768, Brown et al.
// 2020, Table 2.1, with GPT-2's architecture); a model's name stays as it is, `key` would name a message
const PRESETS = [
  { name: 'BERT base', maxLength: 512, dModel: 768 },
  { name: 'GPT-2', maxLength: 1024, dModel: 768 },
  { name: 'GPT-3 Small', maxLength: 2048, dModel: 768 },
];

export class PosencLearned extends PosencElement {
  static properties = {
    maxLength: { type: Number, reflect: true, attribute: 'max-length', converter: numberAttr(512), range: { min: 1, max: MAX_ELEMENTS, engine: 'LearnedOptions.maxLength' } },
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(64), range: { min: 1, max: 1 << 14, engine: 'LearnedOptions.dModel' } },
    seed: { type: Number, reflect: true, converter: numberAttr(0) },
    std: { type: Number, reflect: true, converter: numberAttr(0.02) },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    position: { type: Number, reflect: true, converter: numberAttr(0) },
    extra: { type: Number, reflect: true, converter: numberAttr(0) },
    positions: { type: Array, reflect: true, converter: intList },
    _progress: { state: true },
    // the row a tap read (shown in the lookup until it is selected or the reader moves on), or null
    _readRow: { state: true },
  };

  static styles = [
    baseStyles,
    methodStyles,
    css`
      .tables {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .tables > div {
        flex: 1 1 280px;
        min-width: 0;
      }
      /* compact: the two tables side by side in one column, the lookup beside them */
      :host([compact]) .tables > div {
        flex-basis: 160px;
      }
      :host([compact]) .tables .panel-title {
        margin-top: 0;
      }
      .lookup {
        margin: 6px 0;
      }
      .vals {
        font-family: var(--_mono);
        font-size: max(var(--_min-text), 0.88em);
        overflow-wrap: anywhere;
      }
    `,
  ];

  // a tap reads a row; a second tap on it, or the Select button, looks it up as `position` (element/tap-controller.js)
  _tap = new TapController(this, () => this._setPosition(this._readRow ?? this._pos));

  constructor() {
    super();
    this.maxLength = 512;
    this.dModel = 64;
    this.seed = 0;
    this.std = 0.02;
    this.base = 10000;
    this.position = 0;
    this.extra = 0;
    this.positions = [];
    this.label = '';
    this._progress = 1;
    this._rasters = { learned: new MatrixRaster(), sinusoidal: new MatrixRaster() };
    this._geom = {};
    this._data = null;
    this._key = '';
    this._rendered = Promise.resolve();
    this._lastRender = { ms: 0, frames: 0 };
  }

  get lastRender() {
    return { ...this._lastRender };
  }

  /** Rows drawn: the whole table plus a margin past its end (the attribute, or an eighth, at least 8). */
  get _rows() {
    const extra = Number.isInteger(this.extra) && this.extra > 0 ? this.extra : Math.max(8, Math.round(this.maxLength / 8));
    return this.maxLength + extra;
  }

  get renderComplete() {
    return this.updateComplete.then(() => this._rendered);
  }

  /** The position as drawn: `position` when it is a whole number ≥ 0, else the nearest one. */
  get _pos() {
    const p = this.position;
    return Number.isInteger(p) && p >= 0 ? p : clampInt(p, 0, 1 << 30);
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

  _validate() {
    const { maxLength, dModel } = this;
    checkRanges(this);
    if (maxLength * dModel > MAX_ELEMENTS) throw new RangeError(this.t('learned.tooBig', { values: this._int(maxLength * dModel), limit: this._int(MAX_ELEMENTS) }));
  }

  _compute() {
    const pe = this.pe;
    const p = { maxLength: this.maxLength, dModel: this.dModel, seed: this.seed, std: this.std };
    const table = pe.learned(p);
    const sinusoidal = pe.sinusoidal({ length: this._rows, dModel: this.dModel, base: this.base });
    return { p, table, sinusoidal, rows: this._rows, params: table.length, bytes: table.byteLength, sinBytes: pe.sinusoidal({ length: this.maxLength, dModel: this.dModel, base: this.base }).byteLength };
  }

  /** Looks one position up in both tables; the learned lookup may fail (that is the lesson). */
  lookup(pos) {
    const pe = this.pe;
    const learned = attempt(() => pe.learned({ maxLength: this.maxLength, dModel: this.dModel, seed: this.seed, std: this.std, positions: [pos] }));
    const sinusoidal = attempt(() => pe.sinusoidal({ length: 1, dModel: this.dModel, base: this.base, offset: pos }));
    return { position: pos, learned: learned.value ?? null, learnedError: learned.error ? errorText(learned.error) : '', sinusoidal: sinusoidal.value ?? null, sinusoidalError: sinusoidal.error ? errorText(sinusoidal.error) : '' };
  }

  get result() {
    if (!this._data || !this._look) return null;
    const l = this._look;
    return {
      position: l.position,
      learned: l.learned ? Array.from(l.learned) : null,
      learnedError: l.learnedError,
      sinusoidal: l.sinusoidal ? Array.from(l.sinusoidal) : null,
      parameters: this._data.params,
      bytes: this._data.bytes,
    };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (changed.has('positions') && this.positions?.length) this.position = this.positions[this.positions.length - 1];
    if (!this.pe) return;
    const ok = this.guard(() => {
      this._validate();
      const key = [this.maxLength, this.dModel, this.seed, this.std, this.base, this._rows].join('|');
      if (key !== this._key || !this._data) {
        this._data = this._compute();
        this._key = key;
        this._dirty = true;
      }
      this._look = this.lookup(this._shownPos);
      return true;
    }, { main: true });
    if (!ok) this._data = null;
  }

  updated(changed) {
    if (this._dirty) this._recompute();
    else this._paint();
    if (this._look && (changed.has('position') || changed.has('maxLength') || changed.has('_ready'))) {
      const l = this._look;
      this.dispatchEvent(new CustomEvent('posenc-change', { detail: { position: l.position, learnedError: l.learnedError }, bubbles: true, composed: true }));
    }
  }

  redraw() {
    this._dirty = true;
    this._recompute();
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _panelWidth() {
    const w = this.widthIn(this.renderRoot?.querySelector('.tables-pane'));
    return w >= (this.compact ? 340 : 600) ? Math.floor((w - 16) / 2) : w;
  }

  async _recompute() {
    const d = this._data;
    this._dirty = false;
    if (!d) return;
    const t0 = performance.now();
    let resolve;
    this._rendered = new Promise((r) => (resolve = r));
    const width = this._panelWidth();
    const cols = this.dModel;
    const jobs = [];
    for (const which of ['learned', 'sinusoidal']) {
      const canvas = this.renderRoot?.querySelector(`canvas.${which}`);
      if (!canvas) continue;
      const geom = matrixLayout({ width, rows: d.rows, cols, top: 40, maxHeight: this.compact ? 220 : 380, minHeight: 160 });
      this._geom[which] = geom;
      fitCanvas(canvas, geom.width, geom.height, this.ratio);
      const range = which === 'learned' ? 3 * this.std : 1;
      const src = which === 'learned' ? d.table : d.sinusoidal;
      const limit = which === 'learned' ? this.maxLength : d.rows;
      jobs.push(
        this._rasters[which].render({
          rows: d.rows,
          cols,
          maxW: geom.rect.w * this.ratio,
          maxH: geom.rect.h * this.ratio,
          palette: lut('RdBu').packed,
          vmin: -range,
          vmax: range,
          fill: (off, count, into) => {
            // rows past the learned table do not exist: NaN (drawn grey, then hatched)
            for (let r = 0; r < count; r++) {
              const rowIndex = off + r;
              const dst = into.subarray(r * cols, (r + 1) * cols);
              if (rowIndex < limit) dst.set(src.subarray(rowIndex * cols, (rowIndex + 1) * cols));
              else dst.fill(NaN);
            }
          },
        }),
      );
    }
    const done = await Promise.all(jobs);
    if (done.every(Boolean)) {
      this._lastRender = { ms: performance.now() - t0, frames: Math.max(...Object.values(this._rasters).map((r) => r.stats.frames)) };
      this._paint();
    }
    resolve();
  }

  _paint() {
    const d = this._data;
    if (!d) return;
    const t = this.theme$();
    for (const which of ['learned', 'sinusoidal']) {
      const canvas = this.renderRoot?.querySelector(`canvas.${which}`);
      const geom = this._geom[which];
      if (!canvas || !geom) continue;
      const ctx = clearCanvas(canvas, geom.width, geom.height, this.ratio);
      drawRaster(ctx, geom, this._rasters[which].canvas, this.ratio);
      drawMatrixAxes(ctx, geom, t, { colTitle: this.t('learned.axisColumns'), rowTitle: this.t('learned.axisRows') });
      const { rect } = geom;
      const yEnd = rect.y + this.maxLength * geom.cellH;
      if (which === 'learned') {
        const gone = { x: rect.x, y: yEnd, w: rect.w, h: rect.y + rect.h - yEnd };
        ctx.fillStyle = t.bg;
        ctx.fillRect(gone.x, gone.y, gone.w, gone.h);
        hatch(ctx, gone, t.muted, 7);
        ctx.font = t.fontBold;
        ctx.fillStyle = t.fg;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        const label = this.t('learned.noRows', { length: this._int(this.maxLength) });
        const tw = ctx.measureText(label).width + 12;
        // centred in the hatched rows, unless the looked-up position's line runs there: then in the larger
        // part beside it
        const bottom = gone.y + gone.h;
        const marker = this._pos >= this.maxLength && this._pos < d.rows ? rect.y + (this._pos + 0.5) * geom.cellH : null;
        let cy = gone.y + gone.h / 2;
        if (marker != null && Math.abs(marker - cy) < 12) cy = marker - gone.y > bottom - marker ? (gone.y + marker) / 2 : (marker + bottom) / 2;
        if (gone.h > 14) {
          ctx.fillStyle = t.bg;
          ctx.fillRect(rect.x + rect.w / 2 - tw / 2, cy - 9, tw, 18);
          ctx.fillStyle = t.fg;
          ctx.fillText(label, rect.x + rect.w / 2, cy);
        }
      }
      // the end of the training table, on both panels
      ctx.strokeStyle = t.selectB;
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 3]);
      ctx.beginPath();
      ctx.moveTo(rect.x - 4, Math.round(yEnd) + 0.5);
      ctx.lineTo(rect.x + rect.w + 4, Math.round(yEnd) + 0.5);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.font = t.fontBold;
      const endLabel = this.t('learned.endMark', { length: this._int(this.maxLength) });
      const lw = ctx.measureText(endLabel).width + 8;
      let ly = Math.max(rect.y + 16, Math.round(yEnd) - 2);
      // the looked-up position's line must not strike the label through (position 500 of 512 lies a few
      // pixels above the end line): the label goes below the end line, or else above the position's line
      const lookY = this._pos < d.rows ? rect.y + (this._pos + 0.5) * geom.cellH : null;
      const crosses = (bottom) => lookY != null && lookY > bottom - 18 && lookY < bottom + 3;
      if (crosses(ly)) {
        const below = Math.round(yEnd) + 17;
        ly = below <= rect.y + rect.h && !crosses(below) ? below : Math.max(rect.y + 16, Math.floor(lookY) - 5);
      }
      ctx.fillStyle = t.bg;
      ctx.fillRect(rect.x + rect.w - lw, ly - 15, lw, 15);
      ctx.fillStyle = t.selectB;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      ctx.fillText(endLabel, rect.x + rect.w - 4, ly - 1);
      // the looked-up position (or the one a tap read)
      const pos = this._shownPos;
      if (pos < d.rows) {
        const y = rect.y + (pos + 0.5) * geom.cellH;
        ctx.save();
        // the arrowhead sits just inside the plot, pointing right: left of the plot are the row tick
        // labels (the position's own label among them), which it must not cover; a thin outline in the
        // background colour keeps it visible on any cell colour, and the line drawn over it joins the two
        ctx.fillStyle = t.selectA;
        ctx.strokeStyle = t.bg;
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(rect.x + 11, y);
        ctx.lineTo(rect.x + 1, y - 6);
        ctx.lineTo(rect.x + 1, y + 6);
        ctx.closePath();
        ctx.stroke();
        ctx.fill();
        ctx.strokeStyle = t.selectA;
        ctx.lineWidth = Math.max(2, Math.min(geom.cellH, 4));
        ctx.beginPath();
        ctx.moveTo(rect.x, y);
        ctx.lineTo(rect.x + rect.w, y);
        ctx.stroke();
        ctx.restore();
      }
      const range = which === 'learned' ? 3 * this.std : 1;
      drawMatrixLegend(ctx, geom, t, { scheme: 'RdBu', vmin: -range, vmax: range, caption: this.t(which === 'learned' ? 'learned.legendLearned' : 'learned.legend') });
      if (this._focused === which) {
        ctx.strokeStyle = t.cursor;
        ctx.setLineDash([2, 2]);
        ctx.strokeRect(rect.x - 1.5, rect.y - 1.5, rect.w + 3, rect.h + 3);
        ctx.setLineDash([]);
      }
    }
    this._drawLookup(t);
  }

  _drawLookup(t) {
    const canvas = this.renderRoot?.querySelector('canvas.rows');
    const l = this._look;
    if (!canvas || !l) return;
    const w = this.widthIn(this.renderRoot.querySelector('.lookup-pane'));
    const rowH = this.compact ? 36 : 46;
    // the caption under the bars, wrapped when the widget is narrow (the canvas grows by the extra lines)
    const measure = canvas.getContext('2d');
    measure.font = t.fontSmall;
    const caption = wrapText(measure, this.t('learned.barsCaption', { last: this.dModel - 1 }), w - 6);
    const h = rowH * 2 + 24 + (caption.length - 1) * 13;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    ctx.font = t.fontBold;
    const left = Math.max(110, ctx.measureText(`sinusoidal[${l.position}]`).width + 12);
    const draw = (values, error, y, name, range, color) => {
      ctx.font = t.fontBold;
      ctx.fillStyle = color;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(name, 2, y + rowH / 2);
      const rect = { x: left, y, w: w - left - 4, h: rowH };
      if (values) {
        drawBars(ctx, { rect, values, range, pos: color, neg: color, axis: t.muted });
      } else {
        ctx.fillStyle = t.surface;
        ctx.fillRect(rect.x, rect.y, rect.w, rect.h);
        hatch(ctx, rect, t.muted, 7);
        ctx.fillStyle = t.fg;
        ctx.font = t.fontBold;
        ctx.textAlign = 'center';
        // wrapped onto two lines when the box is narrow (a phone, or a longer language)
        const lines = wrapText(ctx, this.t('learned.lookupFailed'), rect.w - 8, 2);
        lines.forEach((line, i) => ctx.fillText(line, rect.x + rect.w / 2, y + rowH / 2 + (i - (lines.length - 1) / 2) * 15));
      }
    };
    draw(l.learned, l.learnedError, 4, `learned[${l.position}]`, 3 * this.std, t.selectA);
    draw(l.sinusoidal, l.sinusoidalError, rowH + 12, `sinusoidal[${l.position}]`, 1, t.accent);
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    caption.forEach((line, i) => ctx.fillText(line, w - 4, h - (caption.length - 1 - i) * 13));
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  /** The row the lookup shows: the one a tap read, else `position`. */
  get _shownPos() {
    return this._readRow ?? this._pos;
  }

  _setPosition(p) {
    this._readRow = null;
    this._tap.clear();
    const max = (this._data?.rows ?? this._rows) - 1;
    this.position = clampInt(p, 0, Math.max(max, this._pos));
    this.setSelection([this._pos], { announce: false });
  }

  _onKey(e) {
    const max = (this._data?.rows ?? 1) - 1;
    let p = this._pos;
    if (e.key === 'ArrowUp') p -= e.shiftKey ? 10 : 1;
    else if (e.key === 'ArrowDown') p += e.shiftKey ? 10 : 1;
    else if (e.key === 'PageUp') p -= 32;
    else if (e.key === 'PageDown') p += 32;
    else if (e.key === 'Home') p = 0;
    else if (e.key === 'End') p = max;
    else return;
    e.preventDefault();
    this._setPosition(clampInt(p, 0, max));
  }

  _onPointer(e, which) {
    const geom = this._geom[which];
    if (!geom) return;
    const pt = pointerIn(e);
    const cell = geom.cellAt(pt.x, pt.y);
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
    if (d.table.length > 1 << 22) throw new RangeError(this.t('learned.csvTooBig', { values: this._int(d.table.length), limit: this._int(1 << 22) }));
    const D = this.dModel;
    const lines = [csvRow(['position', ...Array.from({ length: D }, (_, c) => `dim${c}`)])];
    for (let r = 0; r < this.maxLength; r++) lines.push(csvRow([r, ...Array.from(d.table.subarray(r * D, (r + 1) * D))]));
    const past = this.lookup(this.maxLength);
    if (past.learnedError) lines.push(csvRow([this.maxLength, past.learnedError]));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.renderComplete;
    const parts = ['canvas.learned', 'canvas.sinusoidal', 'canvas.rows'].map((s) => this.renderRoot.querySelector(s)).filter(Boolean);
    if (!parts.length || !this._data) return null;
    return this.picture(parts, this.t('learned.picture', { length: this._int(this.maxLength), dModel: this.dModel, seed: this.seed }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

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
          <canvas
            class="plot learned"
            tabindex="0"
            role="img"
            aria-label=${this.t('learned.learnedAria', { count: this.maxLength, length: this._int(this.maxLength), dModel: this.dModel, missing: this._int(rows - this.maxLength) })}
            aria-describedby="lookup"
            @keydown=${this._onKey}
            @click=${(e) => this._onPointer(e, 'learned')}
            @focus=${() => ((this._focused = 'learned'), this._paint())}
            @blur=${() => ((this._focused = null), this._paint())}
          ></canvas>
        </div>
        <div>
          <p class="panel-title">${this.t('learned.panelSinusoidal', { base: this.base })}</p>
          <canvas
            class="plot sinusoidal"
            tabindex="0"
            role="img"
            aria-label=${this.t('learned.sinusoidalAria', { last: this._int(rows - 1), length: this._int(this.maxLength) })}
            aria-describedby="lookup"
            @keydown=${this._onKey}
            @click=${(e) => this._onPointer(e, 'sinusoidal')}
            @focus=${() => ((this._focused = 'sinusoidal'), this._paint())}
            @blur=${() => ((this._focused = null), this._paint())}
          ></canvas>
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

customElements.get('posenc-learned') || customElements.define('posenc-learned', PosencLearned);
