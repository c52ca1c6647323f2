// <posenc-methods>: one token sequence, five ways of telling the model where each token is. For a query at
// position i and keys at i − d, each method's positional contribution to the attention logit, computed by
// the engine: sinusoidal PE(i)·PE(j) and learned P(i)·P(j) (pe.sinusoidal / pe.learned + pe.similarity),
// T5's bias of the bucket (pe.t5.buckets + a seeded per-head table looked up by pe.learned), RoPE's q·k of
// a fixed query and key content rotated to i and j (pe.rope.apply + pe.similarity), ALiBi's −slope·d
// (pe.alibi.bias). Past the training length the learned table has no rows: the engine's error is shown.
// The comparison table's live cells (parameters, whether a curve moves with the query, beyond the training
// length) are measured on the same engine output.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, pickedChipStyles, replaced } from '../base.js';
import { numberAttr, stringList, intList } from '../../state/attributes.js';
import { clearCanvas } from '../../render/canvas.js';
import { int, plain } from '../../render/format.js';
import { formatNumber } from '../../i18n/index.js';
import { CATEGORICAL } from '../../render/color.js';
import { csvRow, csvTable, sideBySide, tableCanvas } from '../../render/export.js';
import { methodsCode } from '../pytorch.js';
import { methodsStyles } from './styles.js';
import { paintPanel } from './painters.js';
import { attempt, errorText, indexRange, tile, row, contentVectors, clampInt, methodStyles } from '../methods-shared.js';

export const METHODS = ['sinusoidal', 'learned', 't5', 'rope', 'alibi'];

// Per method: the formula its panel plots (code, the same in every language), the catalogue keys of what it
// is (methods.what.*, .where.*, .kind.*) and the models that use it (names; `modelsKey` where it is words).
const INFO = {
  sinusoidal: { formula: 'PE(i) · PE(j)', what: 'methods.what.sinusoidal', where: 'methods.where.input', kind: 'methods.kind.absolute', modelsKey: 'methods.models.sinusoidal' },
  learned: { formula: 'P(i) · P(j)', what: 'methods.what.learned', where: 'methods.where.input', kind: 'methods.kind.absolute', models: 'GPT-2, BERT, RoBERTa' },
  t5: { formula: 'table[bucket(j − i)]', what: 'methods.what.t5', where: 'methods.where.t5', kind: 'methods.kind.bias', models: 'T5, Flan-T5, mT5' },
  rope: { formula: 'R(i)q · R(j)k', what: 'methods.what.rope', where: 'methods.where.rope', kind: 'methods.kind.rope', models: 'LLaMA, Mistral, Qwen, GPT-NeoX, Gemma' },
  alibi: { formula: '−slope · (i − j)', what: null, where: 'methods.where.alibi', kind: 'methods.kind.bias', models: 'BLOOM, MPT' },
};

const WINDOW = 64;
const MAX_HEADS = 64;
/** T5 here is bidirectional: half the buckets each way, and at least 2 exact ones in each half. */
const MIN_BUCKETS = 4;
const MAX_BUCKETS = 65536;
// the comparison table's rows; the descriptive ones fold behind Notes in the compact layout
const ROW_NAMES = ['parameters', 'where', 'kind', 'relative', 'beyond', 'known', 'models'];
const LESSON_ROWS = new Set(['where', 'known', 'models']);
const SHIFT = 7; // the relative/absolute check compares the curve at query i with the curve at i + SHIFT

export class PosencMethods extends PosencElement {
  static properties = {
    tokens: { type: Array, reflect: true, converter: stringList },
    trainLength: { type: Number, reflect: true, attribute: 'train-length', converter: numberAttr(64), range: { min: 2, max: 1 << 16, engine: 'LearnedOptions.maxLength' } },
    query: { type: Number, reflect: true, converter: numberAttr(-1) },
    distance: { type: Number, reflect: true, converter: numberAttr(3) },
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(64), range: { min: 2, max: 1024, even: true, engine: 'RopeOptions.headDim' } },
    heads: { type: Number, reflect: true, converter: numberAttr(8) },
    head: { type: Number, reflect: true, converter: numberAttr(2) },
    numBuckets: { type: Number, reflect: true, attribute: 'num-buckets', converter: numberAttr(32) },
    maxDistance: { type: Number, reflect: true, attribute: 'max-distance', converter: numberAttr(128) },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    seed: { type: Number, reflect: true, converter: numberAttr(0) },
    window: { type: Number, reflect: true, converter: numberAttr(WINDOW), range: { min: 2, max: 1024 } },
    positions: { type: Array, reflect: true, converter: intList },
  };

  static styles = [baseStyles, pickedChipStyles(".chip[data-role='query']", ".chip[data-role='key']"), methodStyles, methodsStyles];

  constructor() {
    super();
    this.tokens = ['The', 'quick', 'brown', 'fox', 'jumps', 'over', 'the', 'lazy', 'dog', '.'];
    this.trainLength = 64;
    this.query = -1;
    this.distance = 3;
    this.dModel = 64;
    this.heads = 8;
    this.head = 2;
    this.numBuckets = 32;
    this.maxDistance = 128;
    this.base = 10000;
    this.seed = 0;
    this.window = WINDOW;
    this.positions = [];
    this.label = '';
    this._data = null;
    this._lastRender = { ms: 0, frames: 0 };
  }

  get lastRender() {
    return { ...this._lastRender };
  }

  /** Query position: the attribute, or the last position of the training length. */
  get _i() {
    return this.query >= 0 ? this.query : Math.max(0, this.trainLength - 1);
  }

  /** Distances plotted: 0 … D. */
  get _D() {
    return Math.max(0, Math.min(this._i, this.window));
  }

  get _maxQuery() {
    return Math.max(4 * this.trainLength, this._i);
  }

  tokenAt(p) {
    const n = this.tokens.length;
    return n ? this.tokens[p % n] : '';
  }

  getSelection() {
    const i = this._i;
    const j = i - this._k;
    return j === i ? [i] : [j, i];
  }

  selectionChanged(list, source) {
    if (source === this || !list?.length) return;
    const i = Math.max(...list);
    const j = Math.min(...list);
    this.query = i;
    this.distance = i - j;
    // remembered so that a key the window cannot reach is named as the positions the author wrote
    this._fromPositions = { query: this.query, distance: this.distance, key: j };
  }

  // ---- settings as used (an attribute outside its range is named in adjustments, not rewritten) --------------

  get _heads() {
    return clampInt(this.heads, 1, MAX_HEADS);
  }

  /** The head shown for T5 and ALiBi. */
  get _head() {
    return clampInt(this.head, 0, this._heads - 1);
  }

  get _numBuckets() {
    return clampInt(this.numBuckets, MIN_BUCKETS, MAX_BUCKETS);
  }

  /** T5's exact buckets per direction: a quarter of num-buckets (bidirectional); max-distance must exceed it. */
  get _exactBuckets() {
    return Math.floor(Math.floor(this._numBuckets / 2) / 2);
  }

  get _maxDistance() {
    return clampInt(this.maxDistance, this._exactBuckets + 1, Number.MAX_SAFE_INTEGER);
  }

  /** The key's distance before the query as used: 0 … D. */
  get _k() {
    return clampInt(this.distance, 0, this._D);
  }

  get adjustments() {
    const out = [...super.adjustments];
    const t = this.t.bind(this);
    const heads = replaced('heads', this.heads, this._heads, t('methods.headsRange', { max: MAX_HEADS }), t);
    if (heads.length) {
      // one message: the head shown follows from the heads used
      if (this._head !== this.head) heads[0] += t('methods.showingHead', { head: this._head });
      out.push(...heads);
    } else {
      out.push(...replaced('head', this.head, this._head, t('methods.headRange', { last: this._heads - 1 }), t));
    }
    out.push(...replaced('num-buckets', this.numBuckets, this._numBuckets, t('methods.bucketsRange', { min: MIN_BUCKETS, max: MAX_BUCKETS }), t));
    out.push(...replaced('max-distance', this.maxDistance, this._maxDistance, t('methods.maxDistanceRange', { exact: this._exactBuckets }), t));
    const ok = Number.isInteger(this.trainLength) && this.trainLength >= 2 && Number.isInteger(this.window) && this.window >= 2;
    if (ok && this._k !== this.distance) {
      const i = this._i;
      const D = this._D;
      const limit = D === this.window ? t('methods.limitWindow', { window: this.window, query: i }) : t('methods.limitQuery', { query: i });
      const p = this._fromPositions;
      if (p && p.query === this.query && p.distance === this.distance) out.push(...replaced('positions', p.key, i - this._k, t('methods.keyRange', { first: i - D, last: i, limit }), t));
      else out.push(...replaced('distance', this.distance, this._k, t('methods.distanceRange', { last: D, limit }), t));
    }
    return out;
  }

  /** A method's name in the reader's language. */
  _name(m) {
    return this.t(`methods.name.${m}`);
  }

  /** A whole number as the reader writes it (English keeps posenc's thin-space groups: 8 192). */
  _int(n) {
    return this.locale === 'en' ? int(n) : formatNumber(this.locale, Math.round(n));
  }

  engineReady() {
    this.requestUpdate();
  }

  /** Scores against distance 0…D for a query at position i, one entry per method ({ values } or { error }). */
  curves(i, D) {
    const pe = this.pe;
    const d = this.dModel;
    const j0 = i - D;
    const n = D + 1;
    // the last row of a (n × n) similarity is the query row; entry k is key j0 + k, i.e. distance D − k
    const byDistance = (sim) => {
      const out = new Float64Array(n);
      for (let k = 0; k < n; k++) out[D - k] = sim[(n - 1) * n + k];
      return out;
    };
    const out = {};
    out.sinusoidal = attempt(() => {
      const t = pe.sinusoidal({ length: n, dModel: d, base: this.base, offset: j0 });
      return byDistance(pe.similarity(t, { length: n, dModel: d, metric: 'dot' }));
    });
    out.learned = attempt(() => {
      const t = pe.learned({ maxLength: this.trainLength, dModel: d, seed: this.seed, positions: indexRange(j0, n) });
      return byDistance(pe.similarity(t, { length: n, dModel: d, metric: 'dot' }));
    });
    out.t5 = attempt(() => {
      // queries 0…D against key 0: relative positions 0, −1, …, −D
      const H = this._heads;
      const buckets = pe.t5.buckets({ queryLength: n, keyLength: 1, numBuckets: this._numBuckets, maxDistance: this._maxDistance, bidirectional: true });
      const bias = pe.learned({ maxLength: this._numBuckets, dModel: H, seed: this.seed + 1, std: 1, positions: buckets });
      return Float64Array.from({ length: n }, (_, k) => bias[k * H + this._head]);
    });
    out.rope = attempt(() => {
      const qk = this._content;
      // rows: the key content at every position j0…i, then the query content at i
      const keys = pe.rope.apply(tile(row(qk, 1, d), n), { headDim: d, base: this.base, seqLen: n, heads: 1, offset: j0 });
      const q = pe.rope.apply(row(qk, 0, d), { headDim: d, base: this.base, seqLen: 1, heads: 1, offset: i });
      const t = new Float32Array((n + 1) * d);
      t.set(keys, 0);
      t.set(q, n * d);
      const sim = pe.similarity(t, { length: n + 1, dModel: d, metric: 'dot' });
      return Float64Array.from({ length: n }, (_, dist) => sim[n * (n + 1) + (D - dist)]);
    });
    out.alibi = attempt(() => {
      // column 0 of the causal bias: query k, key 0, distance k
      const b = pe.alibi.bias({ heads: this._heads, length: n });
      const h = this._head;
      return Float64Array.from({ length: n }, (_, k) => b[h * n * n + k * n]);
    });
    return out;
  }

  /** What does not depend on the query: content vectors, parameter counts, the probe past training. */
  _computeStatic() {
    const pe = this.pe;
    this._content = contentVectors(pe, { count: 2, dim: this.dModel, seed: this.seed });
    // beyond the training length: can the method give a score at all for a query at 2 × train-length?
    const probe = 2 * this.trainLength;
    const far = this.curves(probe, Math.min(4, probe));
    const params = {
      sinusoidal: 0,
      learned: attempt(() => pe.learned({ maxLength: this.trainLength, dModel: this.dModel, seed: this.seed }).length).value ?? null,
      t5: attempt(() => pe.learned({ maxLength: this._numBuckets, dModel: this._heads, seed: this.seed + 1, std: 1 }).length).value ?? null,
      rope: 0,
      alibi: 0,
    };
    const slope = attempt(() => pe.alibi.slopes(this._heads)[this._head]).value;
    // relative or absolute, measured inside the training length (used where the current query cannot be)
    const qa = this.trainLength - 1;
    const qb = Math.max(0, qa - SHIFT);
    const Din = Math.min(this.window, qb);
    const A = this.curves(qa, Din);
    const B = this.curves(qb, Din);
    const inside = {};
    for (const m of METHODS) inside[m] = A[m].value && B[m].value ? pe.compare(A[m].value, B[m].value).euclidean : null;
    return { far, probe, params, slope, inside: { values: inside, queries: [qa, qb] } };
  }

  _compute() {
    const pe = this.pe;
    const key = [this.trainLength, this.dModel, this._heads, this._head, this._numBuckets, this._maxDistance, this.base, this.seed].join('|');
    if (key !== this._staticKey || !this._static) {
      this._static = this._computeStatic();
      this._staticKey = key;
    }
    const { far, probe, params, slope, inside } = this._static;
    const i = this._i;
    const D = this._D;
    const now = this.curves(i, D);
    // the same distances from a query SHIFT positions away (later, or earlier when later would leave the
    // learned table while the query itself is inside it): equal curves mean "relative"
    let i2 = i + SHIFT;
    if (i < this.trainLength && i2 >= this.trainLength && i >= SHIFT) i2 = i - SHIFT;
    const D2 = Math.min(D, i2);
    const other = this.curves(i2, D2);
    const relative = {};
    const relQueries = {};
    for (const m of METHODS) {
      const a = now[m].value;
      const b = other[m].value;
      relative[m] = a && b ? pe.compare(a.subarray(0, D2 + 1), b).euclidean : inside.values[m];
      relQueries[m] = a && b ? [i, i2] : inside.queries;
    }
    return { i, D, i2, now, relative, relQueries, far, probe, params, slope };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (changed.has('positions') && this.positions?.length) this.selectionChanged(this.positions, null);
    if (!this.pe) return;
    const t0 = performance.now();
    const ok = this.guard(() => {
      checkRanges(this);
      this._data = this._compute();
      return true;
    }, { main: true });
    if (!ok) this._data = null;
    this._computeMs = performance.now() - t0;
  }

  updated(changed) {
    const t0 = performance.now();
    this._draw();
    this._lastRender = { ms: (this._computeMs ?? 0) + performance.now() - t0, frames: 1 };
    if (this._data && (changed.has('query') || changed.has('distance') || changed.has('_ready'))) {
      this.dispatchEvent(new CustomEvent('posenc-change', { detail: this.result, bubbles: true, composed: true }));
    }
  }

  redraw() {
    this._draw();
  }

  /** The pair's score per method ({ value } or { error }), the live table values. */
  get result() {
    const d = this._data;
    if (!d) return null;
    const k = clampInt(this._k, 0, d.D);
    const scores = {};
    for (const m of METHODS) scores[m] = d.now[m].value ? { value: d.now[m].value[k] } : { error: errorText(d.now[m].error) };
    const relative = {};
    for (const m of METHODS) relative[m] = d.relative[m];
    const beyond = {};
    for (const m of METHODS) beyond[m] = d.far[m].value ? true : errorText(d.far[m].error);
    return { query: d.i, key: d.i - k, distance: k, scores, relative, beyond, parameters: { ...d.params } };
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _draw() {
    const d = this._data;
    const t = this.theme$();
    for (const m of METHODS) {
      const canvas = this.renderRoot?.querySelector(`canvas[data-method="${m}"]`);
      if (!canvas) continue;
      // the card's layout width: a rendered box would include the slide's scale (reveal.js) and draw too big
      const w = Math.max(150, canvas.parentElement.offsetWidth - 14);
      const h = this.compact ? 96 : 150;
      const ctx = clearCanvas(canvas, w, h, this.ratio);
      if (!d) continue;
      const marker = m === 't5' && this._maxDistance <= d.D ? this._maxDistance : null;
      const text = {
        axis: this.t('methods.axisDistance'),
        failed: this.t(m === 'learned' ? 'methods.failTable' : 'methods.failEngine', { row: this._int(this.trainLength - 1) }),
      };
      paintPanel(ctx, { w, h }, t, { method: m, color: CATEGORICAL[METHODS.indexOf(m)], curve: d.now[m].value, D: d.D, k: clampInt(this._k, 0, d.D), marker, text });
    }
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _setQuery(i) {
    this.query = clampInt(i, 0, 1 << 20);
    this.setSelection(this.getSelection(), { announce: false });
  }

  _pickKey(j) {
    const i = this._i;
    this.distance = clampInt(i - j, 0, this._D);
    this.setSelection(this.getSelection(), { announce: false });
  }

  _onChipKey(e, j) {
    const lo = this._i - this._D;
    let k = j;
    if (e.key === 'ArrowLeft') k = j - 1;
    else if (e.key === 'ArrowRight') k = j + 1;
    else if (e.key === 'Home') k = lo;
    else if (e.key === 'End') k = this._i;
    else return;
    e.preventDefault();
    k = clampInt(k, lo, this._i);
    this._pickKey(k);
    this.updateComplete.then(() => this.renderRoot.querySelector(`.chip[data-pos="${k}"]`)?.focus());
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** The CSV's numbers as float32 [distances, columns]: query, distance, key, then each method that has scores here. */
  toArray() {
    const table = csvTable(this.toCSV());
    return table && { ...table, data: Float32Array.from(table.data) };
  }

  toPyTorch() {
    const d = this._data;
    return d && methodsCode({ query: d.i, span: d.D, dModel: this.dModel, base: this.base, seed: this.seed, trainLength: this.trainLength, heads: this._heads, head: this._head, numBuckets: this._numBuckets, maxDistance: this._maxDistance });
  }

  toCSV() {
    const d = this._data;
    if (!d) return '';
    const lines = [csvRow(['query', 'distance', 'key', ...METHODS])];
    for (let k = 0; k <= d.D; k++) lines.push(csvRow([d.i, k, d.i - k, ...METHODS.map((m) => (d.now[m].value ? d.now[m].value[k] : errorText(d.now[m].error)))]));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const d = this._data;
    if (!d) return null;
    const t = this.theme$();
    const plots = METHODS.map((m) => ({ canvas: this.renderRoot.querySelector(`canvas[data-method="${m}"]`), caption: this.t('methods.plotCaption', { name: this._name(m) }) })).filter((p) => p.canvas);
    const rows = this._tableRows().map((r) => r.map((c) => String(c)));
    const table = tableCanvas(rows, { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border, font: '12px system-ui, sans-serif' });
    return this.picture([sideBySide(plots, { ratio: this.ratio, fg: t.fg, bg: t.bg }), table], this.t('methods.picture', { query: d.i, train: this.trainLength }));
  }

  _tableRows() {
    const d = this._data;
    // measured: does the panel's curve stay put when the query moves by SHIFT?
    const moved = (m) =>
      d.relative[m] == null ? '—' : this.t(d.relative[m] === 0 ? 'methods.sameCurve' : d.relative[m] < 1e-4 ? 'methods.sameRounding' : 'methods.otherCurve');
    return [
      ['', ...METHODS.map((m) => this._name(m))],
      [this.t('methods.row.parameters'), ...METHODS.map((m) => (d.params[m] == null ? '—' : this._int(d.params[m])))],
      [this.t('methods.row.where'), ...METHODS.map((m) => this.t(INFO[m].where))],
      [this.t('methods.row.kind'), ...METHODS.map((m) => this.t(INFO[m].kind))],
      [this.t('methods.row.moves'), ...METHODS.map(moved)],
      [this.t('methods.row.beyond', { query: this._int(d.probe) }), ...METHODS.map((m) => this.t(d.far[m].value ? 'methods.defined' : 'methods.fails'))],
      // a defined score is not a working model: what trained models were found to do past their length
      [this.t('methods.row.known'), ...METHODS.map((m) => this.t(`methods.known.${m}`))],
      [this.t('methods.row.models'), ...METHODS.map((m) => (INFO[m].modelsKey ? this.t(INFO[m].modelsKey) : INFO[m].models))],
    ];
  }

  // ---- template ----------------------------------------------------------------------------------------------

  _panel(m) {
    const d = this._data;
    const c = d?.now[m];
    const k = d ? clampInt(this._k, 0, d.D) : 0;
    const info = INFO[m];
    const name = this._name(m);
    const formula = html`<span dir="ltr">${info.formula}</span>`;
    const note =
      m === 'alibi' && d?.slope != null
        ? this.t('methods.headSlopeNote', { head: this._head, slope: Number(d.slope.toPrecision(4)) })
        : m === 't5'
          ? this.t('methods.headNote', { head: this._head })
          : '';
    return html`<div class="panel" data-method=${m}>
      <h4><span class=${`dot c${METHODS.indexOf(m) % CATEGORICAL.length}`}></span>${name}</h4>
      <p class="what">${info.what ? this.tHtml(info.what, { formula }) : formula}${note}</p>
      <canvas
        data-method=${m}
        role="img"
        aria-label=${c?.value
          ? this.t('methods.panelAria', { name, last: d.D, query: d.i })
          : this.t('methods.panelAriaFailed', { name, query: d?.i ?? this._i })}
      ></canvas>
      ${c
        ? c.value
          ? html`<p class="val"><span dir="ltr">d = ${k}</span>: <span data-role="score" data-value=${plain(c.value[k])}>${formatNumber(this.locale, c.value[k], 4)}</span></p>`
          : html`<p class="fail" data-role="error" dir="ltr">${errorText(c.error)}</p>`
        : nothing}
    </div>`;
  }

  render() {
    const d = this._data;
    const title = this.label || this.t('methods.title');
    const i = this._i;
    const D = this._D;
    const k = this._k;
    const j = i - k;
    const past = i >= this.trainLength;
    const first = Math.max(0, i - Math.min(D, 11));
    const chips = [];
    for (let p = first; p <= i; p++) chips.push(p);
    const rows = d ? this._tableRows() : [];
    const T = this.trainLength;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <label class="slider"
          >${this.t('methods.queryPosition')}
          <input
            type="range"
            min="0"
            max=${this._maxQuery}
            .value=${String(i)}
            aria-valuetext=${this.t(past ? 'methods.valuetextPast' : 'methods.valuetext', { position: i })}
            @input=${(e) => this._setQuery(Number(e.target.value))}
          /><output>${formatNumber(this.locale, i)}</output></label
        >
        <button type="button" @click=${() => this._setQuery(T - 1)}>${this.t('methods.lastTrained', { position: T - 1 })}</button>
        <button type="button" @click=${() => this._setQuery(T)}>${this.t('methods.firstUnseen', { position: T })}</button>
        <button type="button" @click=${() => this._setQuery(2 * T)}>${this.t('methods.doubleTraining', { position: 2 * T })}</button>
      </div>
      <p class="train ${past ? 'bad' : 'muted'}" role="status" aria-live="polite" data-role="train-status">
        ${past ? this.t('methods.statusPast', { query: i, train: T }) : this.t('methods.statusInside', { query: i, train: T, last: T - 1 })}
      </p>
      <ul class="strip" role="listbox" aria-label=${this.t('methods.strip')}>
        ${chips.map((p) => {
          const role = p === i ? 'query' : p === j ? 'key' : '';
          return html`<li role="none">
            <button
              type="button"
              class=${['chip', p >= this.trainLength ? 'past' : ''].join(' ')}
              role="option"
              data-pos=${p}
              data-role=${role}
              aria-selected=${p === j ? 'true' : 'false'}
              tabindex=${p === j ? '0' : '-1'}
              @click=${() => this._pickKey(p)}
              @keydown=${(e) => this._onChipKey(e, p)}
            >
              <span class="tok">${this.tokenAt(p)}</span><span class="sr-only">${this.t('methods.chipAt')}</span><span class="idx">${p}</span>${role
                ? html`<span class="sr-only">${this.t(role === 'query' ? 'methods.chipQuery' : 'methods.chipKey')}</span>`
                : nothing}
            </button>
          </li>`;
        })}
      </ul>
      <p class="readout" role="status" aria-live="polite" aria-atomic="true" data-role="pair">
        ${d
          ? this.tHtml('methods.pair', {
              query: html`<bdi>${this.tokenAt(i)}</bdi>`,
              i,
              key: html`<bdi>${this.tokenAt(j)}</bdi>`,
              j,
              distance: k,
              scores: METHODS.map((m) => `${this._name(m)} ${d.now[m].value ? formatNumber(this.locale, d.now[m].value[k], 3) : '—'}`).join(' · '),
            })
          : this._ready
            ? ''
            : this.t('common.loading')}
      </p>
      <div class="panels">${METHODS.map((m) => this._panel(m))}</div>
      <p class="note lesson">${this.t('methods.lessonPanels', { query: i, distance: D, train: T })}</p>
      ${d
        ? html`<div class="scroll">
            <table class="grid compare" aria-label=${this.t('methods.tableAria')}>
              <thead>
                <tr>
                  ${rows[0].map((c, n) => (n === 0 ? html`<th scope="col"><span class="sr-only">${this.t('methods.property')}</span></th>` : html`<th scope="col">${c}</th>`))}
                </tr>
              </thead>
              <tbody>
                ${rows.slice(1).map(
                  (r, ri) => html`<tr data-row=${ROW_NAMES[ri]} class=${LESSON_ROWS.has(ROW_NAMES[ri]) ? 'lesson' : nothing}>
                    <th scope="row">${r[0]}</th>
                    ${r.slice(1).map((c, ci) => {
                      const m = METHODS[ci];
                      const name = this._name(m);
                      if (ri === 3 && d.relative[m] != null)
                        return html`<td data-method=${m} data-name=${name} data-value=${plain(d.relative[m])}>
                          ${c}<span class="lesson"><br /><span class="muted">${this.t('methods.curvesAt', {
                            a: d.relQueries[m][0],
                            b: d.relQueries[m][1],
                            distance: d.relative[m] === 0 ? 0 : Number(d.relative[m].toPrecision(2)),
                          })}</span></span>
                        </td>`;
                      if (ri === 4)
                        return html`<td data-method=${m} data-name=${name}>
                          ${d.far[m].value ? html`<span class="ok">✓ ${c}</span>` : html`<span class="bad">✗ ${c}</span>`}
                        </td>`;
                      if (ri === 0) return html`<td class="num" data-method=${m} data-name=${name} data-value=${d.params[m] ?? ''}>${c}</td>`;
                      return html`<td data-method=${m} data-name=${name}>${c}</td>`;
                    })}
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
        : nothing}
      <p class="note lesson">
        ${this.tHtml('methods.lessonTable', {
          train: T,
          dModel: this.dModel,
          t5: this.t('methods.t5Size', { buckets: this._numBuckets, count: this._heads }),
          shift: SHIFT,
          compare: html`<code dir="ltr">pe.compare</code>`,
        })}
      </p>
    `;
  }
}

customElements.get('posenc-methods') || customElements.define('posenc-methods', PosencMethods);
