// <posenc-padding>: position ids for a padded sequence under the two conventions of transformers
// (pe.positionIds, 'roberta' and 'generation'), next to the common mistake cumsum(mask)·mask − 1, shown
// for what it does: −1 at every padding slot, which no embedding table has a row for (the engine's own
// lookup error is displayed). Settings in ./descriptor.js, the computation in ./model.js; this element holds
// the view state, the table and the reader's input.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, forInput, elementProperties } from '../base.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { clampInt, methodStyles } from '../methods-shared.js';
import { shipCatalogues, translate } from '../../i18n/index.js';
import { positionIdsCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { MAX_LENGTH, computePadding, paddedLength, paddingRows } from './model.js';
import { paddingStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

// the CSV keeps English row names in every language (its headers are data, like the .npy's)
const english = (key, params) => translate('en', key, params);

export class PosencPadding extends PosencElement {
  static properties = elementProperties(properties);

  static styles = [baseStyles, methodStyles, paddingStyles];

  constructor() {
    super();
    this._data = null;
  }

  /** The chosen slot as drawn: `column` within the table, else -1 (none). */
  get _column() {
    const c = this.column;
    return Number.isInteger(c) && c >= 0 && this._data ? Math.min(c, this._L - 1) : -1;
  }

  get adjustments() {
    const c = this.column;
    if (c === -1 || !this._data) return super.adjustments;
    return [...super.adjustments, ...replaced('column', c, this._column, this.t('padding.columnRange', { last: this._L - 1 }), this.t.bind(this))];
  }

  get _side() {
    return this.choice('padSide');
  }

  /** Padded length: the attribute, or three slots more than the tokens. */
  get _L() {
    return paddedLength(this);
  }

  engineReady() {
    this.requestUpdate();
  }

  _validate() {
    const n = this.tokens.length;
    const L = this._L;
    if (n < 1) throw new RangeError(this.t('padding.noTokens'));
    if (L < n || L > MAX_LENGTH) throw new RangeError(this.t('padding.lengthRange', { tokens: n, max: MAX_LENGTH, length: L }));
    checkRanges(this);
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    this._data =
      this.guard(() => {
        this._validate();
        const settings = { tokens: this.tokens, length: this._L, side: this._side, padTokenId: this.padTokenId, pastLength: this.pastLength };
        return this.cached('ids', Object.values(settings), () => computePadding(this.pe, settings));
      }, { main: true }) ?? null;
  }

  updated(changed) {
    const d = this._data;
    if (d && ['tokens', 'padSide', 'length', 'padTokenId', 'pastLength', '_ready'].some((p) => changed.has(p))) {
      this.announce({ ids: Array.from(d.ids), mask: Array.from(d.mask), naive: Array.from(d.naive), roberta: Array.from(d.roberta), generation: Array.from(d.generation), mistake: Array.from(d.mistake) });
    }
  }

  /** Every row of the table, as the engine computed it. */
  get result() {
    const d = this._data;
    if (!d) return null;
    const list = (name) => Array.from(d[name]);
    return { tokens: d.slots.map((s) => s.token), ids: list('ids'), mask: list('mask'), naive: list('naive'), roberta: list('roberta'), generation: list('generation'), mistake: list('mistake'), mistakeError: d.mistakeError };
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _onSlotKey(e, i) {
    const L = this._L;
    let j = i;
    if (e.key === 'ArrowRight') j = i + 1;
    else if (e.key === 'ArrowLeft') j = i - 1;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = L - 1;
    else return;
    e.preventDefault();
    this.column = clampInt(j, 0, L - 1);
    this.updateComplete.then(() => this.renderRoot.querySelector(`button[data-slot="${this.column}"]`)?.focus());
  }

  // The box lists tokens with spaces between them, or commas as soon as a token holds a space ("New York").
  get _tokensText() {
    return this.tokens.join(this.tokens.some((t) => /\s/.test(t)) ? ', ' : ' ');
  }

  _setTokens(text) {
    const list = text
      .split(text.includes(',') ? ',' : /\s+/)
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, MAX_LENGTH);
    if (list.length) this.tokens = list;
  }

  _slotText(i) {
    const d = this._data;
    const s = d.slots[i];
    const ids = { slot: i, id: s.id, roberta: d.roberta[i], generation: d.generation[i], mistake: d.mistake[i] };
    if (s.real) return this.tHtml('padding.slotToken', { ...ids, token: html`<bdi>${s.token}</bdi>`, naive: d.naive[i] });
    return this.t('padding.slotPadding', ids);
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** int32 [6, slots]: input ids, mask, arange, RoBERTa, generation, cumsum(mask)·mask − 1. */
  toArray() {
    const d = this._data;
    if (!d) return null;
    const rows = [d.ids, d.mask, d.naive, d.roberta, d.generation, d.mistake];
    return { data: Int32Array.from(rows.flatMap((r) => Array.from(r))), shape: [rows.length, this._L], rows: ['input ids', 'attention mask', 'arange', 'RoBERTa', 'generation', 'cumsum(mask)*mask - 1'] };
  }

  toPyTorch() {
    const d = this._data;
    return d ? positionIdsCode({ ids: d.ids, mask: d.mask, padTokenId: this.padTokenId, pastLength: d.past }) : '';
  }

  toCSV() {
    if (!this._data) return '';
    const lines = [csvRow(['row', ...Array.from({ length: this._L }, (_, i) => `slot${i}`)])];
    for (const r of paddingRows(this._data, english)) lines.push(csvRow(r));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    if (!this._data) return null;
    const t = this.theme$();
    const head = [this.t('padding.slot'), ...Array.from({ length: this._L }, (_, i) => String(i))];
    const table = tableCanvas([head, ...paddingRows(this._data, this.t.bind(this)).map((r) => r.map(String))], { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border });
    return this.picture([table], this.t(this._side === 'left' ? 'padding.pictureLeft' : 'padding.pictureRight', { pad: this.padTokenId }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  /** The notes under the table: the two conventions, the KV cache, the lesson's mistake. */
  _renderNotes(d) {
    const L = this._L;
    const side = this._side;
    const first = d.past; // the generation id of the first real token shown
    const b = (text) => html`<b>${text}</b>`;
    const arange = html`<b dir="ltr">arange</b>`;
    const roberta = b('RoBERTa');
    return html`<p class="note lesson">
        ${this.sentences(
          this.tHtml('padding.robertaNote', { roberta, side: this.t(side === 'left' ? 'padding.leftNoShift' : 'padding.sameIds') }),
          this.tHtml('padding.generationNote', {
            generation: b(this.t('padding.generationStart')),
            a: first,
            b: first + 1,
            c: first + 2,
            whence: this.t(d.past ? 'padding.afterCached' : 'padding.fromFirst'),
          }),
          side === 'left'
            ? this.tHtml('padding.arangeLeft', { arange, start: d.naive[d.slots.findIndex((s) => s.real)], first, why: this.t(d.past ? 'padding.countsPadding' : 'padding.neverSaw') })
            : this.tHtml('padding.arangeRight', { arange: html`<span dir="ltr">arange</span>` }),
        )}
      </p>
      ${d.past
        ? html`<p class="note lesson" data-role="past">
            ${this.tHtml('padding.pastNote', {
              heading: b(this.t('padding.kvCache')),
              count: d.past,
              end: d.past + L - 1,
              arange,
              roberta,
              generation: b(this.t('padding.generation')),
              shown: L,
              first,
            })}
          </p>`
        : nothing}
      <p class="note">
        ${this.sentences(
          this.tHtml('padding.mistake', { heading: b(this.t('padding.mistakeHeading')), code: html`<code dir="ltr">torch.cumsum(mask, dim=1) * mask - 1</code>` }),
          this.tHtml(d.mistakeError ? 'padding.mistakeFails' : 'padding.mistakeNoPadding', { minusOne: b('−1') }),
        )}
      </p>
      ${d.mistakeError
        ? html`<p class="fail" data-role="mistake-error" dir="ltr">${d.mistakeError}</p>
            <p class="note lesson">
              ${this.tHtml('padding.refuses', { embedding: html`<code dir="ltr">nn.Embedding</code>`, error: html`<code dir="ltr">IndexError</code>`, last: html`<em>${this.t('padding.lastWord')}</em>` })}
            </p>`
        : html`<p class="note">${this.t('padding.nothingWrong')}</p>`}`;
  }

  render() {
    return this.timed(() => this._template());
  }

  _template() {
    const d = this._data;
    const title = this.label || this.t('padding.title');
    const L = this._L;
    const cur = this._column;
    const side = this._side;
    const show = (v) => (typeof v === 'number' && v < 0 ? `\u2212${-v}` : v);
    const cell = (i, v, cls = '', content = show(v)) => html`<td class=${[d.slots[i].real ? '' : 'pad', i === cur ? 'cur' : '', cls].join(' ').trim()} data-value=${v}>${content}</td>`;
    const formula = (code, after = '') => html`<span class="formula"><span dir="ltr">${code}</span>${after}</span>`;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <label class="slider"
          >${this.t('padding.tokens')}
          <input class="tokens" type="text" .value=${this._tokensText} aria-label=${this.t('padding.tokensAria')} @change=${(e) => this._setTokens(e.target.value)}
        /></label>
      </div>
      <div class="controls">
        <span class="seg" role="group" aria-label=${this.t('padding.sideGroup')}>
          <button type="button" aria-pressed=${side === 'right'} @click=${() => (this.padSide = 'right')}>${this.t('padding.padRight')}</button>
          <button type="button" aria-pressed=${side === 'left'} @click=${() => (this.padSide = 'left')}>${this.t('padding.padLeft')}</button>
        </span>
        <label>${this.t('padding.paddedLength')} <input type="number" min=${this.tokens.length} max=${MAX_LENGTH} .value=${String(L)} @change=${(e) => (this.length = Number(e.target.value))} /></label>
        <label>${this.t('padding.padId')} <input type="number" min="0" max=${properties.padTokenId.max} .value=${String(this.padTokenId)} @change=${(e) => (this.padTokenId = Number(e.target.value))} /></label>
        <label>${this.t('padding.pastLength')} <input type="number" min="0" .value=${String(this.pastLength)} @change=${(e) => (this.pastLength = Number(e.target.value))} /></label>
      </div>
      ${d
        ? html`<div class="scroll">
            <table class="ids">
              <thead>
                <tr>
                  <th scope="col">${this.t('padding.slot')}</th>
                  ${d.slots.map(
                    (s, i) => html`<th scope="col" class=${['slot-head', i === cur ? 'cur' : ''].join(' ')}>
                      <button
                        type="button"
                        data-slot=${i}
                        tabindex=${i === (cur >= 0 ? cur : 0) ? '0' : '-1'}
                        aria-pressed=${i === cur ? 'true' : 'false'}
                        aria-label=${s.real ? this.t('padding.slotAria', { slot: i, token: s.token }) : this.t('padding.slotPadAria', { slot: i })}
                        @click=${() => (this.column = i)}
                        @keydown=${(e) => this._onSlotKey(e, i)}
                      >
                        ${i}
                      </button>
                    </th>`,
                  )}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">${this.t('padding.token')}</th>
                  ${d.slots.map((s, i) => cell(i, s.token, '', html`<bdi>${s.token}</bdi>`))}
                </tr>
                <tr>
                  <th scope="row">${this.t('padding.inputId')}</th>
                  ${d.slots.map((s, i) => cell(i, s.id))}
                </tr>
                <tr data-row="mask">
                  <th scope="row">${this.t('padding.attentionMask')}${formula(`ids ≠ ${this.padTokenId}`)}</th>
                  ${Array.from(d.mask, (v, i) => cell(i, v))}
                </tr>
                <tr class="group" data-row="naive">
                  <th scope="row">
                    <span dir="ltr">arange</span>${html`<span class="formula">${d.past ? html`<span dir="ltr">past + arange(${L})</span>; ` : ''}${this.t('padding.ignoresPadding')}</span>`}
                  </th>
                  ${Array.from(d.naive, (v, i) => cell(i, v))}
                </tr>
                <tr data-row="roberta">
                  <th scope="row">RoBERTa${formula(`(cumsum(mask) + past)·mask + ${this.padTokenId}`)}</th>
                  ${Array.from(d.roberta, (v, i) => cell(i, v))}
                </tr>
                <tr data-row="generation">
                  <th scope="row">
                    ${this.t('padding.rowGeneration')}${formula(
                      d.past ? `cumsum([1]×${d.past} + mask) − 1` : 'cumsum(mask) − 1',
                      html`${d.past ? html`, ${this.t('padding.lastEntries', { count: L })}` : ''}; ${this.t('padding.padToOne')}`,
                    )}
                  </th>
                  ${Array.from(d.generation, (v, i) => cell(i, v))}
                </tr>
                <tr class="group" data-row="mistake">
                  <th scope="row">${this.t('padding.lessonCode')}${formula('cumsum(mask)·mask − 1')}</th>
                  ${Array.from(d.mistake, (v, i) => cell(i, v, v < 0 ? 'wrong' : ''))}
                </tr>
              </tbody>
            </table>
          </div>`
        : this._ready
          ? nothing
          : html`<p class="readout">${this.t('common.loading')}</p>`}
      <p class="readout" role="status" aria-live="polite" aria-atomic="true" data-role="slot">
        ${d && cur >= 0 ? this._slotText(cur) : d ? forInput(this.t('padding.chooseSlot'), this.t('padding.chooseSlotTouch')) : ''}
      </p>
      ${d ? this._renderNotes(d) : nothing}
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencPadding);
