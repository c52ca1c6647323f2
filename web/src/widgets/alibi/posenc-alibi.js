// <posenc-alibi>: attention with linear biases. Slopes per head (pe.alibi.slopes, any head count), each
// head's bias matrix (pe.alibi.bias) and the attention weights the bias alone produces when every score is
// equal (pe.attention with zero queries and keys): the recency each head imposes.

import { html, css, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, TapController } from '../base.js';
import { moveCellCursor } from '../grid-keys.js';
import { numberAttr } from '../../state/attributes.js';
import { clearCanvas, wrapText, pointerIn } from '../../render/canvas.js';
import { plain } from '../../render/format.js';
import { formatNumber, formatSci } from '../../i18n/index.js';
import { drawXYPlot, drawCursor, extent } from '../../render/xyplot.js';
import { drawCells, outlineCell, drawColorBar } from '../../render/cells.js';
import { CATEGORICAL } from '../../render/color.js';
import { csvRow } from '../../render/export.js';
import { clampInt, methodStyles, timed } from '../methods-shared.js';
import { alibiCode } from '../pytorch.js';

const MAX_HEADS = 64;
const MAX_LENGTH = 256;
const SCHEME = 'viridis';

export class PosencAlibi extends PosencElement {
  static properties = {
    heads: { type: Number, reflect: true, converter: numberAttr(8), range: { min: 1, max: MAX_HEADS, engine: 'AlibiBiasOptions.heads' } },
    length: { type: Number, reflect: true, converter: numberAttr(32), range: { min: 2, max: MAX_LENGTH, engine: 'AlibiBiasOptions.length' } },
    head: { type: Number, reflect: true, converter: numberAttr(0) },
    query: { type: Number, reflect: true, converter: numberAttr(-1) },
    symmetric: { type: Boolean, reflect: true },
    scale: { type: String, reflect: true, values: ['shared', 'head'] },
    _cursor: { state: true },
    // the head whose cell a tap read (its bias is in the readout until selected), or null
    _readHead: { state: true },
  };

  static styles = [
    baseStyles,
    methodStyles,
    css`
      .slopes {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin: 6px 0;
        padding: 0;
        list-style: none;
      }
      .slopes button {
        font-family: var(--_mono);
        font-size: max(var(--_min-text), 0.82em);
        min-height: 30px;
        padding: 2px 6px;
      }
      .slopes button[aria-selected='true'] {
        background: var(--_accent);
        color: var(--_accent-fg);
        border-color: var(--_accent);
      }
      /* compact, when there is room: slopes and attention weights side by side, the heads' biases below */
      :host([compact]) .frame {
        container: alibi / inline-size;
      }
      @container alibi (min-width: 760px) {
        :host([compact]) .split {
          grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
          grid-template-areas: 'slopes weights' 'heads heads' 'note note';
        }
        .slopes-pane {
          grid-area: slopes;
        }
        .heads-pane {
          grid-area: heads;
        }
        .weights-pane {
          grid-area: weights;
        }
        .split > .note {
          grid-area: note;
        }
        .slopes-pane > .panel-title:first-child,
        .weights-pane > .panel-title:first-child {
          margin-top: 0;
        }
      }
    `,
  ];

  // a tap on a head reads a cell; a second tap on it, or the Select button, selects the head and that query
  // row (element/tap-controller.js)
  _tap = new TapController(this, () => this._selectCell(this._readHead ?? this.head, true));

  constructor() {
    super();
    this.heads = 8;
    this.length = 32;
    this.head = 0;
    this.query = -1;
    this.symmetric = false;
    this.scale = 'shared';
    this.label = '';
    this._cursor = { row: 0, col: 0 };
    this._data = null;
    this._key = '';
    this._lastRender = { ms: 0, frames: 0 };
  }

  get lastRender() {
    return { ...this._lastRender };
  }

  get _H() {
    return this.heads;
  }

  get _L() {
    return this.length;
  }

  /** The query row whose weights are plotted: the attribute, or the last position. */
  get _q() {
    const L = this._L;
    return this.query >= 0 && this.query < L ? this.query : L - 1;
  }

  engineReady() {
    this.requestUpdate();
  }


  _compute() {
    const pe = this.pe;
    const H = this._H;
    const L = this._L;
    const causal = !this.symmetric;
    const slopes = pe.alibi.slopes(H);
    const bias = pe.alibi.bias({ heads: H, length: L, causal });
    // equal scores everywhere (zero queries and keys): the weights are the softmax of the bias alone
    const zeros = new Float32Array(L * H);
    const { weights } = pe.attention({ q: zeros, k: zeros, v: zeros, seqLen: L, heads: H, headDim: 1, bias, causal });
    // colour ranges (drawing only): the most negative finite bias overall and per head
    const headMin = new Float64Array(H);
    for (let h = 0; h < H; h++) {
      let m = 0;
      for (let i = h * L * L; i < (h + 1) * L * L; i++) if (Number.isFinite(bias[i]) && bias[i] < m) m = bias[i];
      headMin[h] = m;
    }
    const vmin = Math.min(0, ...headMin);
    return { H, L, causal, slopes, bias, weights, vmin, headMin };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    const ok = this.guard(() => {
      checkRanges(this);
      const key = [this.heads, this.length, this.symmetric].join('|');
      if (key !== this._key || !this._data) {
        this._data = this._compute();
        this._key = key;
      }
      if (!Number.isInteger(this.head) || this.head < 0 || this.head >= this._H) this.head = clampInt(this.head, 0, this._H - 1);
      const L = this._L;
      this._cursor = { row: Math.min(this._cursor.row, L - 1), col: Math.min(this._cursor.col, L - 1) };
      return true;
    }, { main: true });
    if (!ok) this._data = null;
  }

  updated(changed) {
    timed(this, () => this._draw());
    if (this._data && (changed.has('head') || changed.has('heads') || changed.has('_ready'))) {
      this.dispatchEvent(new CustomEvent('posenc-change', { detail: { head: this.head, slope: this._data.slopes[this.head], slopes: Array.from(this._data.slopes) }, bubbles: true, composed: true }));
    }
  }

  redraw() {
    this._draw();
  }

  /** Slopes, the selected head's bias and weights (for scripts and tests). */
  get result() {
    const d = this._data;
    if (!d) return null;
    const h = this.head;
    const q = this._q;
    const L = d.L;
    return {
      slopes: Array.from(d.slopes),
      head: h,
      slope: d.slopes[h],
      query: q,
      biasRow: Array.from(d.bias.subarray(h * L * L + q * L, h * L * L + (q + 1) * L)),
      weightsRow: Array.from(d.weights.subarray(h * L * L + q * L, h * L * L + (q + 1) * L)),
    };
  }

  biasAt(h, i, j) {
    const d = this._data;
    return d ? d.bias[h * d.L * d.L + i * d.L + j] : NaN;
  }

  weightAt(h, i, j) {
    const d = this._data;
    return d ? d.weights[h * d.L * d.L + i * d.L + j] : NaN;
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _draw() {
    this._drawSlopes();
    this._drawHeads();
    this._drawWeights();
  }

  _drawSlopes() {
    const canvas = this.renderRoot?.querySelector('canvas.slopes-plot');
    if (!canvas) return;
    const w = this._paneWidth('.slopes-pane');
    const h = this.compact ? 130 : 170;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    const d = this._data;
    if (!d) return;
    const t = this.theme$();
    const xs = Array.from({ length: d.H }, (_, i) => i);
    const [lo, hi] = extent([d.slopes], { positive: true });
    // room for tick labels such as 5·10⁻³ beside the axis title
    const rect = { x: 66, y: 10, w: w - 66 - 12, h: h - 44 };
    const plot = drawXYPlot(ctx, {
      rect,
      xDomain: [-0.5, d.H - 0.5],
      yDomain: [lo / 1.6, Math.min(1.5, hi * 1.6)],
      yLog: true,
      theme: t,
      xTicks: d.H <= 16 ? xs : undefined,
      series: [{ x: xs, y: d.slopes, color: t.accent, points: true, line: false, radius: 4 }],
      xLabel: this.t('alibi.axisHead'),
      yLabel: this.t('alibi.axisSlope'),
    });
    drawCursor(ctx, plot, rect, this.head, [{ y: d.slopes[this.head], color: t.selectA }], t.selectA);
  }

  /** Width for a pane's plot: its column in the compact layout, the frame otherwise. */
  _paneWidth(selector) {
    return this.widthIn(this.renderRoot?.querySelector(selector));
  }

  _headsGeometry() {
    const d = this._data;
    const w = this.contentWidth;
    const H = d?.H ?? 1;
    const cols = Math.max(1, Math.min(H, Math.floor(w / 112)));
    // 2 px margins: the outlines (2.5 px for the chosen head) are drawn outside each thumbnail
    const size = Math.min(this.compact ? 120 : 200, Math.floor((w - 4 - (cols - 1) * 10) / cols));
    const rows = Math.ceil(H / cols);
    const cellTitle = 16;
    return { w, cols, size, rows, cellTitle, h: rows * (size + cellTitle + 10) + 30 };
  }

  _drawHeads() {
    const canvas = this.renderRoot?.querySelector('canvas.heads');
    if (!canvas) return;
    const g = this._headsGeometry();
    const d = this._data;
    const t = this.theme$();
    // the caption of the colour bar: beside it in at most two lines, else on lines of its own below it
    // (the canvas grows by those lines)
    const barW = Math.min(220, g.w / 2);
    const caption = this.t(d?.causal ? 'alibi.biasCaptionCausal' : 'alibi.biasCaptionSymmetric');
    const measure = canvas.getContext('2d');
    measure.font = t.fontSmall;
    let capX = barW + 12;
    let capY = g.h - 26;
    let capLines = wrapText(measure, caption, g.w - capX - 2);
    let extra = 0;
    if (capLines.length > 2) {
      capLines = wrapText(measure, caption, g.w - 2);
      capX = 0;
      capY = g.h + 2;
      extra = capLines.length * 13 + 4;
    }
    const ctx = clearCanvas(canvas, g.w, g.h + extra, this.ratio);
    if (!d) return;
    const L = d.L;
    this._headRects = [];
    for (let h = 0; h < d.H; h++) {
      const c = h % g.cols;
      const r = Math.floor(h / g.cols);
      const x = 2 + c * (g.size + 10);
      const y = 2 + r * (g.size + g.cellTitle + 10);
      const rect = { x, y: y + g.cellTitle, w: g.size, h: g.size };
      this._headRects.push(rect);
      ctx.font = h === this.head ? t.fontBold : t.fontSmall;
      ctx.fillStyle = h === this.head ? t.selectA : t.muted;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(this.t('alibi.headSlope', { head: h, slope: formatNumber(this.locale, Number(d.slopes[h].toPrecision(3))) }), x, y + 1);
      const base = h * L * L;
      const lo = this.scale === 'head' ? d.headMin[h] || -1 : d.vmin || -1;
      drawCells(ctx, { rect, rows: L, cols: L, get: (i, j) => d.bias[base + i * L + j], scheme: SCHEME, vmin: lo, vmax: 0, maskColor: t.grid, gap: 0 });
      ctx.strokeStyle = h === this.head ? t.selectA : t.border;
      ctx.lineWidth = h === this.head ? 2.5 : 1;
      ctx.strokeRect(rect.x - 0.5, rect.y - 0.5, rect.w + 1, rect.h + 1);
      if (this._readHead != null ? h === this._readHead : h === this.head && this._focusHeads) outlineCell(ctx, rect, L, L, this._cursor, t.cursor);
    }
    const perHead = this.scale === 'head';
    drawColorBar(ctx, {
      x: 0,
      y: g.h - 24,
      w: barW,
      scheme: SCHEME,
      vmin: d.vmin,
      vmax: 0,
      labels: [perHead ? this.t('alibi.headMinimum') : formatNumber(this.locale, d.vmin, 2), '0'],
      color: t.muted,
      font: t.fontSmall,
    });
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    capLines.forEach((line, i) => ctx.fillText(line, capX, capY + i * 13));
  }

  _drawWeights() {
    const canvas = this.renderRoot?.querySelector('canvas.weights');
    if (!canvas) return;
    const w = this._paneWidth('.weights-pane');
    const h = this.compact ? 160 : 220;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    const d = this._data;
    if (!d) return;
    const t = this.theme$();
    const L = d.L;
    const q = this._q;
    const xs = Array.from({ length: L }, (_, j) => j);
    const series = [];
    let top = 0;
    for (let hh = 0; hh < d.H; hh++) {
      const ys = d.weights.subarray(hh * L * L + q * L, hh * L * L + (q + 1) * L);
      for (let j = 0; j < L; j++) if (ys[j] > top) top = ys[j];
      if (hh === this.head) continue;
      series.push({ x: xs, y: ys, color: CATEGORICAL[hh % CATEGORICAL.length], width: 1, alpha: 0.55 });
    }
    const sel = d.weights.subarray(this.head * L * L + q * L, this.head * L * L + (q + 1) * L);
    series.push({ x: xs, y: sel, color: t.selectA, width: 3, points: L <= 64 });
    const rect = { x: 52, y: 12, w: w - 52 - 12, h: h - 48 };
    const plot = drawXYPlot(ctx, {
      rect,
      xDomain: [-0.5, L - 0.5],
      yDomain: [0, Math.min(1, top * 1.08) || 1],
      theme: t,
      series,
      lines: [{ axis: 'x', value: q, color: t.muted, label: this.t('alibi.queryMark', { query: q }), align: 'start' }],
      xLabel: this.t('alibi.axisKey'),
      yLabel: this.t('alibi.axisWeight'),
    });
    this._weightsPlot = { plot, rect };
    if (this._hoverKey != null) drawCursor(ctx, plot, rect, this._hoverKey, [{ y: sel[this._hoverKey], color: t.selectA }], t.cursor);
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _selectHead(h) {
    if (!this._data) return;
    this.head = clampInt(h, 0, this._data.H - 1);
  }

  _onHeadsClick(e) {
    const rects = this._headRects ?? [];
    const pt = pointerIn(e);
    const x = pt.x;
    const y = pt.y;
    rects.forEach((rect, h) => {
      if (x >= rect.x && x < rect.x + rect.w && y >= rect.y - 16 && y < rect.y + rect.h) {
        const inCells = y >= rect.y;
        if (inCells) {
          const L = this._data.L;
          this._cursor = { row: Math.min(L - 1, Math.floor(((y - rect.y) / rect.h) * L)), col: Math.min(L - 1, Math.floor(((x - rect.x) / rect.w) * L)) };
        }
        if (this._tap.selects(e, inCells ? `${h},${this._cursor.row},${this._cursor.col}` : `${h}`)) this._selectCell(h, inCells);
        else this._readHead = h;
      }
    });
  }

  /** Selects head `h`, and with `query` the cursor's row as the query. */
  _selectCell(h, query) {
    this._readHead = null;
    this.head = h;
    if (query) this.query = this._cursor.row;
  }

  _onHeadsKey(e) {
    const d = this._data;
    if (!d) return;
    this._tap.clear();
    this._readHead = null;
    const L = d.L;
    if (e.key === 'PageUp' || e.key === 'PageDown') {
      this._selectHead(this.head + (e.key === 'PageUp' ? -1 : 1));
      e.preventDefault();
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      this.query = this._cursor.row;
      e.preventDefault();
      return;
    }
    const next = moveCellCursor(e, this._cursor, L, L, { homeEnd: false });
    if (!next) return;
    e.preventDefault();
    this._cursor = next;
  }

  _onWeightsMove(e) {
    const wp = this._weightsPlot;
    if (!wp) return;
    const pt = pointerIn(e);
    const j = Math.round(wp.plot.sx.invert(pt.x));
    const L = this._data?.L ?? 0;
    this._hoverKey = j >= 0 && j < L ? j : null;
    this._drawWeights();
    this.requestUpdate();
  }

  _onWeightsKey(e) {
    const L = this._data?.L ?? 0;
    let j = this._hoverKey ?? this._q;
    if (e.key === 'ArrowLeft') j--;
    else if (e.key === 'ArrowRight') j++;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = L - 1;
    else if (e.key === 'ArrowUp') return (this._selectHead(this.head - 1), e.preventDefault());
    else if (e.key === 'ArrowDown') return (this._selectHead(this.head + 1), e.preventDefault());
    else return;
    e.preventDefault();
    this._hoverKey = clampInt(j, 0, L - 1);
    this._drawWeights();
    this.requestUpdate();
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** Every head's bias, float32 [heads, length, length] (−Infinity above the diagonal when causal). */
  toArray() {
    const d = this._data;
    return d ? { data: d.bias.slice(), shape: [d.H, d.L, d.L] } : null;
  }

  toPyTorch() {
    return alibiCode({ heads: this._H, length: this._L, causal: !this.symmetric });
  }

  toCSV() {
    const d = this._data;
    if (!d) return '';
    const L = d.L;
    const q = this._q;
    const lines = [csvRow(['head', 'slope'])];
    for (let h = 0; h < d.H; h++) lines.push(csvRow([h, d.slopes[h]]));
    lines.push('', csvRow(['head', 'query', 'key', 'bias', 'weight_on_equal_scores']));
    for (let h = 0; h < d.H; h++) {
      for (let j = 0; j < L; j++) lines.push(csvRow([h, q, j, d.bias[h * L * L + q * L + j], d.weights[h * L * L + q * L + j]]));
    }
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const parts = ['canvas.slopes-plot', 'canvas.heads', 'canvas.weights'].map((s) => this.renderRoot.querySelector(s)).filter(Boolean);
    if (!parts.length || !this._data) return null;
    return this.picture(parts, this.t('alibi.picture', { heads: this.heads, length: this.length, symmetric: this.symmetric ? this.t('alibi.pictureSymmetric') : '' }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  render() {
    const d = this._data;
    const title = this.label || this.t('alibi.title');
    const slopeText = (s) => formatNumber(this.locale, Number(s.toPrecision(6)));
    const h = this.head;
    const q = this._q;
    const L = d?.L ?? this.length;
    const cur = this._cursor;
    // the bias readout follows the head a tap read
    const rh = this._readHead ?? h;
    const cursorBias = d ? this.biasAt(rh, cur.row, cur.col) : NaN;
    const hk = this._hoverKey ?? q;
    const w = d ? this.weightAt(h, q, hk) : NaN;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <label>${this.t('alibi.heads')} <input type="number" min="1" max=${MAX_HEADS} .value=${String(this.heads)} @change=${(e) => (this.heads = Number(e.target.value))} /></label>
        <label>${this.t('alibi.length')} <input type="number" min="2" max=${MAX_LENGTH} .value=${String(this.length)} @change=${(e) => (this.length = Number(e.target.value))} /></label>
        <label><input type="checkbox" .checked=${this.symmetric} @change=${(e) => (this.symmetric = e.target.checked)} /> ${this.t('alibi.symmetric')}</label>
        <label
          >${this.t('alibi.colours')}
          <select .value=${this.scale === 'head' ? 'head' : 'shared'} @change=${(e) => (this.scale = e.target.value)}>
            <option value="shared">${this.t('alibi.sharedScale')}</option>
            <option value="head">${this.t('alibi.headScale')}</option>
          </select></label
        >
      </div>
      <div class="split">
      <div class="pane slopes-pane">
      <p class="panel-title">${this.t('alibi.slopes')}</p>
      ${d
        ? html`<ul class="slopes" role="listbox" aria-label=${this.t('alibi.slopesList')}>
            ${Array.from(d.slopes, (s, i) => html`<li role="none">
              <button
                type="button"
                role="option"
                aria-selected=${i === h ? 'true' : 'false'}
                data-head=${i}
                data-value=${plain(s)}
                tabindex=${i === h ? '0' : '-1'}
                @click=${() => (this.head = i)}
                @keydown=${(e) => this._onSlopeKey(e, i)}
              >h${i}: ${s >= 1e-3 ? slopeText(s) : formatSci(this.locale, s, 4)}</button>
            </li>`)}
          </ul>`
        : nothing}
      <canvas class="plot slopes-plot" role="img" aria-label=${d ? this.t('alibi.slopesAria', { count: d.H, slopes: Array.from(d.slopes, (s) => formatNumber(this.locale, Number(s.toPrecision(4)))).join('; ') }) : this.t('alibi.slopesShort')}></canvas>
      <p class="note lesson">
        ${d && (d.H & (d.H - 1)) === 0
          ? d.H === 1
            ? this.tHtml('alibi.oneHead', { slope: html`2<sup>−8</sup>` })
            : this.tHtml('alibi.powerOfTwo', { count: d.H, first: html`2<sup>−8/${d.H}</sup>` })
          : d
            ? this.t('alibi.notPowerOfTwo', { count: d.H })
            : nothing}
      </p>
      ${this.symmetric
        ? html`<p class="note lesson" data-role="variant">${this.t('alibi.variant')}</p>`
        : nothing}
      </div>
      <div class="pane heads-pane">
      <p class="panel-title">${this.t('alibi.biasTitle')}</p>
      <canvas
        class="plot heads"
        tabindex="0"
        role="img"
        aria-label=${this.t('alibi.biasAria', { heads: this.heads, length: L })}
        aria-describedby="bias-readout"
        @click=${this._onHeadsClick}
        @keydown=${this._onHeadsKey}
        @focus=${() => ((this._focusHeads = true), this._drawHeads())}
        @blur=${() => ((this._focusHeads = false), this._drawHeads())}
      ></canvas>
      <p id="bias-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
        ${d
          ? this.tHtml('alibi.biasReadout', {
              head: rh,
              query: cur.row,
              key: cur.col,
              value: html`<span data-role="bias" data-value=${plain(cursorBias)}>${formatNumber(this.locale, cursorBias, 4)}</span>`,
              why: Number.isFinite(cursorBias)
                ? this.t('alibi.biasWhy', { slope: slopeText(d.slopes[rh]), distance: Math.abs(cur.row - cur.col) })
                : this.t('alibi.masked'),
            })
          : this._ready
            ? ''
            : this.t('common.loading')}
      </p>
      ${this._tap.button(this.t('alibi.selectRow', { head: this._readHead ?? h, query: cur.row }))}
      </div>
      <div class="pane weights-pane">
      <p class="panel-title">${this.t('alibi.weightsTitle')}</p>
      <canvas
        class="plot weights"
        tabindex="0"
        role="img"
        aria-label=${this.t('alibi.weightsAria', { query: q, head: h })}
        aria-describedby="weight-readout"
        @pointermove=${this._onWeightsMove}
        @pointerdown=${this._onWeightsMove}
        @keydown=${this._onWeightsKey}
      ></canvas>
      <p id="weight-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
        ${d
          ? this.tHtml('alibi.weightReadout', {
              head: h,
              slope: slopeText(d.slopes[h]),
              query: q,
              key: hk,
              weight: html`<span data-role="weight" data-value=${plain(w)}>${formatNumber(this.locale, w, 4)}</span>`,
              self: formatNumber(this.locale, this.weightAt(h, q, q), 4),
              first: formatNumber(this.locale, this.weightAt(h, q, 0), 4),
            })
          : nothing}
      </p>
      </div>
      <p class="note lesson">
        ${this.t(d && !d.causal ? 'alibi.lessonSymmetric' : 'alibi.lessonCausal')} ${this.t('alibi.lessonLinear')}
        ${d && !d.causal ? nothing : this.t('alibi.lessonOriginal')}
      </p>
      </div>
    `;
  }

  _onSlopeKey(e, i) {
    const H = this._data?.H ?? 1;
    let j = i;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') j = Math.min(H - 1, i + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') j = Math.max(0, i - 1);
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = H - 1;
    else return;
    e.preventDefault();
    this.head = j;
    this.updateComplete.then(() => this.renderRoot.querySelector(`.slopes button[data-head="${j}"]`)?.focus());
  }
}

customElements.get('posenc-alibi') || customElements.define('posenc-alibi', PosencAlibi);
