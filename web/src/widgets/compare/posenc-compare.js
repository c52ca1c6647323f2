// <posenc-compare>: pick two positions from a token strip and compare their encodings (engine metrics).
// Settings in ./descriptor.js, the encodings and metrics in ./model.js, the bar charts in ./painters.js; this
// element holds the selection, the template and the reader's input.

import { html, nothing } from 'lit';
import { PosencElement, baseStyles, pickedChipStyles, forInput, leaves, elementProperties } from '../base.js';
import { pushPosition, normalizePositions } from '../../state/channel.js';
import { pointerIn } from '../../render/canvas.js';
import { plain } from '../../render/format.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { sinusoidalSliceCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { MAX_CHIPS, chipsAsked, encodePair, insightFor, measure } from './model.js';
import { dimensionAt, paintVectors } from './painters.js';
import { compareStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export class PosencCompare extends PosencElement {
  static properties = {
    ...elementProperties(properties),
    _hoverDim: { state: true },
  };

  static styles = [baseStyles, pickedChipStyles(".chip[data-slot='A']", ".chip[data-slot='B']"), compareStyles];

  constructor() {
    super();
    this._hoverDim = -1;
    this._focusIndex = 0;
    this._lastDetail = null;
  }

  get _params() {
    return { dModel: this.dModel, base: this.base, layout: this.choice('layout') };
  }

  get _chipCount() {
    return Math.min(MAX_CHIPS, chipsAsked(this));
  }

  get adjustments() {
    const asked = chipsAsked(this);
    return [
      ...super.adjustments,
      ...(asked > MAX_CHIPS ? [this.t('compare.tooManyChips', { asked, max: MAX_CHIPS, last: MAX_CHIPS - 1 })] : []),
      ...this.positionsBeyond(this._chipCount),
    ];
  }

  constrainSelection(list) {
    return normalizePositions(list).filter((p) => p < this._chipCount);
  }

  /** The two selected positions [a, b] (one may be missing). */
  get pair() {
    return this.getSelection().filter((p) => p < this._chipCount);
  }

  /** [PE(a), PE(b)] of the pair, from the engine (kept until the pair or the settings change). */
  _vectors() {
    const pair = this.pair;
    return this.cached('vectors', [pair, this._params], () => encodePair(this.pe, this._params, pair));
  }

  /** { dot, cosine, euclidean } of the selected pair, from the engine; null until two are selected. */
  get result() {
    if (!this.pe) return null;
    const [a, b] = this.pair;
    if (a == null || b == null) return null;
    return this.guard(() => ({ ...this.cached('result', [a, b, this._params], () => measure(this.pe, ...this._vectors())) }), { main: true }) ?? null;
  }

  engineReady() {
    this.requestUpdate();
  }

  _choose(pos) {
    this._focusIndex = pos;
    this.setSelection(pushPosition(this.getSelection(), pos));
  }

  selectionChanged() {
    this.requestUpdate();
  }

  updated(changed) {
    this.timed(() => this._drawVectors());
    if (this.pe && (changed.has('positions') || changed.has('dModel') || changed.has('base') || changed.has('layout') || changed.has('_ready'))) {
      const r = this.result;
      const detail = { positions: this.pair, result: r };
      const key = JSON.stringify(detail);
      if (r && key !== this._lastDetail) {
        this._lastDetail = key;
        this.dispatchEvent(new CustomEvent('posenc-select', { detail, bubbles: true, composed: true }));
      }
    }
  }

  redraw() {
    this._drawVectors();
  }

  _onChipKey(e, i) {
    const n = this._chipCount;
    const j = { ArrowRight: Math.min(n - 1, i + 1), ArrowDown: Math.min(n - 1, i + 1), ArrowLeft: Math.max(0, i - 1), ArrowUp: Math.max(0, i - 1), Home: 0, End: n - 1 }[e.key];
    if (j === undefined) return;
    e.preventDefault();
    this._focusIndex = j;
    this.requestUpdate();
    this.updateComplete.then(() => this.renderRoot.querySelector(`.chip[data-pos="${j}"]`)?.focus());
  }

  _drawVectors() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas || !this.pe) return;
    const vectors = this.guard(() => this._vectors());
    if (vectors) this._vecs = vectors;
    paintVectors(this, canvas, { vectors, pair: this.pair, hoverDim: this._hoverDim, dModel: this.dModel, width: this.contentWidth });
  }

  _onPlotMove(e) {
    this._hoverDim = dimensionAt(pointerIn(e).x, this.contentWidth, this.dModel);
  }

  _onPlotKey(e) {
    let d = this._hoverDim < 0 ? 0 : this._hoverDim;
    if (e.key === 'ArrowRight') d++;
    else if (e.key === 'ArrowLeft') d--;
    else if (e.key === 'Home') d = 0;
    else if (e.key === 'End') d = this.dModel - 1;
    else return;
    e.preventDefault();
    this._hoverDim = Math.max(0, Math.min(this.dModel - 1, d));
  }

  /** The two encodings compared, float32 [2, dModel]. */
  toArray() {
    const [a, b] = this.pair;
    if (!this.result) return null;
    const data = new Float32Array(2 * this.dModel);
    const [va, vb] = this._vectors();
    data.set(va, 0);
    data.set(vb, this.dModel);
    return { data, shape: [2, this.dModel], rows: [`PE(${a})`, `PE(${b})`] };
  }

  toPyTorch() {
    if (!this.result) return '';
    const [a, b] = this.pair;
    const rows = [a, b];
    const length = Math.max(a, b) + 1;
    return sinusoidalSliceCode({ ...this._params, length, offset: 0 }, { rows }, 'posenc-compare', `PE(${a}) and PE(${b})`);
  }

  toCSV() {
    const [a, b] = this.pair;
    const r = this.result;
    if (!r) return '';
    const [va, vb] = this._vectors();
    const lines = [csvRow(['dimension', `PE(${a})`, `PE(${b})`])];
    for (let i = 0; i < va.length; i++) lines.push(csvRow([i, va[i], vb[i]]));
    lines.push('');
    lines.push(csvRow(['metric', 'value']));
    lines.push(csvRow(['dot', r.dot]), csvRow(['cosine', r.cosine]), csvRow(['euclidean', r.euclidean]));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const r = this.result;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!r || !canvas) return null;
    const [a, b] = this.pair;
    const t = this.theme$();
    const table = tableCanvas(
      [
        ['', this.t('compare.value')],
        [this.t('compare.dot'), formatNumber(this.locale, r.dot, 4)],
        [this.t('compare.cosine'), formatNumber(this.locale, r.cosine, 4)],
        [this.t('compare.euclidean'), formatNumber(this.locale, r.euclidean, 4)],
      ],
      { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border },
    );
    const tok = (p) => (this.tokens[p] != null ? `"${this.tokens[p]}" ` : '');
    return this.picture([canvas, table], this.t('compare.picture', { a: `${tok(a)}${a}`, b: `${tok(b)}${b}`, dModel: this.dModel }));
  }

  render() {
    const n = this._chipCount;
    const [a, b] = this.pair;
    const r = this._ready ? this.result : null;
    const gap = a != null && b != null ? Math.abs(b - a) : null;
    const tokenAt = (i) => this.tokens[i] ?? '';
    const describe = (p) => (p == null ? '—' : tokenAt(p) ? html`“<bdi>${tokenAt(p)}</bdi>” ${this.t('compare.tokenAt', { position: p })}` : this.t('compare.position', { position: p }));
    const hoverText =
      this._hoverDim >= 0 && this._vecs?.[0] && this._vecs?.[1]
        ? this.t('compare.hoverValue', { dimension: this._hoverDim, a: formatNumber(this.locale, this._vecs[0][this._hoverDim], 4), b: formatNumber(this.locale, this._vecs[1][this._hoverDim], 4) })
        : forInput(this.t('compare.hover'), this.t('compare.hoverTouch'));
    const focusIndex = Math.min(this._focusIndex, n - 1);
    return html`
      ${this.renderHead(this.label || this.t('compare.title'))}
      <!-- the instruction and the insight are read once: folded in the compact layout (a slide), behind Notes -->
      <p class="note lesson" id="howto">${forInput(this.t('compare.howto'), this.t('compare.howtoTouch'))}</p>
      <ul class="strip" role="listbox" aria-label=${this.t('compare.strip')} aria-multiselectable="true" aria-describedby="howto">
        ${Array.from({ length: n }, (_, i) => {
          const slot = i === a ? 'A' : i === b ? 'B' : '';
          return html`<li role="none">
            <button
              type="button"
              class="chip"
              role="option"
              data-pos=${i}
              data-slot=${slot}
              aria-selected=${slot ? 'true' : 'false'}
              tabindex=${i === focusIndex ? '0' : '-1'}
              @click=${() => this._choose(i)}
              @keydown=${(e) => this._onChipKey(e, i)}
            >
              ${tokenAt(i)
                ? html`<span class="tok">${tokenAt(i)}</span><span class="sr-only">${this.t('compare.atPosition')}</span><span class="idx">${i}</span>`
                : html`<span class="sr-only">${this.t('compare.positionPrefix')}</span><span class="idx only">${i}</span>`}
              ${slot ? html`<span class="badge" aria-hidden="true">${slot}</span><span class="sr-only">${this.t('compare.selectedAs', { slot })}</span>` : nothing}
            </button>
          </li>`;
        })}
      </ul>
      <p class="vs">${this.t('compare.comparing')} <span class="a">A = ${describe(a)}</span> ${this.t('compare.with')} <span class="b">B = ${describe(b)}</span></p>
      <div class="metrics" role="status" aria-live="polite" aria-atomic="true" aria-label=${this.t('compare.results')}>
        ${['dot', 'cosine', 'euclidean'].map((m) => html`<div class="metric"><span class="num" data-metric=${m} data-value=${r ? plain(r[m]) : ''}>${r ? formatNumber(this.locale, r[m], 4) : '—'}</span><span class="name">${this.t(`compare.${m}`)}</span></div>`)}
      </div>
      <p class=${r ? 'insight lesson' : 'insight'}>${r ? insightFor(gap, r, this.dModel, [a, b], this.t.bind(this), this.locale) : this.t('compare.pick')}</p>
      <canvas
        class="plot"
        tabindex="0"
        role="img"
        aria-label=${this.t('compare.aria', { dModel: this.dModel })}
        @pointermove=${this._onPlotMove}
        @pointerdown=${this._onPlotMove}
        @pointerleave=${(e) => leaves(e) && (this._hoverDim = -1)}
        @keydown=${this._onPlotKey}
      ></canvas>
      <p class="readout muted" aria-live="polite">${hoverText}</p>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencCompare);
