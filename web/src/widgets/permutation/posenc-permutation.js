// <posenc-permutation>: self-attention without positions cannot see word order. Shuffle the tokens and
// each token's output row stays the same (difference 0); add positional encodings and it changes.
// Attention, embeddings and encodings all come from the engine (./model.js); settings in ./descriptor.js.

import { html, nothing } from 'lit';
import { styleProps } from '../../render/style-props.js';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, elementProperties } from '../base.js';
import { toIntArray, toStringArray } from '../../state/attributes.js';
import { lut, textOn } from '../../render/color.js';
import { plain } from '../../render/format.js';
import { formatNumber, formatSci, shipCatalogues } from '../../i18n/index.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { permutationCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { MAX_TOKENS, computePermutation, isPermutation, orderOf, shuffleOrder } from './model.js';
import { permutationStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export class PosencPermutation extends PosencElement {
  static properties = elementProperties(properties);

  static styles = [baseStyles, permutationStyles];

  constructor() {
    super();
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
    return orderOf(toIntArray(this.order), this._tokens.length);
  }

  engineReady() {
    this.requestUpdate();
  }

  /** Everything the widget shows, from the engine (kept until a setting changes). */
  get result() {
    if (!this.pe) return null;
    return this.guard(() => this._compute(), { main: true }) ?? null;
  }

  _compute() {
    const settings = { tokens: this._tokens, order: this._order, dModel: this.dModel, base: this.base, encoding: this.encoding };
    if (settings.tokens.length < 2) throw new RangeError('tokens needs at least two comma-separated words');
    checkRanges(this);
    return this.cached('result', Object.values(settings), () => computePermutation(this.pe, settings));
  }

  _shuffle() {
    const n = this._tokens.length;
    if (n >= 2) this.order = shuffleOrder(n, this._order.join(','), ++this._shuffles);
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

customElements.get(tag) || customElements.define(tag, PosencPermutation);
