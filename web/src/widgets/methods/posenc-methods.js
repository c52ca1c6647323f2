// <posenc-methods>: one token sequence, five ways of telling the model where each token is. For a query at
// position i and keys at i − d, each method's positional contribution to the attention logit, computed by
// the engine: sinusoidal PE(i)·PE(j) and learned P(i)·P(j) (pe.sinusoidal / pe.learned + pe.similarity),
// T5's bias of the bucket (pe.t5.buckets + a seeded per-head table looked up by pe.learned), RoPE's q·k of
// a fixed query and key content rotated to i and j (pe.rope.apply + pe.similarity), ALiBi's −slope·d
// (pe.alibi.bias). Past the training length the learned table has no rows: the engine's error is shown.
// The comparison table's live cells (parameters, whether a curve moves with the query, beyond the training
// length) are measured on the same engine output (model.js; the markup in view.js). `method` marks one
// method's panel and column, shared with the widgets of its `group` (<posenc-train>'s method).

import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, pickedChipStyles, replaced, elementProperties } from '../base.js';
import { clearCanvas } from '../../render/canvas.js';
import { int } from '../../render/format.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { CATEGORICAL } from '../../render/color.js';
import { csvRow, csvTable, sideBySide, tableCanvas } from '../../render/export.js';
import { methodsCode } from '../pytorch.js';
import { methodsStyles } from './styles.js';
import { paintPanel } from './painters.js';
import { METHODS, methodCurves, methodsStatic, methodsAt, methodShown, tableRows } from './model.js';
import { methodsView } from './view.js';
import { errorText, contentVectors, clampInt, methodStyles } from '../methods-shared.js';
import { properties, tag } from './descriptor.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export { METHODS };

const MAX_HEADS = 64;
/** T5 here is bidirectional: half the buckets each way, and at least 2 exact ones in each half. */
const MIN_BUCKETS = 4;
const MAX_BUCKETS = 65536;

export class PosencMethods extends PosencElement {
  static properties = elementProperties(properties);

  static groupShared = ['method'];

  static styles = [baseStyles, pickedChipStyles(".chip[data-role='query']", ".chip[data-role='key']"), methodStyles, methodsStyles];

  constructor() {
    super();
    this._data = null;
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

  /** The method marked: `method` when it is one of the panels, else null. */
  get currentMethod() {
    return METHODS.includes(this.method) ? this.method : null;
  }

  /** The reader made `m` the current method (the group follows). */
  pickMethod(m) {
    this.method = m;
  }

  constrainShared(name, value) {
    return name === 'method' ? methodShown(value) : value;
  }

  /** The settings as used, for model.js. */
  get _settings() {
    const { trainLength, dModel, base, seed, window } = this;
    return { trainLength, dModel, base, seed, window, heads: this._heads, head: this._head, numBuckets: this._numBuckets, maxDistance: this._maxDistance, content: this._content };
  }

  /** Scores against distance 0…D for a query at position i, one entry per method ({ value } or { error }). */
  curves(i, D) {
    return methodCurves(this.pe, this._settings, i, D);
  }

  _compute() {
    const pe = this.pe;
    const { dModel, seed } = this;
    this._content = this.cached('content', [dModel, seed], () => contentVectors(pe, { count: 2, dim: dModel, seed }));
    const s = this._settings;
    const at = this.cached('static', [s.trainLength, dModel, s.heads, s.head, s.numBuckets, s.maxDistance, s.base, seed, s.window], () => methodsStatic(pe, s));
    return methodsAt(pe, s, this._i, this._D, at);
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
    this.timed(() => this._draw(), { extraMs: this._computeMs ?? 0 });
    if (this._data && (changed.has('query') || changed.has('distance') || changed.has('method') || changed.has('_ready'))) this.announce(this.result);
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
    return { query: d.i, key: d.i - k, distance: k, method: this.currentMethod, scores, relative, beyond, parameters: { ...d.params } };
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
    const rows = tableRows(this, d).map((r) => r.map((c) => String(c)));
    const table = tableCanvas(rows, { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border, font: '12px system-ui, sans-serif' });
    return this.picture([sideBySide(plots, { ratio: this.ratio, fg: t.fg, bg: t.bg }), table], this.t('methods.picture', { query: d.i, train: this.trainLength }));
  }

  render() {
    return methodsView(this);
  }
}

customElements.get(tag) || customElements.define(tag, PosencMethods);
