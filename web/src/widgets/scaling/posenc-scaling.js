// <posenc-scaling>: RoPE frequencies under the long-context scaling rules of transformers' rope_scaling
// (default, linear, dynamic NTK, YaRN, Llama 3, LongRoPE). Every curve is pe.rope.invFreq with that type;
// wavelengths are 2π/θ (a unit conversion for the axis). The original context is marked, the attention
// factor each rule returns is listed. Settings in ./descriptor.js, the computation in ./model.js, the canvas in
// ./painters.js; this element holds the view state, the template and the reader's input.

import { html, nothing } from 'lit';
import { PosencElement, baseStyles, replaced, elementProperties } from '../base.js';
import { plain } from '../../render/format.js';
import { formatNumber, formatSci, shipCatalogues } from '../../i18n/index.js';
import { CATEGORICAL } from '../../render/color.js';
import { methodStyles, numberInput, PairReader } from '../methods-shared.js';
import { ropeInvFreqCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { SCALING_TYPES, computeScaling, longropeLists, scalingCsv, scalingFor, targetLength } from './model.js';
import { nearestPair } from '../methods-shared.js';
import { paintScaling } from './painters.js';
import { scalingStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

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

// the settings the curves depend on
const INPUTS = ['headDim', 'base', 'factor', 'originalMax', 'seqLen', 'lowFreqFactor', 'highFreqFactor', 'betaFast', 'betaSlow', 'shortFactor', 'longFactor'];


export class PosencScaling extends PosencElement {
  static properties = elementProperties(properties);

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

  static styles = [baseStyles, methodStyles, scalingStyles];

  // hovering, a tap or the arrow keys read a pair; a click, a second tap, Select or Enter selects it as `pair`
  _pairs = new PairReader(this, () => this._data?.half ?? 1);

  constructor() {
    super();
    this._data = null;
  }

  get _type() {
    return this.choice('type');
  }

  /** The engine's `scaling` options of `type` (what the PyTorch export passes too). */
  scalingFor(type) {
    return scalingFor(this, type);
  }

  engineReady() {
    this.requestUpdate();
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    this._data = this.guard(() => this.cached('curves', INPUTS.map((p) => this[p]), () => computeScaling(this.pe, this)), { main: true }) ?? null;
  }

  updated(changed) {
    this.timed(() => this._draw());
    if (this._data && (changed.has('type') || changed.has('_ready') || changed.has('factor'))) {
      this.announce({ type: this._type, attentionFactor: this._data.curves[this._type].attentionFactor });
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

  /** The cursor pair: the one read, the attribute, or the pair whose default wavelength is closest to the original context. */
  get _pair() {
    const d = this._data;
    if (!d) return 0;
    if (this._pairs.read != null) return Math.min(this._pairs.read, d.half - 1);
    if (this.pair >= 0) return Math.min(this.pair, d.half - 1);
    return nearestPair(d.curves.default.wavelength, this.originalMax);
  }

  get result() {
    const d = this._data;
    if (!d) return null;
    const curves = Object.fromEntries(SCALING_TYPES.map((t) => [t, { invFreq: Array.from(d.curves[t].invFreq), attentionFactor: d.curves[t].attentionFactor }]));
    return { type: this._type, pair: this._pair, curves };
  }

  /** The type's name in the widget's language. */
  _name(type) {
    const name = NAMES[type];
    return name.startsWith('scaling.') ? this.t(name) : name;
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _draw() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas) return;
    const target = targetLength(this);
    this._plot = paintScaling(this, canvas, {
      data: this._data,
      type: this._type,
      pair: this._pair,
      width: this.paneWidth('.plot-pane'),
      frequency: this.view === 'frequency',
      solo: this.solo,
      focused: this._focused,
      marks: {
        original: { value: this.originalMax, label: this.t('scaling.originalMark', { value: this.whole(this.originalMax) }) },
        target: { value: target, label: this.t('scaling.targetMark', { value: this.whole(target) }) },
      },
    });
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _onKey(e) {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const k = SCALING_TYPES.indexOf(this._type) + (e.key === 'ArrowDown' ? 1 : -1);
      this.type = SCALING_TYPES[(k + SCALING_TYPES.length) % SCALING_TYPES.length];
      e.preventDefault();
      return;
    }
    this._pairs.key(e);
  }

  _preset(p) {
    Object.assign(this, { headDim: p.headDim, base: p.base, type: p.type, factor: p.factor, originalMax: p.originalMax, seqLen: 0, pair: -1 });
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
    return this._data ? scalingCsv(this._data) : '';
  }

  async exportCanvas() {
    await this.updateComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!canvas || !this._data) return null;
    return this.picture([canvas], this.t('scaling.picture', { name: this._name(this._type), factor: this.factor, original: this.whole(this.originalMax), headDim: this.headDim, base: this.base }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  render() {
    const d = this._data;
    const sel = this._type;
    const i = this._pair;
    const title = this.label || this.t('scaling.title');
    const lists = longropeLists(this, Math.floor(this.headDim / 2));
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
              original: this.whole(this.originalMax),
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
          target: this.whole(targetLength(this)),
          illustrative: lists.illustrative ? this.tHtml('scaling.illustrative', { attribute: html`<code dir="ltr">long-factor</code>` }) : '',
        })}
      </p>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencScaling);
