// <posenc-waves>: encoding value against position for chosen dimensions (and the transposed view).

import { html, css, nothing } from 'lit';
import { styleProps } from '../../render/style-props.js';
import { PosencElement, baseStyles, leftOut, TapController } from '../base.js';
import { intList, numberAttr, toIntArray } from '../../state/attributes.js';
import { pushPosition } from '../../state/channel.js';
import { clearCanvas, nextFrame, pointerIn } from '../../render/canvas.js';
import { drawLinePlot, linearScale } from '../../render/lineplot.js';
import { CATEGORICAL } from '../../render/color.js';
import { int } from '../../render/format.js';
import { csvRow, legendCanvas } from '../../render/export.js';
import { describeColumn, frequencyInfo, wavelength } from '../sinusoid-info.js';
import { formatNumber } from '../../i18n/index.js';
import { NAMES } from '../../engine/names.js';
import { sinusoidalSliceCode } from '../pytorch.js';

const MAX_LENGTH = 1 << 16;
const MAX_CURVES = 10;

export class PosencWaves extends PosencElement {
  static properties = {
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(64) },
    length: { type: Number, reflect: true, converter: numberAttr(100) },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    layout: { type: String, reflect: true, values: NAMES.layout.values },
    dims: { type: Array, reflect: true, converter: intList },
    positions: { type: Array, reflect: true, converter: intList },
    view: { type: String, reflect: true, values: ['position', 'dimension'] },
    sweep: { type: Boolean, reflect: true },
    _at: { state: true },
    _playing: { state: true },
  };

  static styles = [
    baseStyles,
    css`
      .fg {
        color: var(--_fg);
      }
      table.waves-legend {
        border-collapse: collapse;
        margin-top: 8px;
        font-size: max(var(--_min-text), 0.9em);
        min-width: 100%;
      }
      table.waves-legend th,
      table.waves-legend td {
        text-align: left;
        padding: 2px 8px 2px 0;
        font-weight: normal;
      }
      table.waves-legend thead th {
        color: var(--_muted);
        font-size: max(var(--_min-text), 0.9em);
        border-bottom: 1px solid var(--_border);
      }
      table.waves-legend .num {
        text-align: right;
        font-family: var(--_mono);
        white-space: nowrap;
      }
      table.waves-legend .swatch {
        display: inline-block;
        vertical-align: middle;
      }
      .legend {
        list-style: none;
        padding: 0;
        margin: 8px 0 0;
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
        gap: 2px 12px;
        font-size: max(var(--_min-text), 0.9em);
      }
      .legend li {
        display: flex;
        align-items: center;
        gap: 6px;
      }
      .swatch {
        flex: none;
        width: 22px;
        height: 0;
        border-top: 3px solid currentColor;
      }
      .swatch.dashed {
        border-top-style: dashed;
      }
      .legend .val {
        font-family: var(--_mono);
        margin-left: auto;
      }
      input[type='range'] {
        flex: 1 1 160px;
        min-width: 120px;
      }
      .slider {
        flex: 1 1 240px;
        display: flex;
        align-items: center;
        gap: 8px;
      }
      input.dims {
        width: 12em;
      }
    `,
  ];

  // a tap reads a position; a second tap on it, or the Select button, selects it (element/tap-controller.js)
  _tap = new TapController(this, () => this._select());

  constructor() {
    super();
    this.dModel = 64;
    this.length = 100;
    this.base = 10000;
    this.layout = 'interleaved';
    this.dims = [0, 1, 4, 8, 16, 32];
    this.positions = [];
    this.view = 'position';
    this.sweep = false;
    this.label = '';
    this._at = 0;
    this._playing = false;
    this._table = null;
    this._info = null;
    this._dirty = true;
    this._loop = 0;
  }

  get _params() {
    return { length: this.length, dModel: this.dModel, base: this.base, layout: this.choice('layout') };
  }

  get _dims() {
    return toIntArray(this.dims).filter((d) => d >= 0 && d < this.dModel).slice(0, MAX_CURVES);
  }

  get adjustments() {
    const given = toIntArray(this.dims);
    const valid = given.filter((d) => d >= 0 && d < this.dModel);
    return [
      ...super.adjustments,
      ...leftOut('dims', given.filter((d) => !valid.includes(d)), this.t('waves.dimensionRange', { last: this.dModel - 1 }), this.t.bind(this)),
      ...leftOut('dims', valid.slice(MAX_CURVES), this.t('waves.firstCurves', { max: MAX_CURVES }), this.t.bind(this)),
      ...(Number.isInteger(this.length) && this.length > 0 ? this.positionsBeyond(this.length) : []),
    ];
  }

  /** Positions drawn in the dimension view: the selection, then the sweep cursor. */
  get _rowPositions() {
    const list = this.getSelection().filter((p) => p < this.length);
    if (!list.includes(this._at)) list.push(this._at);
    return list;
  }

  engineReady() {
    this._dirty = true;
    this.requestUpdate();
  }

  redraw() {
    this._draw();
  }

  connectedCallback() {
    super.connectedCallback();
    if (this.sweep && !this.reducedMotion) this._playing = true;
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._playing = false;
    this._loop++;
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (['length', 'dModel', 'base', 'layout', '_ready'].some((k) => changed.has(k))) this._dirty = true;
    if (changed.has('sweep') && changed.get('sweep') !== undefined) this._playing = this.sweep && !this.reducedMotion;
    if (this._dirty && this.pe) this._compute();
    if (this._at >= this.length) this._at = Math.max(0, this.length - 1);
  }

  updated(changed) {
    this._draw();
    if (changed.has('_playing')) {
      if (this._playing) this._run();
      else this._loop++;
    }
  }

  _compute() {
    this._dirty = false;
    this.guard(() => {
      const { length, dModel } = this;
      if (!Number.isInteger(length) || length < 2 || length > MAX_LENGTH) throw new RangeError(`length must be an integer from 2 to ${int(MAX_LENGTH)} (got ${length})`);
      if (!this._table || this._table.length !== length * dModel) this._table = new Float32Array(length * dModel);
      this.pe.sinusoidal({ ...this._params, into: this._table });
      this._info = frequencyInfo(this.pe, this._params);
      return true;
    }, { main: true }) ?? (this._table = null);
  }

  /** Engine value of dimension d at position p. */
  valueAt(p, d) {
    return this._table ? this._table[p * this.dModel + d] : NaN;
  }

  async _run() {
    const id = ++this._loop;
    let last = performance.now();
    let acc = 0;
    while (id === this._loop && this._playing && this.isConnected) {
      await nextFrame();
      if (this.reducedMotion) {
        this._playing = false;
        break;
      }
      const now = performance.now();
      acc += ((now - last) / 1000) * Math.max(6, this.length / 8); // one sweep in about 8 s
      last = now;
      if (acc >= 1) {
        const step = Math.floor(acc);
        acc -= step;
        this._at = (this._at + step) % Math.max(1, this.length);
      }
    }
  }

  _togglePlay() {
    if (this.reducedMotion) return;
    // the attribute follows, so embed code and shared links keep the reader's choice
    this.sweep = !this._playing;
    this._playing = this.sweep;
  }

  _plotRect(w, h) {
    return { x: 52, y: 10, w: Math.max(60, w - 64), h: h - 56 };
  }

  _draw() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas) return;
    const w = this.contentWidth;
    const h = Math.round(this.compact ? Math.min(240, Math.max(180, w * 0.3)) : Math.min(320, Math.max(220, w * 0.42)));
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    if (!this._table) return;
    const t = this.theme$();
    const rect = this._plotRect(w, h);
    this._rect = rect;
    const L = this.length;
    const d = this.dModel;
    if (this.view === 'dimension') {
      const rows = this._rowPositions;
      const sel = this.getSelection();
      const series = rows.map((p) => {
        const i = sel.indexOf(p);
        return {
          values: this._table.subarray(p * d, p * d + d),
          color: i === 0 ? t.selectA : i === 1 ? t.selectB : t.fg,
          width: p === this._at ? 2.25 : 1.75,
          points: d <= 64,
          dash: p === this._at && i < 0 ? [] : undefined,
        };
      });
      drawLinePlot(ctx, { rect, xDomain: [0, d - 1], yDomain: [-1.08, 1.08], series, theme: t, xLabel: this.t('waves.axisDimension'), yLabel: this.t('waves.axisValue') });
    } else {
      const dims = this._dims;
      const series = dims.map((dim, k) => {
        const col = new Float32Array(L);
        for (let p = 0; p < L; p++) col[p] = this._table[p * d + dim];
        const kind = describeColumn(dim, this._params).kind;
        return { values: col, color: CATEGORICAL[k % CATEGORICAL.length], dash: kind === 'cos' ? [6, 3] : [], width: 1.75 };
      });
      const { sx, sy } = drawLinePlot(ctx, { rect, xDomain: [0, L - 1], yDomain: [-1.08, 1.08], series, theme: t, xLabel: this.t('waves.axisPosition'), yLabel: this.t('waves.axisValue') });
      // sweep cursor and dots at the current position
      const x = sx(this._at);
      ctx.save();
      ctx.strokeStyle = t.cursor;
      ctx.globalAlpha = 0.6;
      ctx.beginPath();
      ctx.moveTo(Math.round(x) + 0.5, rect.y);
      ctx.lineTo(Math.round(x) + 0.5, rect.y + rect.h);
      ctx.stroke();
      ctx.globalAlpha = 1;
      dims.forEach((dim, k) => {
        ctx.fillStyle = CATEGORICAL[k % CATEGORICAL.length];
        ctx.beginPath();
        ctx.arc(x, sy(this.valueAt(this._at, dim)), 3.5, 0, Math.PI * 2);
        ctx.fill();
      });
      // selected positions from the group
      this.getSelection().forEach((p, i) => {
        if (p >= L) return;
        ctx.strokeStyle = i === 0 ? t.selectA : t.selectB;
        ctx.setLineDash([3, 3]);
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(Math.round(sx(p)) + 0.5, rect.y);
        ctx.lineTo(Math.round(sx(p)) + 0.5, rect.y + rect.h);
        ctx.stroke();
      });
      ctx.restore();
    }
  }

  _xToIndex(e) {
    const pt = pointerIn(e);
    const rect = this._rect;
    if (!rect) return -1;
    const n = this.view === 'dimension' ? this.dModel : this.length;
    const s = linearScale(rect.x, rect.x + rect.w, 0, n - 1);
    const i = Math.round(s(pt.x));
    return i >= 0 && i < n ? i : -1;
  }

  _onMove(e) {
    if (this.view === 'dimension') return;
    const i = this._xToIndex(e);
    if (i >= 0 && !this._playing) this._at = i;
  }

  _onClick(e) {
    if (this.view === 'dimension') return;
    const i = this._xToIndex(e);
    if (i < 0) return;
    this._at = i;
    if (this._tap.selects(e, String(i))) this._select();
  }

  _select() {
    this.setSelection(pushPosition(this.getSelection(), this._at));
  }

  _onKey(e) {
    let p = this._at;
    this._tap.clear();
    if (e.key === 'ArrowRight') p += e.shiftKey ? 10 : 1;
    else if (e.key === 'ArrowLeft') p -= e.shiftKey ? 10 : 1;
    else if (e.key === 'Home') p = 0;
    else if (e.key === 'End') p = this.length - 1;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this._select();
      return;
    } else return;
    e.preventDefault();
    this._at = Math.max(0, Math.min(this.length - 1, p));
  }

  selectionChanged(list) {
    if (list.length && list[list.length - 1] < this.length && !this._playing) this._at = list[list.length - 1];
    this.requestUpdate();
  }

  /** What the view plots, float32: [length, dims] (curves over positions) or [positions, dModel] (vectors). */
  get _slice() {
    return this.view === 'dimension' ? { rows: this._rowPositions } : { columns: this._dims };
  }

  toArray() {
    if (!this._table) return null;
    const { rows, columns } = this._slice;
    const [r, c] = [rows ?? Array.from({ length: this.length }, (_, i) => i), columns ?? Array.from({ length: this.dModel }, (_, i) => i)];
    return { data: Float32Array.from(r.flatMap((p) => c.map((d) => this.valueAt(p, d)))), shape: [r.length, c.length] };
  }

  toPyTorch() {
    const s = this._slice;
    return sinusoidalSliceCode({ ...this._params, offset: 0 }, s, 'posenc-waves', s.rows ? `PE rows ${s.rows.join(', ')} of the sinusoidal table` : `dimensions ${s.columns.join(', ')} over ${this.length} positions`);
  }

  toCSV() {
    if (!this._table) return '';
    const L = this.length;
    const d = this.dModel;
    if (this.view === 'dimension') {
      const rows = this._rowPositions;
      const lines = [csvRow(['dimension', ...rows.map((p) => `PE(${p})`)])];
      for (let c = 0; c < d; c++) lines.push(csvRow([c, ...rows.map((p) => this.valueAt(p, c))]));
      return lines.join('\n') + '\n';
    }
    const dims = this._dims;
    const lines = [csvRow(['position', ...dims.map((c) => `dim${c}`)])];
    for (let p = 0; p < L; p++) lines.push(csvRow([p, ...dims.map((c) => this.valueAt(p, c))]));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!canvas || !this._table) return null;
    const t = this.theme$();
    const dimView = this.view === 'dimension';
    const title = dimView
      ? this.t('waves.pictureDimensions', { positions: this._rowPositions.join(', '), dModel: this.dModel })
      : this.t('waves.picturePositions', { dims: this._dims.join(', '), dModel: this.dModel });
    const sel = this.getSelection();
    const items = dimView
      ? this._rowPositions.map((p) => {
          const i = sel.indexOf(p);
          return { color: i === 0 ? t.selectA : i === 1 ? t.selectB : t.fg, label: this._positionLabel(p, i) };
        })
      : this._dims.map((dim, k) => {
          const c = describeColumn(dim, this._params);
          return { color: CATEGORICAL[k % CATEGORICAL.length], dashed: c.kind === 'cos', label: `dim ${dim} (${c.kind}${c.kind !== 'pad' ? `, i = ${c.i}` : ''})` };
        });
    return this.picture([canvas, legendCanvas(items, { ratio: this.ratio, fg: t.fg, bg: t.bg })], title);
  }

  /** "position 3 (A)": a curve of the dimension view, by its place in the selection (else the cursor). */
  _positionLabel(p, i) {
    return this.t('waves.legendPosition', { position: p }) + (i === 0 ? ' (A)' : i === 1 ? ' (B)' : this.t('waves.cursor'));
  }

  /** "6.283 positions", "6.28e+5 positions": the wavelength with the locale's number form. */
  _wavelengthText(lambda) {
    if (!Number.isFinite(lambda)) return '—';
    const count = lambda >= 1e5 ? lambda.toExponential(2) : formatNumber(this.locale, Number(lambda.toPrecision(4)));
    return this.t('waves.wavelengthPositions', { count });
  }

  _legend() {
    if (!this._table) return nothing;
    const t = this.theme$();
    if (this.view === 'dimension') {
      const sel = this.getSelection();
      return html`<ul class="legend" aria-label=${this.t('waves.curves')}>
        ${this._rowPositions.map((p) => {
          const i = sel.indexOf(p);
          const color = i === 0 ? t.selectA : i === 1 ? t.selectB : t.fg;
          return html`<li style=${styleProps({ color })}>
            <span class="swatch" aria-hidden="true"></span>
            <span class="fg">${this._positionLabel(p, i)}</span>
          </li>`;
        })}
      </ul>`;
    }
    return html`<div class="scroll">
      <table class="waves-legend">
        <caption class="sr-only">${this.t('waves.legendCaption', { position: this._at })}</caption>
        <thead>
          <tr><th scope="col">${this.t('waves.curve')}</th><th scope="col">${this.t('waves.column')}</th><th scope="col">${this.t('waves.wavelength')}</th><th scope="col" class="num">${this.t('waves.at', { position: this._at })}</th></tr>
        </thead>
        <tbody>
          ${this._dims.map((dim, k) => {
            const c = describeColumn(dim, this._params);
            const lambda = wavelength(this._info, c.i);
            return html`<tr>
              <td style=${styleProps({ color: CATEGORICAL[k % CATEGORICAL.length] })}><span class=${`swatch ${c.kind === 'cos' ? 'dashed' : ''}`} aria-hidden="true"></span></td>
              <th scope="row">dim ${dim} <span class="muted">${c.kind}${c.kind !== 'pad' ? `, i = ${c.i}` : ''}</span></th>
              <td>${c.kind === 'pad' ? '—' : html`<span dir="ltr">2π·${this.base}<sup>${2 * c.i}/${this.dModel}</sup></span> ≈ ${this._wavelengthText(lambda)}`}</td>
              <td class="num">${formatNumber(this.locale, this.valueAt(this._at, dim), 4)}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>`;
  }

  render() {
    const dimView = this.view === 'dimension';
    const L = this.length;
    const readout = this._table
      ? dimView
        ? this.t('waves.readoutDimensions', { position: this._at, count: this.dModel, last: this.dModel - 1 })
        : this.t('waves.readoutPositions', { position: this._at, values: this._dims.map((d) => this.t('waves.dimValue', { dim: d, value: formatNumber(this.locale, this.valueAt(this._at, d), 4) })).join(', ') })
      : this._ready
        ? ''
        : this.t('common.loading');
    const rm = this.reducedMotion;
    return html`
      ${this.renderHead(this.label || this.t(dimView ? 'waves.titleDimensions' : 'waves.titlePositions'))}
      <div class="controls">
        <div role="group" aria-label=${this.t('waves.viewGroup')}>
          <button type="button" aria-pressed=${dimView ? 'false' : 'true'} @click=${() => (this.view = 'position')}>${this.t('waves.viewPosition')}</button>
          <button type="button" aria-pressed=${dimView ? 'true' : 'false'} @click=${() => (this.view = 'dimension')}>${this.t('waves.viewDimension')}</button>
        </div>
        <button type="button" @click=${this._togglePlay} ?disabled=${rm} aria-pressed=${this._playing ? 'true' : 'false'}>
          ${this.t(this._playing ? 'waves.pause' : 'waves.play')}
        </button>
        ${rm ? html`<span class="note">${this.t('waves.reducedMotion')}</span>` : nothing}
      </div>
      <div class="controls">
        <label class="slider"
          >${this.t('waves.position')}
          <input
            type="range"
            min="0"
            max=${Math.max(0, L - 1)}
            .value=${String(this._at)}
            aria-valuetext=${this.t('waves.positionValue', { position: this._at })}
            @input=${(e) => ((this._playing = false), (this._at = Number(e.target.value)))}
          />
          <output>${this._at}</output>
        </label>
        ${dimView
          ? nothing
          : html`<label
              >${this.t('waves.dimensions')}
              <input
                class="dims"
                type="text"
                inputmode="numeric"
                .value=${this._dims.join(',')}
                aria-describedby="dims-help"
                @change=${(e) => (this.dims = toIntArray(e.target.value))}
              />
            </label>
            <span id="dims-help" class="sr-only">${this.t('waves.dimsHelp', { max: MAX_CURVES })}</span>`}
      </div>
      <canvas
        class="plot"
        tabindex="0"
        role="img"
        aria-label=${dimView
          ? this.t('waves.ariaDimensions', { positions: this._rowPositions.join(', ') })
          : this.t('waves.ariaPositions', { dims: this._dims.join(', '), last: L - 1 })}
        @pointermove=${this._onMove}
        @pointerdown=${this._onMove}
        @click=${this._onClick}
        @keydown=${this._onKey}
      ></canvas>
      <p class="readout" role="status" aria-live=${this._playing ? 'off' : 'polite'} aria-atomic="true">${readout}</p>
      ${this._tap.button(this.t('common.selectPosition', { position: this._at }))}
      ${this._legend()}
      ${dimView
        ? html`<p class="note lesson">${this.t('waves.lessonDimensions')}</p>`
        : html`<p class="note lesson">${this.t('waves.lessonPositions')}</p>`}
    `;
  }
}

customElements.get('posenc-waves') || customElements.define('posenc-waves', PosencWaves);
