// <posenc-waves>: encoding value against position for chosen dimensions (and the transposed view). Settings
// in ./descriptor.js, the table in ./model.js, the canvas in ./painters.js; this element holds the view state
// (the cursor's position, the sweep), the template and the reader's input.

import { html, nothing } from 'lit';
import { PosencElement, baseStyles, leftOut, TapController, elementProperties } from '../base.js';
import { toIntArray } from '../../state/attributes.js';
import { pushPosition } from '../../state/channel.js';
import { nextFrame, pointerIn } from '../../render/canvas.js';
import { linearScale } from '../../render/lineplot.js';
import { legendCanvas } from '../../render/export.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { sinusoidalSliceCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { MAX_CURVES, arrayOf, computeWaves, csvOf, dimsOf, valueAt } from './model.js';
import { paintWaves } from './painters.js';
import { legendItems, renderLegend } from './legend.js';
import { wavesStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export class PosencWaves extends PosencElement {
  static properties = {
    ...elementProperties(properties),
    _at: { state: true },
    _playing: { state: true },
  };

  static styles = [baseStyles, wavesStyles];

  // a tap reads a position; a second tap on it, or the Select button, selects it (element/tap-controller.js)
  _tap = new TapController(this, () => this._select());

  constructor() {
    super();
    this._at = 0;
    this._playing = false;
    this._data = null;
    this._loop = 0;
  }

  get _params() {
    return { length: this.length, dModel: this.dModel, base: this.base, layout: this.choice('layout') };
  }

  get _dims() {
    return dimsOf(this.dims, this.dModel).shown;
  }

  get adjustments() {
    const { given, valid } = dimsOf(this.dims, this.dModel);
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

  /** What the view draws and exports: the data, the view, the cursor, the positions and dimensions drawn. */
  get _view() {
    return { data: this._data, view: this.view, at: this._at, rows: this._rowPositions, dims: this._dims, selection: this.getSelection() };
  }

  engineReady() {
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
    if (changed.has('sweep') && changed.get('sweep') !== undefined) this._playing = this.sweep && !this.reducedMotion;
    if (this.pe) {
      const params = this._params;
      this._data = this.guard(() => this.cached('table', Object.values(params), () => computeWaves(this.pe, params)), { main: true }) ?? null;
    }
    if (this._at >= this.length) this._at = Math.max(0, this.length - 1);
  }

  updated(changed) {
    this.timed(() => this._draw());
    if (changed.has('_playing')) {
      if (this._playing) this._run();
      else this._loop++;
    }
  }

  /** Engine value of dimension d at position p. */
  valueAt(p, d) {
    return valueAt(this._data, p, d);
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

  _draw() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas) return;
    this._rect = paintWaves(this, canvas, { ...this._view, width: this.contentWidth }) ?? this._rect;
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _xToIndex(e) {
    const rect = this._rect;
    if (!rect) return -1;
    const n = this.view === 'dimension' ? this.dModel : this.length;
    const i = Math.round(linearScale(rect.x, rect.x + rect.w, 0, n - 1)(pointerIn(e).x));
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

  // ---- exports -----------------------------------------------------------------------------------------------

  /** What the view plots, float32: [length, dims] (curves over positions) or [positions, dModel] (vectors). */
  toArray() {
    return this._data ? arrayOf(this._data, this._view) : null;
  }

  toPyTorch() {
    const s = this.view === 'dimension' ? { rows: this._rowPositions } : { columns: this._dims };
    return sinusoidalSliceCode({ ...this._params, offset: 0 }, s, 'posenc-waves', s.rows ? `PE rows ${s.rows.join(', ')} of the sinusoidal table` : `dimensions ${s.columns.join(', ')} over ${this.length} positions`);
  }

  toCSV() {
    return this._data ? csvOf(this._data, this._view) : '';
  }

  async exportCanvas() {
    await this.updateComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!canvas || !this._data) return null;
    const t = this.theme$();
    const title =
      this.view === 'dimension'
        ? this.t('waves.pictureDimensions', { positions: this._rowPositions.join(', '), dModel: this.dModel })
        : this.t('waves.picturePositions', { dims: this._dims.join(', '), dModel: this.dModel });
    return this.picture([canvas, legendCanvas(legendItems(this, this._view), { ratio: this.ratio, fg: t.fg, bg: t.bg })], title);
  }

  // ---- template ----------------------------------------------------------------------------------------------

  render() {
    const dimView = this.view === 'dimension';
    const L = this.length;
    const readout = this._data
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
      ${renderLegend(this, this._view)}
      <p class="note lesson">${this.t(dimView ? 'waves.lessonDimensions' : 'waves.lessonPositions')}</p>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencWaves);
