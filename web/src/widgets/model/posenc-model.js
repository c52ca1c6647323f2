// <posenc-model>: your model's positions. A published transformers config (a preset, or one pasted in) read
// by pe.fromConfig: its layers (which RoPE each uses, or none), and for the chosen layer's RoPE the rotary
// width and base, every pair's wavelength against the trained and the extended context (which pairs never
// complete a turn), what the scaling changed, the attention factor, and how precisely the model's own
// arithmetic (float32 angles, bfloat16 cos/sin) holds the angles at its longest context (pe.rope.precision and
// pe.rope.cosSin). A model without RoPE shows its method instead (view.js). Settings in ./descriptor.js, the
// computation in ./model.js, the canvas in ./painters.js; this element holds the view state and the template.

import { html, nothing } from 'lit';
import { PosencElement, baseStyles, elementProperties } from '../base.js';
import { plain } from '../../render/format.js';
import { formatNumber, formatSci, shipCatalogues } from '../../i18n/index.js';
import { methodStyles, clampInt, PairReader } from '../methods-shared.js';
import { ropeInvFreqCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { PRESETS } from './presets.js';
import { inTurn } from '../element/engine-controller.js';
import { DTYPES, computeModel, modelCsv, modelResult, neighbours, neverTurn, precisionWork } from './model.js';
import { nearestPair } from '../methods-shared.js';
import { paintWavelengths } from './painters.js';
import { modelStyles } from './styles.js';
import { renderLayerStrip, renderNope, renderMethod, describeLayer, renderPrecision } from './view.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

// the engine's first note on every config (its notes are English, its API); this one the reader's language says
const RULES_NOTE = 'read with the rules of transformers ≥ 4.56';
const MAX_CONFIG_TEXT = 2 ** 20;

export class PosencModel extends PosencElement {
  static properties = {
    ...elementProperties(properties),
    _data: { state: true },
    // the data whose precision table is drawn: set when its windows are done, it re-renders the table alone
    _precisionFor: { state: true },
  };

  static styles = [baseStyles, methodStyles, modelStyles];

  // hovering, a tap or the arrow keys read a pair; a click, a second tap, Select or Enter selects it as `pair`
  _pairs = new PairReader(this, () => (this._data?.r ? this._data.wavelength.length : 0)); // no pairs to read without RoPE

  constructor() {
    super();
    this._data = null;
  }

  engineReady() {
    this.requestUpdate();
  }

  /**
   * The config shown: the pasted one (JSON text), else the preset's. `name` is what `result` and the PyTorch
   * code call it; the widget shows a pasted config's name in its language (`pasted`).
   */
  get _source() {
    if (this.config) {
      // bounded work whatever is pasted: a config.json is a few KiB (with LongRoPE's lists, tens)
      if (this.config.length > MAX_CONFIG_TEXT) throw new RangeError(this.t('model.tooLong', { length: this.whole(this.config.length), max: this.whole(MAX_CONFIG_TEXT) }));
      try {
        return { name: 'your config', pasted: true, config: JSON.parse(this.config) };
      } catch (err) {
        // the widget's sentence in the reader's language; the browser's own reason stays as the browser gives it
        throw new TypeError(this.t('model.badJson', { error: err.message }));
      }
    }
    const p = PRESETS.find((x) => x.id === this.choice('preset'));
    return { name: p.name, source: p.source, illustrative: p.illustrative, config: p.config };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    this._data = this.guard(() => this.cached('config', [this.preset, this.config, this.layer], () => computeModel(this.pe, this._source, this.layer)), { main: true }) ?? null;
    if (this._data?.r && !this._data.precision && this._work?.d !== this._data) this._computePrecision(this._data);
  }

  /**
   * The precision table's numbers (model.js precisionWork), one window of positions per task after the rest of
   * the widget has drawn: a phone is not held in one long task. Then the widget draws them.
   */
  _computePrecision(d) {
    const work = (this._work = { d, ...precisionWork(this.pe, d) });
    this._precisionPending = new Promise((resolve) => {
      const next = () => {
        if (this._work !== work) return resolve(); // another config took its place
        if (this.guard(() => work.step())) return inTurn(next, this);
        this._precisionFor = d;
        resolve();
      };
      inTurn(next, this);
    });
  }

  /** `d.precision` now: the windows not yet computed, in this task (for result and the CSV asked before they were). */
  _precisionNow(d) {
    if (d?.r && !d.precision && this._work?.d === d) while (this.guard(() => this._work.step()));
    return d;
  }

  /** Resolves when everything, including the precision table (computed after the first paint), is drawn. */
  get renderComplete() {
    return this.updateComplete.then(() => this._precisionPending).then(() => this.updateComplete);
  }

  /** The position whose neighbour is checked: the group's first selection, else the last two of the context. */
  get _checkAt() {
    const d = this._data;
    const p = this.getSelection()[0];
    return d ? clampInt(Number.isInteger(p) ? p : d.longest - 2, 0, 2 ** 53 - 2) : 0;
  }

  /** Pairs of positions p, p + 1 that still differ after the cast to `dtype` (view.js's precision table). */
  _neighbours(dtype) {
    const at = this._checkAt;
    return this.cached(`neighbours-${dtype}`, [this.preset, this.config, this.layer, at], () => neighbours(this.pe, this._data, at, dtype));
  }

  get _pair() {
    const d = this._data;
    if (!d?.r) return 0;
    const n = d.wavelength.length;
    if (this._pairs.read != null) return Math.min(this._pairs.read, n - 1);
    if (this.pair >= 0) return Math.min(this.pair, n - 1);
    return nearestPair(d.wavelength, d.trained ?? d.longest);
  }

  get result() {
    return this._data ? modelResult(this._precisionNow(this._data)) : null;
  }

  updated(changed) {
    // the plot does not show the precision table: its arrival repaints nothing (a phone saves a frame's work)
    if (changed.size === 1 && changed.has('_precisionFor')) return;
    this.timed(() => this._draw());
  }

  redraw() {
    this._draw();
  }

  selectionChanged() {
    this.requestUpdate();
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _draw() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (canvas) this._plot = paintWavelengths(this, canvas, { data: this._data, pair: this._pair, width: this.paneWidth('.plot-pane'), focused: this._focused });
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _onKey(e) {
    this._pairs.key(e);
  }

  _applyPasted() {
    const text = this.renderRoot.querySelector('textarea')?.value.trim() ?? '';
    this.layer = -1;
    this.config = text;
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** The inverse frequencies at the longest context, float64 [rotaryDim / 2]. */
  toArray() {
    const d = this._data;
    return d?.r ? { data: Float64Array.from(d.r.invFreq), shape: [d.r.invFreq.length] } : null;
  }

  /** transformers' rules with the values fromConfig read (and the longest context for dynamic and LongRoPE). */
  toPyTorch() {
    const d = this._data;
    if (!d?.r) return '';
    const { headDim, base, partialRotaryFactor, scaling } = d.r;
    return ropeInvFreqCode('posenc-model', `inv_freq of ${d.name ?? 'the pasted config'}${d.at.seqLen ? ` at ${d.at.seqLen} tokens` : ''}`, [{ headDim, base, partialRotaryFactor, scaling }]);
  }

  toCSV() {
    return this._data?.r ? modelCsv(this._precisionNow(this._data)) : '';
  }

  async exportCanvas() {
    await this.updateComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    const d = this._data;
    if (!canvas || !d?.r) return null;
    return this.picture([canvas], this.t('model.picture', { name: this._name(d), type: d.r.type, rotary: d.r.rotaryDim, headDim: d.r.headDim, base: d.r.base }));
  }

  /** The model's name as shown: the preset's (names stay as published), or "your config" in the reader's language. */
  _name(d) {
    return d.pasted ? this.t('model.yourConfig') : d.name;
  }

  // ---- template ----------------------------------------------------------------------------------------------

  render() {
    const d = this._data;
    const title = this.label || this.t('model.title');
    const i = this._pair;
    // names, config keys and the engine's own words: the same in every language, left to right
    const code = (text) => html`<span dir="ltr">${text}</span>`;
    const never = d?.r ? neverTurn(d) : 0;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <label
          >${this.t('model.model')}
          <select .value=${this.config ? '' : this.choice('preset')} @change=${(e) => ((this.config = ''), (this.layer = -1), (this.preset = e.target.value))}>
            ${this.config ? html`<option value="" selected>${this.t('model.yourConfig')}</option>` : nothing}
            ${PRESETS.map((p) => html`<option value=${p.id} dir="ltr" ?selected=${!this.config && p.id === this.choice('preset')}>${p.name}</option>`)}
          </select></label
        >
        ${d?.source ? html`<a class="source" href=${d.source} target="_blank" rel="noopener">${this.tHtml('model.source', { file: code('config.json') })}</a>` : nothing}
      </div>
      <details class="paste">
        <summary>${this.tHtml('model.paste', { file: code('config.json') })}</summary>
        <textarea rows="5" aria-label="config.json" dir="ltr" placeholder='{"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000, …}'></textarea>
        <button type="button" @click=${this._applyPasted}>${this.t('model.read')}</button>
      </details>
      ${d?.all ? renderLayerStrip(this, d) : nothing}
      ${d && !d.r ? (d.nope ? renderNope(this, d) : renderMethod(this, d.method)) : nothing}
      ${d?.r && d.layersDiffer ? html`<p class="readout" data-role="layer">${describeLayer(this, d.all.layers[d.layer], d.all.ropes)}</p>` : nothing}
      ${d?.r
        ? html`<p class="readout" data-role="summary">
            ${this.tHtml('model.summary', {
              name: d.pasted ? html`<b>${this._name(d)}</b>` : html`<b><bdi>${d.name}</bdi></b>`,
              type: code(d.r.type),
              rotary: html`<span class="num" data-role="rotary" data-value=${d.r.rotaryDim}>${d.r.rotaryDim}</span>`,
              headDim: d.r.headDim,
              base: html`<span class="num">${formatNumber(this.locale, d.r.base)}</span>`,
              factor: html`<span class="num" data-role="attention" data-value=${plain(d.r.attentionFactor)}>${formatNumber(this.locale, d.r.attentionFactor, 4)}</span>`,
              trained: d.trained ? this.whole(d.trained) : '—',
              longest: this.whole(d.longest),
            })}${d.illustrative ? html`<span class="muted">${this.t('model.illustrative')}</span>` : nothing}
          </p>`
        : d || this._ready
          ? nothing
          : html`<p class="readout">${this.t('common.loading')}</p>`}
      ${d && !d.r ? nothing : this._renderRope(d, i, never, code)}
      ${d
        ? html`<ul class="notes lesson" aria-label=${this.t('model.notesAria')}>
            ${d.notes.map((n) => (n === RULES_NOTE ? html`<li>${this.t('model.rulesNote')}</li>` : html`<li lang="en" dir="ltr">${n}</li>`))}
          </ul>`
        : nothing}
    `;
  }

  /** The plot of the layer's wavelengths and its precision in the model's arithmetic. */
  _renderRope(d, i, never, code) {
    return html`
      <div class="split">
        <div class="pane plot-pane">
          <canvas
            class="plot"
            tabindex="0"
            role="img"
            aria-label=${d ? this.t('model.plotAria', { pairs: d.wavelength.length }) : this.t('model.plotShort')}
            aria-describedby="pair-readout"
            @keydown=${this._onKey}
            @pointermove=${this._pairs.move}
            @pointerdown=${this._pairs.move}
            @click=${this._pairs.click}
            @focus=${() => ((this._focused = true), this._draw())}
            @blur=${() => ((this._focused = false), this._draw())}
          ></canvas>
          <p id="pair-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
            ${d
              ? this.tHtml('model.readout', {
                  pair: i,
                  wavelength: html`<span data-role="wavelength" data-value=${plain(d.wavelength[i])}>${formatSci(this.locale, d.wavelength[i], 4)}</span>`,
                  unscaled: formatSci(this.locale, d.defaultWavelength[i], 4),
                  ratio: formatNumber(this.locale, d.wavelength[i] / d.defaultWavelength[i], 3),
                  verdict:
                    d.wavelength[i] > d.longest
                      ? this.t('model.neverTurns')
                      : d.trained && d.wavelength[i] > d.trained
                        ? this.t('model.beyondTrained')
                        : this.t('model.turns', { turns: formatNumber(this.locale, d.longest / d.wavelength[i], 1) }),
                })
              : nothing}
          </p>
          ${this._pairs.button()}
          ${d && d.r.type !== 'default' ? html`<p class="note">${this.tHtml('model.solidDashed', { type: code(d.r.type) })}</p>` : nothing}
        </div>
        <div class="pane">
          ${d
            ? html`<p class="panel-title">${this.t('model.precisionTitle')}</p>
                ${d.precision ? renderPrecision(this, d, DTYPES) : html`<p class="readout" data-role="computing">${this.t('model.computing')}</p>`}
                <p class="note">
                  ${this.tHtml('model.never', {
                    count: never,
                    never: html`<span data-role="never" data-value=${never}>${never}</span>`,
                    pairs: d.wavelength.length,
                    longest: this.whole(d.longest),
                  })}<span class="lesson">${this.tHtml('model.lesson', { limit: `2^24 = ${this.whole(2 ** 24)}` })}</span>
                </p>`
            : nothing}
        </div>
      </div>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencModel);
