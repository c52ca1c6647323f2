// <posenc-permutation>: self-attention without positions cannot see word order. Shuffle the tokens and
// each token's output row stays the same (difference 0); add positional encodings and it changes.
// Attention, embeddings and encodings all come from the engine.

import { html, css, nothing } from 'lit';
import { styleProps } from '../../render/style-props.js';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles } from '../base.js';
import { intList, stringListAttr, numberAttr, toIntArray, toStringArray } from '../../state/attributes.js';
import { lut, textOn } from '../../render/color.js';
import { plain } from '../../render/format.js';
import { formatNumber, formatSci } from '../../i18n/index.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { tokenEmbedding, prng } from '../toy.js';
import { permutationCode } from '../pytorch.js';

const MAX_TOKENS = 12;
const DEFAULT_TOKENS = ['I', 'love', 'Paris'];

function isPermutation(order, n) {
  if (order.length !== n) return false;
  const seen = new Array(n).fill(false);
  for (const k of order) {
    if (!Number.isInteger(k) || k < 0 || k >= n || seen[k]) return false;
    seen[k] = true;
  }
  return true;
}

export class PosencPermutation extends PosencElement {
  static properties = {
    tokens: { type: Array, reflect: true, converter: stringListAttr(DEFAULT_TOKENS) },
    order: { type: Array, reflect: true, converter: intList },
    encoding: { type: Boolean, reflect: true },
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(8), range: { min: 2, max: 64, engine: 'SinusoidalOptions.dModel' } },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
  };

  static styles = [
    baseStyles,
    css`
      .sentences {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(340px, 100%), 1fr)); /* a panel's value table is ~320px wide */
        gap: 10px;
        margin: 8px 0;
      }
      .sentence {
        background: var(--_surface);
        border-radius: var(--_radius);
        padding: 8px;
        min-width: 0;
      }
      .sentence h4 {
        margin: 0 0 6px;
        font-size: max(var(--_min-text), 0.95em);
      }
      .words {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin-bottom: 6px;
      }
      .word {
        border: 1px solid var(--_border);
        background: var(--_bg);
        border-radius: 6px;
        padding: 2px 8px;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .word small {
        font-weight: normal;
        color: var(--_muted);
        font-family: var(--_mono);
      }
      .verdict {
        font-size: 1.05em;
        border-left: 4px solid var(--_ok);
        padding: 6px 10px;
        background: var(--_surface);
        border-radius: 0 var(--_radius) var(--_radius) 0;
      }
      .verdict.differs {
        border-left-color: var(--_bad);
      }
      .verdict .num {
        font-family: var(--_mono);
        font-weight: 700;
      }
      table.values td.diff {
        font-weight: 600;
      }
    `,
  ];

  constructor() {
    super();
    this.tokens = DEFAULT_TOKENS.slice();
    this.order = [];
    this.encoding = false;
    this.dModel = 8;
    this.base = 10000;
    this.label = '';
    this._shuffles = 0;
  }

  get _tokens() {
    return toStringArray(this.tokens).slice(0, MAX_TOKENS);
  }

  get adjustments() {
    const given = toStringArray(this.tokens).length, n = this._tokens.length, order = toIntArray(this.order);
    return [
      ...super.adjustments,
      ...(given > MAX_TOKENS ? [this.t('permutation.tooMany', { given, max: MAX_TOKENS })] : []),
      ...(order.length && !isPermutation(order, n)
        ? [this.t('permutation.badOrder', { order: order.join(','), last: n - 1, shown: this._order.join(',') })]
        : []),
    ];
  }

  /** The current shuffle: order[k] = index (in the original sentence) of the token now at position k. */
  get _order() {
    const n = this._tokens.length;
    const o = toIntArray(this.order);
    if (isPermutation(o, n)) return o;
    // default: rotate by one (I love Paris -> Paris I love), the identity when n < 2
    return Array.from({ length: n }, (_, k) => (k + n - 1) % n);
  }

  engineReady() {
    this.requestUpdate();
  }

  /** Runs the engine's attention on a sequence of token indices; returns { input, output } (n × d). */
  _attend(indices, E) {
    const n = indices.length;
    const d = this.dModel;
    const X = new Float32Array(n * d);
    for (let k = 0; k < n; k++) X.set(E[indices[k]], k * d);
    if (this.encoding) {
      const P = this.pe.sinusoidal({ length: n, dModel: d, base: this.base });
      for (let i = 0; i < X.length; i++) X[i] += P[i];
    }
    // queries, keys and values are the inputs themselves (identity projections keep the numbers few;
    // any per-token projection would lead to the same conclusion)
    const { output, weights } = this.pe.attention({ q: X, k: X, v: X, seqLen: n, heads: 1, headDim: d });
    return { input: X, output, weights };
  }

  /** Everything the widget shows, from the engine. */
  get result() {
    if (!this.pe) return null;
    return this.guard(() => this._compute(), { main: true }) ?? null;
  }

  _compute() {
    const toks = this._tokens;
    const n = toks.length;
    const d = this.dModel;
    if (n < 2) throw new RangeError('tokens needs at least two comma-separated words');
    checkRanges(this);
    const E = toks.map((t) => tokenEmbedding(this.pe, t, d, 1));
    const order = this._order;
    const original = this._attend(toks.map((_, i) => i), E);
    const shuffled = this._attend(order, E);
    // compare each token's output row: row k of the shuffled run belongs to token order[k]
    const perToken = new Array(n).fill(0);
    let maxDiff = 0;
    for (let k = 0; k < n; k++) {
      const i = order[k];
      let m = 0;
      for (let c = 0; c < d; c++) m = Math.max(m, Math.abs(shuffled.output[k * d + c] - original.output[i * d + c]));
      perToken[i] = m;
      maxDiff = Math.max(maxDiff, m);
    }
    // with a repeated word an order can give back the very same sentence
    const sameSentence = order.every((i, k) => toks[i] === toks[k]);
    return { tokens: toks, order, original, shuffled, perToken, maxDiff, sameSentence, d, n };
  }

  _shuffle() {
    const n = this._tokens.length;
    if (n < 2) return;
    const current = this._order.join(',');
    const rnd = prng(0x5eed + ++this._shuffles * 7919);
    let o;
    for (let tries = 0; tries < 20; tries++) {
      o = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [o[i], o[j]] = [o[j], o[i]];
      }
      if (o.join(',') !== current && o.some((v, i) => v !== i)) break;
    }
    this.order = o;
  }

  _cell(v) {
    const { css: colors } = lut('RdBu');
    const t = Math.max(0, Math.min(255, Math.round(((Math.max(-2, Math.min(2, v)) + 2) / 4) * 255)));
    const c = colors[t];
    return html`<td style=${styleProps({ background: c, color: textOn(c) })}>${formatNumber(this.locale, v, 3)}</td>`;
  }

  _outputTable(R, which) {
    const run = which === 'original' ? R.original : R.shuffled;
    const idx = which === 'original' ? R.tokens.map((_, i) => i) : R.order;
    const showCols = Math.min(R.d, 4);
    return html`<div class="scroll">
      <table class="values">
        <caption class="note">${this.t('permutation.tableCaption')}${R.d > showCols ? this.t('permutation.firstValues', { shown: showCols, count: R.d }) : ''}</caption>
        <thead>
          <tr>
            <th scope="col">${this.t('permutation.token')}</th>
            ${which === 'shuffled' ? html`<th scope="col">max |Δ|</th>` : nothing}
            ${Array.from({ length: showCols }, (_, c) => html`<th scope="col">${c}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${idx.map(
            (i, k) => html`<tr>
              <th scope="row">${R.tokens[i]}</th>
              ${which === 'shuffled' ? html`<td class="diff">${R.perToken[i] === 0 ? '0' : formatSci(this.locale, R.perToken[i], 3)}</td>` : nothing}
              ${Array.from({ length: showCols }, (_, c) => this._cell(run.output[k * R.d + c]))}
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  /** The attention outputs, float32 [2, tokens, dModel]: the sentence in order, then shuffled (row k is token order[k]). */
  toArray() {
    const R = this.result;
    if (!R) return null;
    const data = new Float32Array(2 * R.n * R.d);
    data.set(R.original.output);
    data.set(R.shuffled.output, R.n * R.d);
    return { data, shape: [2, R.n, R.d], rows: ['original', 'shuffled'] };
  }

  toPyTorch() {
    const R = this.result;
    return R && permutationCode({ tokens: R.tokens, order: R.order, dModel: R.d, base: this.base, encoding: this.encoding });
  }

  toCSV() {
    const R = this.result;
    if (!R) return '';
    const lines = [csvRow(['run', 'position', 'token', ...Array.from({ length: R.d }, (_, c) => `out${c}`), 'max_abs_diff_vs_original'])];
    R.tokens.forEach((tok, i) => lines.push(csvRow(['original', i, tok, ...Array.from(R.original.output.subarray(i * R.d, (i + 1) * R.d)), ''])));
    R.order.forEach((i, k) => lines.push(csvRow(['shuffled', k, R.tokens[i], ...Array.from(R.shuffled.output.subarray(k * R.d, (k + 1) * R.d)), R.perToken[i]])));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    const R = this.result;
    if (!R) return null;
    const t = this.theme$();
    const rows = [['permutation.token', 'permutation.positionOriginal', 'permutation.positionShuffled', 'permutation.maxDiff'].map((k) => this.t(k))];
    R.tokens.forEach((tok, i) => rows.push([tok, i, R.order.indexOf(i), R.perToken[i] === 0 ? '0' : formatSci(this.locale, R.perToken[i], 3)]));
    const tab = tableCanvas(rows, { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border });
    return this.picture([tab], this.t(this.encoding ? 'permutation.pictureWith' : 'permutation.pictureWithout', { diff: R.maxDiff === 0 ? '0' : formatSci(this.locale, R.maxDiff, 3) }));
  }

  render() {
    const R = this._ready ? this.result : null;
    const words = (idx) => idx.map((i, k) => html`<span class="word"><bdi>${R.tokens[i]}</bdi> <small>@${k}</small></span>`);
    const diff = (text) => html`<span class="num" data-value=${R ? plain(R.maxDiff) : ''}>${text}</span>`;
    const strong = (key) => html`<strong>${this.t(key)}</strong>`;
    const verdict = R
      ? R.maxDiff === 0
        ? this.tHtml('permutation.same', { exactly: strong('permutation.exactlySame'), zero: html`<span class="num" data-value="0">0</span>` })
        : this.encoding && R.sameSentence
          ? this.tHtml('permutation.sameSentence', { sentence: strong('permutation.theSameSentence'), diff: diff(formatNumber(this.locale, R.maxDiff, 4)) })
          : this.encoding
          ? this.tHtml('permutation.changes', { change: strong('permutation.change'), diff: diff(formatNumber(this.locale, R.maxDiff, 4)) })
          : this.tHtml('permutation.rounding', { diff: diff(formatSci(this.locale, R.maxDiff, 3)) })
      : '';
    return html`
      ${this.renderHead(this.label || this.t('permutation.title'))}
      <div class="controls">
        <button type="button" class="primary" @click=${this._shuffle}>${this.t('permutation.shuffle')}</button>
        <button type="button" @click=${() => (this.order = this._tokens.map((_, i) => i).reverse())}>${this.t('permutation.reverse')}</button>
        <label><input type="checkbox" .checked=${this.encoding} @change=${(e) => (this.encoding = e.target.checked)} /> ${this.t('permutation.addEncoding')}</label>
      </div>
      ${R
        ? html`<div class="sentences">
            <div class="sentence">
              <h4>${this.t('permutation.original')}</h4>
              <div class="words">${words(R.tokens.map((_, i) => i))}</div>
              ${this._outputTable(R, 'original')}
            </div>
            <div class="sentence">
              <h4>${this.t('permutation.shuffled')}</h4>
              <div class="words">${words(R.order)}</div>
              ${this._outputTable(R, 'shuffled')}
            </div>
          </div>`
        : this._ready
          ? nothing
          : html`<p class="muted">${this.t('common.loading')}</p>`}
      <p class=${`verdict ${R && R.maxDiff > 1e-6 ? 'differs' : ''}`} role="status" aria-live="polite" aria-atomic="true">${verdict}</p>
      <p class="note">${this.t('permutation.note')} ${this.t(this.encoding ? 'permutation.noteWith' : 'permutation.noteWithout')}</p>
    `;
  }
}

customElements.get('posenc-permutation') || customElements.define('posenc-permutation', PosencPermutation);
