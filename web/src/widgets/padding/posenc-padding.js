// <posenc-padding>: position ids for a padded sequence under the two conventions of transformers
// (pe.positionIds, 'roberta' and 'generation'), next to the common mistake cumsum(mask)·mask − 1, shown
// for what it does: −1 at every padding slot, which no embedding table has a row for (the engine's own
// lookup error is displayed). The mistaken ids are computed by the engine too: RoBERTa's formula
// (cumsum(mask) + past)·mask + padding_idx with padding_idx = −1 is exactly that expression.
// past-length (tokens already in the KV cache) moves every convention on: arange runs from past, RoBERTa adds
// past to its count, and the generation ids are computed over the whole attention mask (the cached tokens as
// real tokens before the shown ones) and cut to the shown slots, as transformers does.

import { html, css, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced } from '../base.js';
import { numberAttr, stringListAttr } from '../../state/attributes.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { attempt, errorText, clampInt, methodStyles } from '../methods-shared.js';
import { positionIdsCode } from '../pytorch.js';

const MAX_LENGTH = 64;
const DEFAULT_TOKENS = ['The', 'cat', 'sat'];
const FIRST_ID = 100; // toy vocabulary: distinct tokens get ids 100, 101, … in order of appearance
const MAX_PAST = 1 << 20; // tokens in the KV cache (the generation ids need a mask that long)

export class PosencPadding extends PosencElement {
  static properties = {
    tokens: { type: Array, reflect: true, converter: stringListAttr(DEFAULT_TOKENS) },
    length: { type: Number, reflect: true, converter: numberAttr(0) },
    padSide: { type: String, reflect: true, attribute: 'pad-side', values: ['right', 'left'] },
    padTokenId: { type: Number, reflect: true, attribute: 'pad-token-id', converter: numberAttr(1), range: { min: 0, max: FIRST_ID - 1, engine: 'RobertaPositionIdsOptions.padTokenId' } },
    pastLength: { type: Number, reflect: true, attribute: 'past-length', converter: numberAttr(0), range: { min: 0, max: MAX_PAST, engine: 'RobertaPositionIdsOptions.pastLength' } },
    column: { type: Number, reflect: true, converter: numberAttr(-1) },
  };

  static styles = [
    baseStyles,
    methodStyles,
    css`
      input.tokens {
        flex: 1 1 240px;
        min-width: 0;
      }
      table.ids {
        border-collapse: collapse;
        font-family: var(--_mono);
        font-size: 0.88em;
      }
      table.ids th,
      table.ids td {
        border: 1px solid var(--_border);
        padding: 3px 6px;
        text-align: center;
        min-width: 2.6em;
      }
      table.ids th[scope='row'] {
        text-align: left;
        font-family: var(--_font);
        font-weight: 600;
        background: var(--_surface);
        white-space: nowrap;
      }
      table.ids th[scope='row'] .formula {
        display: block;
        font-weight: normal;
        font-family: var(--_mono);
        font-size: 0.85em;
        color: var(--_muted);
      }
      /* phone widths: row names and their formulas wrap, so the slots stay in view beside them */
      @media (max-width: 480px) {
        table.ids {
          font-size: 0.72em;
        }
        table.ids th[scope='row'] {
          white-space: normal;
          min-width: 6em;
        }
        table.ids th,
        table.ids td {
          padding: 2px 3px;
          min-width: 1.8em;
        }
      }
      table.ids td.pad {
        background: repeating-linear-gradient(135deg, transparent 0 5px, var(--_grid) 5px 7px);
        color: var(--_muted);
      }
      table.ids td.wrong {
        color: var(--_bg);
        background: var(--_bad);
        font-weight: 700;
      }
      table.ids .slot-head button {
        min-height: 26px;
        padding: 0 6px;
        font-family: var(--_mono);
        font-size: 0.95em;
      }
      table.ids td.cur,
      table.ids th.cur {
        outline: 2px solid var(--_accent);
        outline-offset: -2px;
      }
      table.ids tr.group td,
      table.ids tr.group th {
        border-top: 3px solid var(--_border);
      }
    `,
  ];

  constructor() {
    super();
    this.tokens = DEFAULT_TOKENS.slice();
    this.length = 0;
    this.padSide = 'right';
    this.padTokenId = 1;
    this.pastLength = 0;
    this.column = -1;
    this.label = '';
    this._data = null;
    this._key = '';
    this._lastRender = { ms: 0, frames: 0 };
  }

  get lastRender() {
    return { ...this._lastRender };
  }

  /** The chosen slot as drawn: `column` within the table, else -1 (none). */
  get _column() {
    const c = this.column;
    return Number.isInteger(c) && c >= 0 && this._data ? Math.min(c, this._L - 1) : -1;
  }

  get adjustments() {
    const c = this.column;
    if (c === -1 || !this._data) return super.adjustments;
    return [...super.adjustments, ...replaced('column', c, this._column, `a slot from 0 to ${this._L - 1} (or -1 for none)`)];
  }

  get _side() {
    return this.choice('padSide');
  }

  /** Padded length: the attribute, or three slots more than the tokens. */
  get _L() {
    const n = this.tokens.length;
    return Number.isInteger(this.length) && this.length > 0 ? this.length : n + 3;
  }

  engineReady() {
    this.requestUpdate();
  }

  _validate() {
    const n = this.tokens.length;
    const L = this._L;
    if (n < 1) throw new RangeError('tokens must hold at least one token');
    if (L < n || L > MAX_LENGTH) throw new RangeError(`length must be from the number of tokens (${n}) to ${MAX_LENGTH} (got ${L})`);
    checkRanges(this);
  }

  _compute() {
    const pe = this.pe;
    const n = this.tokens.length;
    const L = this._L;
    const pad = this.padTokenId;
    const padCount = L - n;
    const vocab = new Map();
    for (const tok of this.tokens) if (!vocab.has(tok)) vocab.set(tok, FIRST_ID + vocab.size);
    const slots = [];
    for (let i = 0; i < L; i++) {
      const k = this._side === 'left' ? i - padCount : i;
      const real = k >= 0 && k < n;
      slots.push({ token: real ? this.tokens[k] : '<pad>', id: real ? vocab.get(this.tokens[k]) : pad, real });
    }
    const ids = Int32Array.from(slots, (s) => s.id);
    const mask = Int32Array.from(slots, (s) => (s.real ? 1 : 0));
    const P = this.pastLength;
    const roberta = pe.positionIds(ids, { padTokenId: pad, pastLength: P });
    // generation: the attention mask covers the cache too (P real tokens before the shown ones); the ids of
    // the shown slots are its last L entries
    const full = new Int32Array(P + L).fill(1);
    full.set(mask, P);
    const generation = pe.positionIds(full, { convention: 'generation' }).slice(P);
    // every slot counted as real: past, past + 1, …, past + L − 1 (what arange gives when padding is ignored)
    const naive = pe.positionIds(full.fill(1), { convention: 'generation' }).slice(P);
    // the lesson's cumsum(mask)·mask − 1, computed by the engine as RoBERTa's formula with padding_idx −1
    const mistake = pe.positionIds(Int32Array.from(mask, (m) => (m ? 1 : -1)), { padTokenId: -1, pastLength: 0 });
    const lookup = attempt(() => pe.learned({ maxLength: L, dModel: 4, positions: mistake }));
    return { slots, ids, mask, roberta, generation, naive, mistake, past: P, mistakeError: lookup.error ? errorText(lookup.error) : '' };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    const ok = this.guard(() => {
      this._validate();
      const key = JSON.stringify([this.tokens, this._L, this._side, this.padTokenId, this.pastLength]);
      if (key !== this._key || !this._data) {
        this._data = this._compute();
        this._key = key;
      }
      return true;
    }, { main: true });
    if (!ok) {
      this._data = null;
      this._key = '';
    }
  }

  updated(changed) {
    if (this._data && (changed.has('tokens') || changed.has('padSide') || changed.has('length') || changed.has('padTokenId') || changed.has('pastLength') || changed.has('_ready'))) {
      const d = this._data;
      this.dispatchEvent(
        new CustomEvent('posenc-change', {
          detail: { ids: Array.from(d.ids), mask: Array.from(d.mask), naive: Array.from(d.naive), roberta: Array.from(d.roberta), generation: Array.from(d.generation), mistake: Array.from(d.mistake) },
          bubbles: true,
          composed: true,
        }),
      );
    }
  }

  /** Every row of the table, as the engine computed it. */
  get result() {
    const d = this._data;
    if (!d) return null;
    return {
      tokens: d.slots.map((s) => s.token),
      ids: Array.from(d.ids),
      mask: Array.from(d.mask),
      naive: Array.from(d.naive),
      roberta: Array.from(d.roberta),
      generation: Array.from(d.generation),
      mistake: Array.from(d.mistake),
      mistakeError: d.mistakeError,
    };
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
    const minus = (v) => (v < 0 ? `\u2212${-v}` : String(v));
    const r = minus(d.roberta[i]);
    const g = minus(d.generation[i]);
    const m = minus(d.mistake[i]);
    if (s.real) {
      return html`slot ${i}, “<bdi>${s.token}</bdi>” (id ${s.id}): RoBERTa gives ${r}, generation gives ${g}, the lesson's expression gives ${m}; arange would say ${d.naive[i]}.`;
    }
    return `slot ${i}, padding (id ${s.id}): RoBERTa gives ${r} (the padding index: that row is never trained and the token is masked), generation gives ${g} (a placeholder; the mask hides it), the lesson's expression gives ${m} — not a row of any table.`;
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  _rows() {
    const d = this._data;
    return [
      ['token', ...d.slots.map((s) => s.token)],
      ['input id', ...d.ids],
      ['attention mask', ...d.mask],
      [d.past ? `arange from past ${d.past} (ignores padding)` : 'arange (ignores padding)', ...d.naive],
      ['RoBERTa', ...d.roberta],
      [d.past ? `generation (GPT-2; mask includes ${d.past} cached)` : 'generation (GPT-2)', ...d.generation],
      ['cumsum(mask)*mask - 1', ...d.mistake],
    ];
  }

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
    const L = this._L;
    const lines = [csvRow(['row', ...Array.from({ length: L }, (_, i) => `slot${i}`)])];
    for (const r of this._rows()) lines.push(csvRow(r));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    if (!this._data) return null;
    const t = this.theme$();
    const L = this._L;
    const table = tableCanvas([['', ...Array.from({ length: L }, (_, i) => String(i))], ...this._rows().map((r) => r.map(String))], { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border });
    return this.picture([table], `Position ids with ${this._side} padding (pad id ${this.padTokenId})`);
  }

  // ---- template ----------------------------------------------------------------------------------------------

  render() {
    const t0 = performance.now();
    const d = this._data;
    const title = this.label || 'Position ids when there is padding';
    const L = this._L;
    const cur = this._column;
    const side = this._side;
    const show = (v) => (typeof v === 'number' && v < 0 ? `\u2212${-v}` : v);
    const first = d ? d.past : 0; // the generation id of the first real token shown
    const cell = (i, v, cls = '') => html`<td class=${[d.slots[i].real ? '' : 'pad', i === cur ? 'cur' : '', cls].join(' ').trim()} data-value=${v}>${show(v)}</td>`;
    const out = html`
      ${this.renderHead(title)}
      <div class="controls">
        <label class="slider"
          >tokens
          <input class="tokens" type="text" .value=${this._tokensText} aria-label="Tokens, separated by spaces (or by commas when a token has a space)" @change=${(e) => this._setTokens(e.target.value)}
        /></label>
      </div>
      <div class="controls">
        <span class="seg" role="group" aria-label="Padding side">
          <button type="button" aria-pressed=${side === 'right'} @click=${() => (this.padSide = 'right')}>pad on the right</button>
          <button type="button" aria-pressed=${side === 'left'} @click=${() => (this.padSide = 'left')}>pad on the left</button>
        </span>
        <label>padded length <input type="number" min=${this.tokens.length} max=${MAX_LENGTH} .value=${String(L)} @change=${(e) => (this.length = Number(e.target.value))} /></label>
        <label>pad id <input type="number" min="0" max=${FIRST_ID - 1} .value=${String(this.padTokenId)} @change=${(e) => (this.padTokenId = Number(e.target.value))} /></label>
        <label>past length <input type="number" min="0" .value=${String(this.pastLength)} @change=${(e) => (this.pastLength = Number(e.target.value))} /></label>
      </div>
      ${d
        ? html`<div class="scroll">
            <table class="ids">
              <thead>
                <tr>
                  <th scope="col">slot</th>
                  ${d.slots.map(
                    (s, i) => html`<th scope="col" class=${['slot-head', i === cur ? 'cur' : ''].join(' ')}>
                      <button
                        type="button"
                        data-slot=${i}
                        tabindex=${i === (cur >= 0 ? cur : 0) ? '0' : '-1'}
                        aria-pressed=${i === cur ? 'true' : 'false'}
                        aria-label=${`slot ${i}: ${s.real ? s.token : 'padding'}`}
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
                  <th scope="row">token</th>
                  ${d.slots.map((s, i) => cell(i, s.token))}
                </tr>
                <tr>
                  <th scope="row">input id</th>
                  ${d.slots.map((s, i) => cell(i, s.id))}
                </tr>
                <tr data-row="mask">
                  <th scope="row">attention mask<span class="formula">ids ≠ ${this.padTokenId}</span></th>
                  ${Array.from(d.mask, (v, i) => cell(i, v))}
                </tr>
                <tr class="group" data-row="naive">
                  <th scope="row">arange<span class="formula">${d.past ? `past + arange(${L}); ` : ''}ignores the padding</span></th>
                  ${Array.from(d.naive, (v, i) => cell(i, v))}
                </tr>
                <tr data-row="roberta">
                  <th scope="row">RoBERTa<span class="formula">(cumsum(mask) + past)·mask + ${this.padTokenId}</span></th>
                  ${Array.from(d.roberta, (v, i) => cell(i, v))}
                </tr>
                <tr data-row="generation">
                  <th scope="row">
                    generation (GPT-2)<span class="formula">${d.past ? `cumsum([1]×${d.past} + mask) − 1, last ${L}` : 'cumsum(mask) − 1'}; padding → 1</span>
                  </th>
                  ${Array.from(d.generation, (v, i) => cell(i, v))}
                </tr>
                <tr class="group" data-row="mistake">
                  <th scope="row">the lesson's code<span class="formula">cumsum(mask)·mask − 1</span></th>
                  ${Array.from(d.mistake, (v, i) => cell(i, v, v < 0 ? 'wrong' : ''))}
                </tr>
              </tbody>
            </table>
          </div>`
        : this._ready
          ? nothing
          : html`<p class="readout">Loading the engine…</p>`}
      <p class="readout" role="status" aria-live="polite" aria-atomic="true" data-role="slot">
        ${d && cur >= 0 ? this._slotText(cur) : d ? 'Choose a slot (click a number, or arrow keys on the slot row) to read it.' : ''}
      </p>
      ${d
        ? html`<p class="note lesson">
              <b>RoBERTa</b> counts only real tokens and starts after its padding index, so padding keeps the padding index (whose embedding row
              is reserved) and ${side === 'left' ? 'left padding does not shift the words' : 'the words get the same ids on either side'}.
              <b>Generation</b> (GPT-2 with left padding) numbers real tokens ${first}, ${first + 1}, ${first + 2} … ${d.past ? 'straight after the cached ones' : 'from the first real one'} and puts a
              harmless 1 under the padding, which the attention mask hides. ${side === 'left'
                ? html`<b>arange</b> would start the words at ${d.naive[d.slots.findIndex((s) => s.real)]} instead of ${first}:
                    ${d.past ? 'it counts the padding slots as if they were text.' : 'positions the model never saw for a sentence start.'}`
                : html`With right padding arange happens to agree with the generation ids on the words.`}
            </p>
            ${d.past
              ? html`<p class="note lesson" data-role="past">
                  <b>The KV cache.</b> ${d.past} ${d.past === 1 ? 'token is' : 'tokens are'} already in the cache, so slot 0 comes after
                  ${d.past === 1 ? 'it' : 'them'} and every convention carries on counting instead of starting again at 0: <b>arange</b> runs from
                  ${d.past} to ${d.past + L - 1} (GPT-2's default when it is given no position ids), <b>RoBERTa</b> adds the ${d.past} to its count,
                  and <b>generation</b> takes the cumulative sum over the whole attention mask — ${d.past} ones for the cached tokens, then the shown
                  slots — and keeps its last ${L} entries, so the first real token shown gets ${first}. (RoPE models shift their rotations by the
                  same cache length.) The lesson's expression below looks at the shown mask only and starts again at 0.
                </p>`
              : nothing}
            <p class="note">
              <b>The mistake.</b> The lesson's <code>torch.cumsum(mask, dim=1) * mask - 1</code> claims to give 0 at padding.
              ${d.mistakeError
                ? html`It gives <b>−1</b>: the product is 0 there and the − 1 applies to every slot. Looking these ids up in a position table
                    fails:`
                : html`At a padding slot it would give <b>−1</b> (the product is 0 there and the − 1 applies to every slot), but this row has
                    no padding, so it is 0, 1, 2, … and correct.`}
            </p>
            ${d.mistakeError
              ? html`<p class="fail" data-role="mistake-error">${d.mistakeError}</p>
                  <p class="note lesson">
                    (The engine refuses, as does <code>nn.Embedding</code> with an IndexError. Index a plain tensor or array with −1 instead and it
                    silently returns the <em>last</em> row: the padding gets the encoding of the farthest position.)
                  </p>`
              : html`<p class="note">(No padding here, so nothing goes wrong yet: add padding slots.)</p>`}`
        : nothing}
    `;
    this._lastRender = { ms: performance.now() - t0, frames: 1 };
    return out;
  }
}

customElements.get('posenc-padding') || customElements.define('posenc-padding', PosencPadding);
