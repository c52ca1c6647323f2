// <posenc-pipeline>: token → embedding lookup → (× √d_model) → + PE(position) → (dropout), step by step.
// Settings in ./descriptor.js, the stages' vectors in ./model.js, their bar charts in ./painters.js; this
// element holds the playback, the template and the reader's input.

import { html } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, forInput, leaves, elementProperties } from '../base.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { csvRow } from '../../render/export.js';
import { tokenId, engineNorm } from '../toy.js';
import { pipelineCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { computeStages, dropoutP, labelStages, stageCount } from './model.js';
import { paintStage, sharedRange } from './painters.js';
import { pipelineStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

const PLAY_MS = 1400;

export class PosencPipeline extends PosencElement {
  static properties = {
    ...elementProperties(properties),
    _playing: { state: true },
    _hover: { state: true },
  };

  static styles = [baseStyles, pipelineStyles];

  constructor() {
    super();
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
    checkRanges(this);
    const settings = { token: this.token, position: this.position, dModel: this.dModel, base: this.base, scale: this.scale, dropout: this.dropout, rate: this._dropoutP };
    const computed = this.cached('stages', Object.values(settings), () => computeStages(this.pe, settings));
    return labelStages(computed, settings, this.t.bind(this), this.locale);
  }

  get adjustments() {
    return [
      ...super.adjustments,
      ...(this.dropout ? replaced('dropout-rate', this.dropoutRate, this._dropoutP, this.t('pipeline.dropoutRange'), this.t.bind(this)) : []),
      ...replaced('step', this.step, this._step, this.t('pipeline.stepRange', { last: this._stepCount }), this.t.bind(this)),
    ];
  }

  get _dropoutP() {
    return dropoutP(this.dropoutRate);
  }

  get _stepCount() {
    return stageCount(this);
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
    this.timed(() => this._drawAll());
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

  _drawAll() {
    const stages = this.stages;
    const range = sharedRange(stages);
    for (const s of stages) {
      const canvas = s.vector && this.renderRoot.querySelector(`canvas[data-stage="${s.key}"]`);
      if (!canvas) continue;
      // a stage's content box: the frame's width less the stage's border and padding (compact: its grid cell)
      const width = Math.max(120, this.compact ? canvas.parentElement.clientWidth - 20 : this.contentWidth - 24);
      paintStage(this, canvas, { vector: s.vector, dropped: s.dropped, range, highlight: this._hover ? this._hover.i : -1, width });
    }
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

customElements.get(tag) || customElements.define(tag, PosencPipeline);
