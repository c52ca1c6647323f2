// <posenc-scaling>: RoPE frequencies under the long-context scaling rules of transformers' rope_scaling
// (default, linear, dynamic NTK, YaRN, Llama 3, LongRoPE). Every curve is pe.rope.invFreq with that type;
// wavelengths are 2π/θ (a unit conversion for the axis). The original context is marked, the attention
// factor each rule returns is listed.

import { html, css, nothing } from 'lit';
import { PosencElement, baseStyles, replaced } from '../base.js';
import { numberAttr, stringList } from '../../state/attributes.js';
import { fillTextFitted } from '../../render/canvas.js';
import { int, plain } from '../../render/format.js';
import { formatNumber, formatSci } from '../../i18n/index.js';
import { drawXYPlot, drawCursor, extent } from '../../render/xyplot.js';
import { CATEGORICAL } from '../../render/color.js';
import { csvRow } from '../../render/export.js';
import { clampInt, methodStyles, numberInput, timed, PairReader, plotContext } from '../methods-shared.js';
import { ropeInvFreqCode } from '../pytorch.js';

export const SCALING_TYPES = ['default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope'];

// the names of the types: message keys for the three that read as words, the others are names every language keeps
const NAMES = {
  default: 'scaling.name.default',
  linear: 'scaling.name.linear',
  dynamic: 'scaling.name.dynamic',
  yarn: 'YaRN',
  llama3: 'Llama 3',
  longrope: 'LongRoPE',
};

// `name`: a model's name, or a message key (`key`) for the described ones
const PRESETS = [
  { name: 'Llama 3.1', headDim: 128, base: 500000, type: 'llama3', factor: 8, originalMax: 8192 },
  { key: 'scaling.presetYarn', headDim: 128, base: 10000, type: 'yarn', factor: 32, originalMax: 4096 },
  { key: 'scaling.presetLinear', headDim: 128, base: 10000, type: 'linear', factor: 4, originalMax: 4096 },
];

const TWO_PI = 2 * Math.PI;

/** List attribute of numbers ("1,1.2,1.5"); empty means "use the illustrative default". */
const numberList = {
  fromAttribute(value) {
    return stringList.fromAttribute(value).map(Number).filter(Number.isFinite);
  },
  toAttribute(value) {
    return Array.isArray(value) && value.length ? value.join(',') : null;
  },
};

export class PosencScaling extends PosencElement {
  static properties = {
    headDim: { type: Number, reflect: true, attribute: 'head-dim', converter: numberAttr(128) },
    base: { type: Number, reflect: true, converter: numberAttr(500000) },
    type: { type: String, reflect: true, values: SCALING_TYPES },
    factor: { type: Number, reflect: true, converter: numberAttr(8) },
    originalMax: { type: Number, reflect: true, attribute: 'original-max', converter: numberAttr(8192) },
    seqLen: { type: Number, reflect: true, attribute: 'seq-len', converter: numberAttr(0) },
    lowFreqFactor: { type: Number, reflect: true, attribute: 'low-freq-factor', converter: numberAttr(1) },
    highFreqFactor: { type: Number, reflect: true, attribute: 'high-freq-factor', converter: numberAttr(4) },
    betaFast: { type: Number, reflect: true, attribute: 'beta-fast', converter: numberAttr(32) },
    betaSlow: { type: Number, reflect: true, attribute: 'beta-slow', converter: numberAttr(1) },
    shortFactor: { type: Array, reflect: true, attribute: 'short-factor', converter: numberList },
    longFactor: { type: Array, reflect: true, attribute: 'long-factor', converter: numberList },
    view: { type: String, reflect: true, values: ['wavelength', 'frequency'] },
    solo: { type: Boolean, reflect: true },
    pair: { type: Number, reflect: true, converter: numberAttr(-1) },
  };

  // engine messages name the rope_scaling keys; readers set these attributes
  static engineNames = {
    'scaling.factor': 'factor',
    'scaling.originalMaxPositionEmbeddings': 'original-max',
    'scaling.seqLen': 'seq-len',
    'scaling.lowFreqFactor': 'low-freq-factor',
    'scaling.highFreqFactor': 'high-freq-factor',
    'scaling.betaFast': 'beta-fast',
    'scaling.betaSlow': 'beta-slow',
    'scaling.shortFactor': 'short-factor',
    'scaling.longFactor': 'long-factor',
    'headDim x partialRotaryFactor': 'head-dim',
  };

  static styles = [
    baseStyles,
    methodStyles,
    css`
      .swatch {
        display: inline-block;
        width: 18px;
        height: 0;
        border-top: 3px solid currentColor;
        vertical-align: middle;
        margin-right: 6px;
      }
      table.grid tr.sel td {
        font-weight: 600;
        background: color-mix(in srgb, var(--_accent) 10%, transparent);
      }
      table.grid td button {
        min-height: 26px;
        padding: 1px 6px;
        text-align: left;
      }
      .params input[type='number'] {
        width: 7.5em;
      }
    `,
  ];

  // hovering, a tap or the arrow keys read a pair; a click, a second tap, Select or Enter selects it as `pair`
  _pairs = new PairReader(this, () => this._data?.half ?? 1);

  constructor() {
    super();
    this.headDim = 128;
    this.base = 500000;
    this.type = 'llama3';
    this.factor = 8;
    this.originalMax = 8192;
    this.seqLen = 0;
    this.lowFreqFactor = 1;
    this.highFreqFactor = 4;
    this.betaFast = 32;
    this.betaSlow = 1;
    this.shortFactor = [];
    this.longFactor = [];
    this.view = 'wavelength';
    this.solo = false;
    this.pair = -1;
    this.label = '';
    this._data = null;
    this._key = '';
    this._lastRender = { ms: 0, frames: 0 };
  }

  get lastRender() {
    return { ...this._lastRender };
  }

  get _type() {
    return SCALING_TYPES.includes(this.type) ? this.type : 'default';
  }

  /** The context the scaled model serves: the seq-len attribute, or factor × original-max. */
  get _target() {
    return this.seqLen > 0 ? this.seqLen : Math.round(this.factor * this.originalMax);
  }

  /** LongRoPE's rescale lists: the attributes, else an illustrative set (1 … factor, rising with the pair). */
  _longropeLists(half) {
    // an invalid head-dim is reported by the engine; the illustrative lists only need a sane size
    half = Number.isInteger(half) && half > 0 ? Math.min(half, 1 << 15) : 0;
    const short = this.shortFactor?.length ? this.shortFactor : new Array(half).fill(1);
    const long = this.longFactor?.length ? this.longFactor : Array.from({ length: half }, (_, i) => 1 + ((this.factor - 1) * i) / Math.max(1, half - 1));
    return { short, long, illustrative: !this.longFactor?.length };
  }

  scalingFor(type) {
    const half = Math.floor(this.headDim / 2);
    const lists = this._longropeLists(half);
    return {
      type,
      factor: this.factor,
      originalMaxPositionEmbeddings: this.originalMax,
      seqLen: this._target,
      lowFreqFactor: this.lowFreqFactor,
      highFreqFactor: this.highFreqFactor,
      betaFast: this.betaFast,
      betaSlow: this.betaSlow,
      shortFactor: lists.short,
      longFactor: lists.long,
    };
  }

  engineReady() {
    this.requestUpdate();
  }

  _compute() {
    const pe = this.pe;
    const curves = {};
    for (const type of SCALING_TYPES) {
      const r = pe.rope.invFreq({ headDim: this.headDim, base: this.base, scaling: this.scalingFor(type) });
      curves[type] = { invFreq: r.invFreq, attentionFactor: r.attentionFactor, wavelength: Float64Array.from(r.invFreq, (f) => TWO_PI / f) };
    }
    const half = curves.default.invFreq.length;
    return { curves, half, x: Float64Array.from({ length: half }, (_, i) => i) };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    const ok = this.guard(() => {
      const key = JSON.stringify([this.headDim, this.base, this.factor, this.originalMax, this.seqLen, this.lowFreqFactor, this.highFreqFactor, this.betaFast, this.betaSlow, this.shortFactor, this.longFactor]);
      if (key !== this._key || !this._data) {
        this._data = this._compute();
        this._key = key;
      }
      return true;
    }, { main: true });
    if (!ok) this._data = null;
  }

  updated(changed) {
    timed(this, () => this._draw());
    if (this._data && (changed.has('type') || changed.has('_ready') || changed.has('factor'))) {
      const c = this._data.curves[this._type];
      this.dispatchEvent(new CustomEvent('posenc-change', { detail: { type: this._type, attentionFactor: c.attentionFactor }, bubbles: true, composed: true }));
    }
  }

  redraw() {
    this._draw();
  }

  get adjustments() {
    const d = this._data;
    if (!d || !(this.pair >= 0)) return super.adjustments;
    return [...super.adjustments, ...replaced('pair', this.pair, Math.min(this.pair, d.half - 1), this.t('scaling.pairRange', { last: d.half - 1 }), this.t.bind(this))];
  }

  /** The cursor pair: the attribute, or the pair whose default wavelength is closest to the original context. */
  get _pair() {
    const d = this._data;
    if (!d) return 0;
    if (this._pairs.read != null) return Math.min(this._pairs.read, d.half - 1);
    if (this.pair >= 0) return Math.min(this.pair, d.half - 1);
    let best = 0;
    const wl = d.curves.default.wavelength;
    for (let i = 0; i < d.half; i++) if (Math.abs(Math.log(wl[i] / this.originalMax)) < Math.abs(Math.log(wl[best] / this.originalMax))) best = i;
    return best;
  }

  get result() {
    const d = this._data;
    if (!d) return null;
    const out = { type: this._type, pair: this._pair, curves: {} };
    for (const t of SCALING_TYPES) out.curves[t] = { invFreq: Array.from(d.curves[t].invFreq), attentionFactor: d.curves[t].attentionFactor };
    return out;
  }

  /** The type's name in the widget's language. */
  _name(type) {
    const name = NAMES[type];
    return name.startsWith('scaling.') ? this.t(name) : name;
  }

  /** A whole number as the reader groups its digits (English: thin spaces, as everywhere in posenc). */
  _whole(v) {
    return this.locale === 'en' ? int(v) : formatNumber(this.locale, Math.round(v));
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _draw() {
    const h = this.compact ? 270 : 340;
    const plotted = plotContext(this, h);
    if (!plotted) return;
    const { ctx, w } = plotted;
    const d = this._data;
    if (!d) return;
    const t = this.theme$();
    const wave = this.view !== 'frequency';
    const key = wave ? 'wavelength' : 'invFreq';
    const sel = this._type;
    const shown = this.solo ? [sel, ...(sel === 'default' ? [] : ['default'])] : SCALING_TYPES;
    const [lo, hi] = extent(shown.map((ty) => d.curves[ty][key]), { positive: true });
    const marks = [this.originalMax, this._target];
    const yLo = wave ? Math.min(lo, ...marks) / 1.5 : lo / 1.5;
    const yHi = wave ? Math.max(hi, ...marks) * 1.5 : Math.max(hi, TWO_PI / Math.min(...marks)) * 1.5;
    const series = [];
    for (const ty of shown) {
      if (ty === sel) continue;
      series.push({ x: d.x, y: d.curves[ty][key], color: CATEGORICAL[SCALING_TYPES.indexOf(ty)], width: 1.25, alpha: 0.7, dash: ty === 'default' ? [5, 3] : undefined });
    }
    series.push({ x: d.x, y: d.curves[sel][key], color: CATEGORICAL[SCALING_TYPES.indexOf(sel)], width: 3 });
    const markValue = (v) => (wave ? v : TWO_PI / v);
    const wavelengthLabel = (v) => `λ ${formatSci(this.locale, TWO_PI / v, 2)}`;
    // the frequency view writes wavelengths at the right: as wide as its widest end (12 px text on a phone)
    ctx.font = t.fontSmall;
    const right = wave ? 14 : Math.max(70, 10 + Math.max(...[yLo, yHi].map((v) => ctx.measureText(wavelengthLabel(v)).width)));
    const rect = { x: 58, y: 12, w: w - 58 - right, h: h - 50 };
    const plot = drawXYPlot(ctx, {
      rect,
      xDomain: [-0.5, d.half - 0.5],
      yDomain: [yLo, yHi],
      yLog: true,
      theme: t,
      series,
      lines: [
        { axis: 'y', value: markValue(this.originalMax), color: t.selectB, label: this.t('scaling.originalMark', { value: this._whole(this.originalMax) }), align: 'start' },
        { axis: 'y', value: markValue(this._target), color: t.selectA, label: this.t('scaling.targetMark', { value: this._whole(this._target) }), align: 'start', dash: [2, 3] },
      ],
      xLabel: this.t('scaling.axisPair'),
      yLabel: this.t(wave ? 'scaling.axisWavelength' : 'scaling.axisFrequency'),
      yLabelOffset: 46,
      yRight: wave ? undefined : wavelengthLabel,
    });
    this._plot = { plot, rect };
    const i = this._pair;
    drawCursor(ctx, plot, rect, i, [{ y: d.curves.default[key][i], color: t.muted }, { y: d.curves[sel][key][i], color: CATEGORICAL[SCALING_TYPES.indexOf(sel)] }], this._focused ? t.cursor : t.muted);
    ctx.save();
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'right';
    ctx.textBaseline = wave ? 'top' : 'bottom';
    // inside the plot: wrapped onto more lines when the plot is too narrow for one
    let caption = this.t(wave ? 'scaling.captionAbove' : 'scaling.captionBelow');
    // lines break at spaces; a caption without any (Chinese) may also break after its full-width punctuation
    if (!/\s/.test(caption) && ctx.measureText(caption).width > rect.w - 8) caption = caption.replace(/([：，；])/gu, '$1 ');
    fillTextFitted(ctx, caption, rect.x + rect.w - 4, wave ? rect.y + 3 : rect.y + rect.h - 3, rect.w - 8, { lineHeight: 13 });
    ctx.restore();
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _onKey(e) {
    const half = this._data?.half ?? 1;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const k = SCALING_TYPES.indexOf(this._type) + (e.key === 'ArrowDown' ? 1 : -1);
      this.type = SCALING_TYPES[(k + SCALING_TYPES.length) % SCALING_TYPES.length];
      e.preventDefault();
      return;
    }
    this._pairs.key(e);
  }

  _preset(p) {
    this.headDim = p.headDim;
    this.base = p.base;
    this.type = p.type;
    this.factor = p.factor;
    this.originalMax = p.originalMax;
    this.seqLen = 0;
    this.pair = -1;
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** inv_freq of every recipe, float64 [6, headDim / 2], rows in SCALING_TYPES order. */
  toArray() {
    const d = this._data;
    if (!d) return null;
    return { data: Float64Array.from(SCALING_TYPES.flatMap((t) => Array.from(d.curves[t].invFreq))), shape: [SCALING_TYPES.length, d.half], rows: SCALING_TYPES };
  }

  toPyTorch() {
    return ropeInvFreqCode('posenc-scaling', `inv_freq of ${SCALING_TYPES.join(', ')} (rows in that order)`, SCALING_TYPES.map((type) => ({ headDim: this.headDim, base: this.base, scaling: this.scalingFor(type) })));
  }

  toCSV() {
    const d = this._data;
    if (!d) return '';
    const lines = [csvRow(['pair', ...SCALING_TYPES.flatMap((t) => [`${t}_inv_freq`, `${t}_wavelength`])])];
    for (let i = 0; i < d.half; i++) lines.push(csvRow([i, ...SCALING_TYPES.flatMap((t) => [d.curves[t].invFreq[i], d.curves[t].wavelength[i]])]));
    lines.push('', csvRow(['type', 'attention_factor']));
    for (const t of SCALING_TYPES) lines.push(csvRow([t, d.curves[t].attentionFactor]));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!canvas || !this._data) return null;
    return this.picture([canvas], this.t('scaling.picture', { name: this._name(this._type), factor: this.factor, original: this._whole(this.originalMax), headDim: this.headDim, base: this.base }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  render() {
    const d = this._data;
    const sel = this._type;
    const i = this._pair;
    const title = this.label || this.t('scaling.title');
    const lists = this._longropeLists(Math.floor(this.headDim / 2));
    const c = d?.curves[sel];
    // config keys and type ids are code: the same in every language, left to right
    const key = (text) => html`<span dir="ltr">${text}</span>`;
    const sci4 = (v) => formatSci(this.locale, v, 4);
    const bold = (text) => html`<b>${text}</b>`;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <label
          >${this.t('scaling.type')}
          <select .value=${sel} @change=${(e) => (this.type = e.target.value)}>
            ${SCALING_TYPES.map((ty) => html`<option value=${ty} ?selected=${ty === sel}>${this._name(ty)}</option>`)}
          </select></label
        >
        <span class="seg" role="group" aria-label=${this.t('scaling.axisGroup')}>
          <button type="button" aria-pressed=${this.view !== 'frequency'} @click=${() => (this.view = 'wavelength')}>${this.t('scaling.wavelength')}</button>
          <button type="button" aria-pressed=${this.view === 'frequency'} @click=${() => (this.view = 'frequency')}>${this.t('scaling.inverseFrequency')}</button>
        </span>
        <label><input type="checkbox" .checked=${this.solo} @change=${(e) => (this.solo = e.target.checked)} /> ${this.t('scaling.solo')}</label>
      </div>
      <div class="controls params">
        ${numberInput(this, key('head_dim'), 'headDim', { step: 2, min: 2 })} ${numberInput(this, this.t('scaling.base'), 'base', { min: 1 })} ${numberInput(this, this.t('scaling.factor'), 'factor', { min: 1 })}
        ${numberInput(this, this.t('scaling.originalContext'), 'originalMax', { step: 1, min: 1 })} ${numberInput(this, this.t('scaling.seqLen'), 'seqLen', { step: 1, min: 0 })}
      </div>
      <div class="controls params">
        ${numberInput(this, key('low_freq_factor'), 'lowFreqFactor')} ${numberInput(this, key('high_freq_factor'), 'highFreqFactor')} ${numberInput(this, key('beta_fast'), 'betaFast')}
        ${numberInput(this, key('beta_slow'), 'betaSlow')}
        <span class="seg" role="group" aria-label=${this.t('scaling.presets')}>
          ${PRESETS.map((p) => html`<button type="button" @click=${() => this._preset(p)}>${p.key ? this.t(p.key) : p.name}</button>`)}
        </span>
      </div>
      <div class="split">
      <div class="pane plot-pane">
      <canvas
        class="plot"
        tabindex="0"
        role="img"
        aria-label=${d
          ? this.t('scaling.plotAria', {
              quantity: this.t(this.view === 'frequency' ? 'scaling.ofInverseFrequency' : 'scaling.ofWavelength'),
              pairs: d.half,
              name: this._name(sel),
              original: this._whole(this.originalMax),
            })
          : this.t('scaling.plotShort')}
        aria-describedby="pair-readout"
        @keydown=${this._onKey}
        @pointermove=${this._pairs.move}
        @pointerdown=${this._pairs.move}
        @click=${this._pairs.click}
        @focus=${() => ((this._focused = true), this._draw())}
        @blur=${() => ((this._focused = false), this._draw())}
      ></canvas>
      <p id="pair-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
        ${d && c
          ? this.tHtml('scaling.readout', {
              pair: i,
              defaultTheta: sci4(d.curves.default.invFreq[i]),
              defaultWavelength: sci4(d.curves.default.wavelength[i]),
              type: key(sel),
              theta: html`<span data-role="inv-freq" data-value=${plain(c.invFreq[i])}>${sci4(c.invFreq[i])}</span>`,
              wavelength: sci4(c.wavelength[i]),
              factor: html`<span data-role="attention-factor" data-value=${plain(c.attentionFactor)}>${formatNumber(this.locale, c.attentionFactor, 4)}</span>`,
            })
          : this._ready
            ? ''
            : this.t('common.loading')}
      </p>
      ${this._pairs.button()}
      </div>
      <div class="pane">
      ${d
        ? html`<div class="scroll"><table class="grid" aria-label=${this.t('scaling.tableAria')}>
            <thead>
              <tr>
                <th>${this.t('scaling.colType')}</th>
                <th class="num">${this.t('scaling.colTheta', { pair: i })}</th>
                <th class="num">${this.t('scaling.colWavelength')}</th>
                <th class="num">${this.t('scaling.colFactor')}</th>
              </tr>
            </thead>
            <tbody>
              ${SCALING_TYPES.map(
                (ty) => html`<tr class=${ty === sel ? 'sel' : ''} data-type=${ty}>
                  <td>
                    <button type="button" aria-pressed=${ty === sel ? 'true' : 'false'} @click=${() => (this.type = ty)}>
                      <span class=${`swatch c${SCALING_TYPES.indexOf(ty) % CATEGORICAL.length}`}></span>${this._name(ty)}
                    </button>
                  </td>
                  <td class="num">${sci4(d.curves[ty].invFreq[i])}</td>
                  <td class="num">${sci4(d.curves[ty].wavelength[i])}</td>
                  <td class="num" data-role="af" data-value=${plain(d.curves[ty].attentionFactor)}>${formatNumber(this.locale, d.curves[ty].attentionFactor, 4)}</td>
                </tr>`,
              )}
            </tbody>
          </table></div>`
        : nothing}
      </div>
      </div>
      <p class="note lesson">
        ${this.tHtml('scaling.lesson', {
          linear: bold(this.t('scaling.lessonLinear')),
          dynamic: bold(this.t('scaling.lessonDynamic')),
          yarn: bold('YaRN'),
          llama3: bold('Llama 3'),
          longrope: bold('LongRoPE'),
          target: this._whole(this._target),
          illustrative: lists.illustrative ? this.tHtml('scaling.illustrative', { attribute: html`<code dir="ltr">long-factor</code>` }) : '',
        })}
      </p>
    `;
  }
}

customElements.get('posenc-scaling') || customElements.define('posenc-scaling', PosencScaling);
