// <posenc-pipeline>: token → embedding lookup → (× √d_model) → + PE(position) → (dropout), step by step.

import { html, css, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, forInput, leaves } from '../base.js';
import { numberAttr, textAttr } from '../../state/attributes.js';
import { clearCanvas } from '../../render/canvas.js';
import { drawBars } from '../../render/bars.js';
import { formatNumber } from '../../i18n/index.js';
import { csvRow } from '../../render/export.js';
import { tokenId, tokenEmbedding, prng, engineNorm } from '../toy.js';
import { pipelineCode } from '../pytorch.js';

const DEFAULT_TOKEN = 'Hello';

const PLAY_MS = 1400;

export class PosencPipeline extends PosencElement {
  static properties = {
    token: { type: String, reflect: true, converter: textAttr(DEFAULT_TOKEN) },
    position: { type: Number, reflect: true, converter: numberAttr(0), range: { min: 0, max: Number.MAX_SAFE_INTEGER - 1, engine: 'SinusoidalOptions.offset' } },
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(32), range: { min: 1, max: 4096, engine: 'SinusoidalOptions.dModel' } },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    scale: { type: Boolean, reflect: true },
    dropout: { type: Boolean, reflect: true },
    dropoutRate: { type: Number, reflect: true, attribute: 'dropout-rate', converter: numberAttr(0.1) },
    step: { type: Number, reflect: true, converter: numberAttr(1) },
    _playing: { state: true },
    _hover: { state: true },
  };

  static styles = [
    baseStyles,
    css`
      ol.stages {
        list-style: none;
        padding: 0;
        margin: 8px 0;
        display: grid;
        gap: 8px;
      }
      /* compact: the stages two by two */
      :host([compact]) .stages {
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 30em), 1fr));
        margin: 4px 0;
      }
      .stage {
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 8px 10px;
        background: var(--_bg);
        transition: opacity 0.3s ease, border-color 0.3s ease;
      }
      .stage.future {
        border-style: dashed;
        color: var(--_muted);
      }
      .stage.future canvas,
      .stage.future .token {
        opacity: 0.35;
      }
      .stage.current {
        border-color: var(--_accent);
        box-shadow: 0 0 0 1px var(--_accent);
      }
      .stage h4 {
        margin: 0 0 4px;
        font-size: max(var(--_min-text), 0.95em);
        display: flex;
        flex-wrap: wrap;
        gap: 4px 10px;
        align-items: baseline;
      }
      .stage h4 .num {
        display: inline-grid;
        place-items: center;
        width: 1.6em;
        height: 1.6em;
        border-radius: 50%;
        background: var(--_surface);
        border: 1px solid var(--_border);
        font-size: max(var(--_min-text), 0.85em);
      }
      .stage .shape {
        font-family: var(--_mono);
        color: var(--_muted);
        font-weight: normal;
        font-size: max(var(--_min-text), 0.9em);
      }
      .token {
        font-size: 1.3em;
        font-weight: 600;
        font-family: var(--_mono);
        overflow-wrap: anywhere;
      }
      .equation {
        font-family: var(--_mono);
        background: var(--_surface);
        border-radius: var(--_radius);
        padding: 6px 10px;
        overflow-wrap: anywhere;
      }
      input.tok {
        width: 9em;
      }
      input.pos {
        width: 6em;
      }
      .step-slider {
        flex: 1 1 180px;
        display: flex;
        gap: 8px;
        align-items: center;
      }
      .step-slider input {
        flex: 1;
      }
    `,
  ];

  constructor() {
    super();
    this.token = DEFAULT_TOKEN;
    this.position = 0;
    this.dModel = 32;
    this.base = 10000;
    this.scale = false;
    this.dropout = false;
    this.dropoutRate = 0.1;
    this.step = 1;
    this.label = '';
    this._playing = false;
    this._hover = null;
    this._timer = 0;
  }

  /** The stages in order, with the vectors the engine produced for each (null for the token stage). */
  get stages() {
    if (!this.pe) return [];
    return this.guard(() => this._stages(), { main: true }) ?? [];
  }

  _stages() {
    const d = this.dModel;
    checkRanges(this);
    const pos = this.position;
    const sqrtD = Math.sqrt(d);
    const id = tokenId(this.token);
    const emb = tokenEmbedding(this.pe, this.token, d, 1 / sqrtD);
    const t = this.t.bind(this);
    const out = [
      { key: 'token', title: t('pipeline.stage.token'), shape: `"${this.token}"`, text: t('pipeline.stage.token.text', { position: pos, id: String(id) }) },
      { key: 'embedding', title: t('pipeline.stage.embedding'), shape: `[${d}]`, vector: emb, text: t('pipeline.stage.embedding.text', { id: String(id) }) },
    ];
    let x = emb;
    if (this.scale) {
      const s = new Float32Array(d);
      for (let i = 0; i < d; i++) s[i] = emb[i] * sqrtD;
      x = s;
      out.push({ key: 'scaled', title: t('pipeline.stage.scaled', { factor: formatNumber(this.locale, sqrtD, 3) }), shape: `[${d}]`, vector: s, text: t('pipeline.stage.scaled.text') });
    }
    const pev = this.pe.sinusoidal({ length: 1, offset: pos, dModel: d, base: this.base });
    out.push({ key: 'pe', title: t('pipeline.stage.pe', { position: pos }), shape: `[${d}]`, vector: pev, text: t('pipeline.stage.pe.text') });
    const sum = new Float32Array(d);
    for (let i = 0; i < d; i++) sum[i] = x[i] + pev[i];
    out.push({ key: 'sum', title: t('pipeline.stage.sum'), shape: `[${d}]`, vector: sum, text: t('pipeline.stage.sum.text') });
    if (this.dropout) {
      const p = this._dropoutP;
      const rnd = prng(id * 131 + pos);
      const kept = new Float32Array(d);
      const dropped = new Uint8Array(d);
      for (let i = 0; i < d; i++) {
        if (rnd() < p) dropped[i] = 1;
        else kept[i] = sum[i] / (1 - p);
      }
      out.push({ key: 'dropout', title: t('pipeline.stage.dropout', { p }), shape: `[${d}]`, vector: kept, dropped, text: t('pipeline.stage.dropout.text', { p, keep: formatNumber(this.locale, 1 - p, 2) }) });
    }
    return out;
  }

  get adjustments() {
    return [
      ...super.adjustments,
      ...(this.dropout ? replaced('dropout-rate', this.dropoutRate, this._dropoutP, this.t('pipeline.dropoutRange'), this.t.bind(this)) : []),
      ...replaced('step', this.step, this._step, this.t('pipeline.stepRange', { last: this._stepCount }), this.t.bind(this)),
    ];
  }

  /** Dropout probability drawn: dropout-rate within [0, 0.9] (at 1 nothing would survive to rescale). */
  get _dropoutP() {
    return Math.min(0.9, Math.max(0, this.dropoutRate));
  }

  get _stepCount() {
    return 4 + (this.scale ? 1 : 0) + (this.dropout ? 1 : 0);
  }

  get _step() {
    return Math.max(1, Math.min(this._stepCount, Math.round(this.step) || 1));
  }

  engineReady() {
    this.requestUpdate();
  }

  redraw() {
    this._drawAll();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._stop();
  }

  updated() {
    this._drawAll();
  }

  selectionChanged(list) {
    if (list.length) this.position = list[list.length - 1];
  }

  _play() {
    if (this._step >= this._stepCount) this.step = 1;
    this._playing = true;
    this._tick();
  }

  _tick() {
    clearTimeout(this._timer);
    this._timer = setTimeout(() => {
      if (!this._playing) return;
      if (this._step >= this._stepCount) {
        this._stop();
        return;
      }
      this.step = this._step + 1;
      if (this._step >= this._stepCount) this._stop();
      else this._tick();
    }, this.reducedMotion ? PLAY_MS * 1.5 : PLAY_MS);
  }

  _stop() {
    this._playing = false;
    clearTimeout(this._timer);
  }

  _range(stages) {
    let m = 1;
    for (const s of stages) if (s.vector) for (const v of s.vector) m = Math.max(m, Math.abs(v));
    return m;
  }

  _drawAll() {
    const stages = this.stages;
    const range = this._range(stages);
    const t = this.theme$();
    stages.forEach((s, k) => {
      if (!s.vector) return;
      const canvas = this.renderRoot.querySelector(`canvas[data-stage="${s.key}"]`);
      if (!canvas) return;
      // a stage's content box: the frame's width less the stage's border and padding (compact: its grid cell)
      const w = Math.max(120, this.compact ? canvas.parentElement.clientWidth - 20 : this.contentWidth - 24);
      const h = this.compact ? 56 : 70;
      const ctx = clearCanvas(canvas, w, h, this.ratio);
      const hi = this._hover && this._hover.key === s.key ? this._hover.i : this._hover ? this._hover.i : -1;
      drawBars(ctx, { rect: { x: 0, y: 2, w, h: h - 4 }, values: s.vector, range, pos: t.pos, neg: t.neg, axis: t.muted, highlight: hi, highlightColor: t.cursor, dropped: s.dropped });
      void k;
    });
  }

  _barIndex(e, s) {
    const r = e.currentTarget.getBoundingClientRect();
    const i = Math.floor(((e.clientX - r.left) / r.width) * s.vector.length);
    return i >= 0 && i < s.vector.length ? i : -1;
  }

  _onBarKey(e, s) {
    let i = this._hover?.i ?? -1;
    if (e.key === 'ArrowRight') i++;
    else if (e.key === 'ArrowLeft') i--;
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = s.vector.length - 1;
    else return;
    e.preventDefault();
    this._hover = { key: s.key, i: Math.max(0, Math.min(s.vector.length - 1, i)) };
  }

  /** The stages' vectors, float32 [stages, dModel] (dropped values 0), one row per stage key. */
  toArray() {
    const stages = this.stages.filter((s) => s.vector);
    if (!stages.length) return null;
    const data = new Float32Array(stages.length * this.dModel);
    stages.forEach((s, k) => data.set(s.dropped ? s.vector.map((v, i) => (s.dropped[i] ? 0 : v)) : s.vector, k * this.dModel));
    return { data, shape: [stages.length, this.dModel], rows: stages.map((s) => s.key) };
  }

  toPyTorch() {
    checkRanges(this);
    return pipelineCode({ token: this.token, position: this.position, dModel: this.dModel, base: this.base, scale: this.scale, dropout: this.dropout, rate: this._dropoutP });
  }

  toCSV() {
    const stages = this.stages.filter((s) => s.vector);
    if (!stages.length) return '';
    const lines = [csvRow(['dimension', ...stages.map((s) => s.key)])];
    for (let i = 0; i < this.dModel; i++) lines.push(csvRow([i, ...stages.map((s) => (s.dropped?.[i] ? 0 : s.vector[i]))]));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const parts = this.stages
      .map((s) => ({ canvas: this.renderRoot.querySelector(`canvas[data-stage="${s.key}"]`), caption: `${s.title} ${s.shape}` }))
      .filter((p) => p.canvas);
    if (!parts.length) return null;
    return this.picture(parts, this.t('pipeline.picture', { token: this.token, position: this.position, steps: `embedding${this.scale ? ' × √d' : ''} + PE${this.dropout ? ' → dropout' : ''}`, dModel: this.dModel }));
  }

  render() {
    const stages = this.stages;
    const step = this._step;
    const n = this._stepCount;
    const cur = stages[step - 1];
    const hoverStage = this._hover ? stages.find((s) => s.key === this._hover.key) : null;
    const hoverText = hoverStage && this._hover.i >= 0
      ? stages
          .filter((s) => s.vector)
          .map((s) => `${s.key}[${this._hover.i}] = ${s.dropped?.[this._hover.i] ? this.t('pipeline.dropped') : formatNumber(this.locale, s.vector[this._hover.i], 4)}`)
          .join(' · ')
      : '';
    return html`
      ${this.renderHead(this.label || this.t('pipeline.title'))}
      <div class="controls">
        <label>${this.t('pipeline.token')} <input class="tok" type="text" maxlength="40" .value=${this.token} @change=${(e) => (this.token = e.target.value || ' ')} /></label>
        <label>${this.t('pipeline.position')} <input class="pos" type="number" min="0" step="1" .value=${String(this.position)} @change=${(e) => (this.position = Math.max(0, Math.round(Number(e.target.value) || 0)))} /></label>
        <label><input type="checkbox" .checked=${this.scale} @change=${(e) => (this.scale = e.target.checked)} /> × √d_model</label>
        <label><input type="checkbox" .checked=${this.dropout} @change=${(e) => (this.dropout = e.target.checked)} /> dropout</label>
      </div>
      <div class="controls" role="group" aria-label=${this.t('pipeline.playback')}>
        <button type="button" class="primary" @click=${() => (this._playing ? this._stop() : this._play())} aria-label=${this.t(this._playing ? 'pipeline.pause' : 'pipeline.play')}>
          ${this.t(this._playing ? 'pipeline.pause' : 'pipeline.play')}
        </button>
        <button type="button" @click=${() => ((this._stop(), (this.step = Math.max(1, step - 1))))} ?disabled=${step <= 1}>${this.t('pipeline.back')}</button>
        <button type="button" @click=${() => ((this._stop(), (this.step = Math.min(n, step + 1))))} ?disabled=${step >= n}>${this.t('pipeline.step')}</button>
        <label class="step-slider"
          >${this.t('pipeline.stage')}
          <input type="range" min="1" max=${n} .value=${String(step)} aria-valuetext=${cur ? this.t('pipeline.stageValue', { step, count: n, title: cur.title }) : ''} @input=${(e) => ((this._stop(), (this.step = Number(e.target.value))))} />
          <output>${step}/${n}</output>
        </label>
      </div>
      <p class="readout" role="status" aria-live="polite" aria-atomic="true">${cur ? this.t('pipeline.readout', { step, count: n, title: cur.title, text: cur.text }) : this._ready ? '' : this.t('common.loading')}</p>
      <ol class="stages">
        ${stages.map((s, k) => {
          const state = k + 1 < step ? 'done' : k + 1 === step ? 'current' : 'future';
          const norm = s.vector ? engineNorm(this.pe, s.vector) : null;
          return html`<li class=${`stage ${state}`} aria-current=${state === 'current' ? 'step' : 'false'}>
            <h4><span class="num">${k + 1}</span> ${s.title} <span class="shape">${s.vector ? this.t('pipeline.shape', { shape: s.shape, norm: formatNumber(this.locale, norm, 3) }) : ''}</span></h4>
            ${s.vector
              ? html`<canvas
                  class="plot"
                  data-stage=${s.key}
                  tabindex=${state === 'future' ? '-1' : '0'}
                  role="img"
                  aria-label=${this.t('pipeline.chartAria', { title: s.title, count: s.vector.length })}
                  @pointermove=${(e) => (this._hover = { key: s.key, i: this._barIndex(e, s) })}
                  @pointerdown=${(e) => (this._hover = { key: s.key, i: this._barIndex(e, s) })}
                  @pointerleave=${(e) => leaves(e) && (this._hover = null)}
                  @keydown=${(e) => this._onBarKey(e, s)}
                ></canvas>`
              : html`<div class="token">“<bdi>${this.token}</bdi>” → id ${tokenId(this.token)}</div>`}
          </li>`;
        })}
      </ol>
      <p class="readout muted" aria-live="polite">${hoverText || forInput(this.t('pipeline.hover'), this.t('pipeline.hoverTouch'))}</p>
      <p class="equation"><span dir="ltr">output = ${this.scale ? '√d_model · ' : ''}Embedding(token) + PE(position)</span>${this.dropout ? this.t('pipeline.thenDropout') : ''}</p>
    `;
  }
}

customElements.get('posenc-pipeline') || customElements.define('posenc-pipeline', PosencPipeline);
