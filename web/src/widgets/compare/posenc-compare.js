// <posenc-compare>: pick two positions from a token strip and compare their encodings (engine metrics).

import { html, css, nothing } from 'lit';
import { PosencElement, baseStyles, pickedChipStyles, forInput, leaves } from '../base.js';
import { intList, stringList, numberAttr } from '../../state/attributes.js';
import { pushPosition, normalizePositions } from '../../state/channel.js';
import { clearCanvas, pointerIn } from '../../render/canvas.js';
import { plain } from '../../render/format.js';
import { drawBars } from '../../render/bars.js';
import { formatNumber } from '../../i18n/index.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { NAMES } from '../../engine/names.js';
import { sinusoidalSliceCode } from '../pytorch.js';

const MAX_CHIPS = 512;

/**
 * One sentence about what the three numbers say for this gap, in the widget's language (`t`, `locale`).
 * Wording is ours; numbers are the engine's.
 */
export function insightFor(gap, r, dModel, positions, t, locale) {
  const n = (v, digits) => formatNumber(locale, v, digits);
  const numbers = { gap, dModel, cosine: n(r.cosine, 4), dot: n(r.dot, 4), distance: n(r.euclidean, 4) };
  // d_model 1 holds sin(p) alone: PE(0) is the zero vector, whose angle to anything is undefined
  if (dModel === 1 && positions.includes(0)) return t('compare.insightZeroVector', numbers);
  // the sentences below lean on slow pairs that keep distant positions alike: narrow tables have none
  if (gap > 0 && dModel < 8) return t('compare.insightNarrow', { ...numbers, count: Math.ceil(dModel / 2) });
  if (gap === 0) return t('compare.insightSame', { ...numbers, dot: n(r.dot, 2), half: dModel / 2 });
  if (gap === 1) return t('compare.insightNeighbours', numbers);
  if (gap <= 4) return t('compare.insightNear', numbers);
  if (gap <= 20) return t('compare.insightMid', { ...numbers, distance: n(r.euclidean, 2) });
  return t('compare.insightFar', numbers);
}

export class PosencCompare extends PosencElement {
  static properties = {
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(64) },
    length: { type: Number, reflect: true, converter: numberAttr(20) },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    layout: { type: String, reflect: true, values: NAMES.layout.values },
    tokens: { type: Array, reflect: true, converter: stringList },
    positions: { type: Array, reflect: true, converter: intList },
    _hoverDim: { state: true },
  };

  static styles = [
    baseStyles,
    pickedChipStyles(".chip[data-slot='A']", ".chip[data-slot='B']"),
    css`
      .strip {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        margin: 4px 0 10px;
        padding: 0;
        list-style: none;
      }
      .chip {
        display: inline-flex;
        flex-direction: column;
        align-items: center;
        min-width: 44px;
        min-height: 44px;
        padding: 3px 8px;
        line-height: 1.15;
        position: relative;
      }
      .chip .tok {
        font-weight: 600;
        max-width: 12ch;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .chip .idx {
        font-size: max(var(--_min-text), 0.75em);
        opacity: 0.8;
        font-family: var(--_mono);
      }
      .chip .idx.only {
        font-size: max(var(--_min-text), 0.95em);
        opacity: 1;
        margin: auto 0;
      }
      .chip .badge {
        position: absolute;
        top: -7px;
        right: -5px;
        font-size: max(var(--_min-text), 0.7em);
        font-weight: 700;
        background: var(--_bg);
        color: var(--_fg);
        border: 1px solid currentColor;
        border-radius: 8px;
        padding: 0 4px;
      }
      .metrics {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
        gap: 8px;
        margin: 8px 0;
      }
      .metric {
        background: var(--_surface);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 8px 10px;
      }
      .metric .num {
        font-family: var(--_mono);
        font-size: 1.45em;
        font-weight: 600;
        display: block;
      }
      .metric .name {
        color: var(--_muted);
        font-size: max(var(--_min-text), 0.9em);
      }
      .insight {
        margin: 6px 0;
      }
      .vs {
        margin: 2px 0 4px;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .a {
        color: var(--_select-a);
      }
      .b {
        color: var(--_select-b);
      }
    `,
  ];

  constructor() {
    super();
    this.dModel = 64;
    this.length = 20;
    this.base = 10000;
    this.layout = 'interleaved';
    this.tokens = ['The', 'cat', 'sat', 'on', 'the', 'mat'];
    this.positions = [0, 1];
    this.label = '';
    this._hoverDim = -1;
    this._focusIndex = 0;
    this._lastDetail = null;
  }

  get _params() {
    return { dModel: this.dModel, base: this.base, layout: this.choice('layout') };
  }

  get _chipCount() {
    const n = Number.isInteger(this.length) && this.length > 0 ? this.length : this.tokens.length;
    return Math.min(MAX_CHIPS, n);
  }

  get adjustments() {
    const asked = Number.isInteger(this.length) && this.length > 0 ? this.length : this.tokens.length;
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
    const sel = this.getSelection().filter((p) => p < this._chipCount);
    return sel;
  }

  /** Encoding of one position, from the engine. */
  encode(pos) {
    return this.pe.sinusoidal({ ...this._params, length: 1, offset: pos });
  }

  /** { dot, cosine, euclidean } of the selected pair, from the engine; null until two are selected. */
  get result() {
    if (!this.pe) return null;
    const [a, b] = this.pair;
    if (a == null || b == null) return null;
    return this.guard(() => {
      const r = this.pe.compare(this.encode(a), this.encode(b));
      return { dot: r.dot, cosine: r.cosine, euclidean: r.euclidean };
    }, { main: true }) ?? null;
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
    this._drawVectors();
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
    let j = i;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') j = Math.min(n - 1, i + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') j = Math.max(0, i - 1);
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = n - 1;
    else return;
    e.preventDefault();
    this._focusIndex = j;
    this.requestUpdate();
    this.updateComplete.then(() => this.renderRoot.querySelector(`.chip[data-pos="${j}"]`)?.focus());
  }

  _drawVectors() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    if (!canvas || !this.pe) return;
    const [a, b] = this.pair;
    const t = this.theme$();
    const w = this.contentWidth;
    const h = 150;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    const vecs = this.guard(() => [a != null ? this.encode(a) : null, b != null ? this.encode(b) : null]);
    if (!vecs) return;
    this._vecs = vecs;
    const rowH = 58;
    const left = 66;
    const draw = (v, y, color, name) => {
      ctx.fillStyle = color;
      ctx.font = t.fontBold;
      ctx.textBaseline = 'middle';
      ctx.textAlign = 'left';
      ctx.fillText(name, 4, y + rowH / 2);
      if (!v) return;
      drawBars(ctx, { rect: { x: left, y, w: w - left - 6, h: rowH }, values: v, range: 1, pos: color, neg: color, axis: t.muted, highlight: this._hoverDim, highlightColor: t.cursor });
    };
    draw(vecs[0], 6, t.selectA, a != null ? `A: PE(${a})` : 'A: —');
    draw(vecs[1], 12 + rowH, t.selectB, b != null ? `B: PE(${b})` : 'B: —');
    ctx.fillStyle = t.muted;
    ctx.font = t.fontSmall;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText(this.t('compare.axis', { last: this.dModel - 1 }), w - 6, h);
  }

  _onPlotMove(e) {
    const pt = pointerIn(e);
    const x = pt.x;
    const left = 66;
    const d = Math.floor(((x - left) / (this.contentWidth - left - 6)) * this.dModel);
    this._hoverDim = d >= 0 && d < this.dModel ? d : -1;
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
    data.set(this.encode(a), 0);
    data.set(this.encode(b), this.dModel);
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
    const va = this.encode(a);
    const vb = this.encode(b);
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
      <p class="note" id="howto">${forInput(this.t('compare.howto'), this.t('compare.howtoTouch'))}</p>
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
      <p class="insight">${r ? insightFor(gap, r, this.dModel, [a, b], this.t.bind(this), this.locale) : this.t('compare.pick')}</p>
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

customElements.get('posenc-compare') || customElements.define('posenc-compare', PosencCompare);
