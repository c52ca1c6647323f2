// <posenc-rope>: rotary position embedding. A query at position m and a key at position n are rotated by
// the engine (pe.rope.apply); one channel pair is drawn as 2-D vectors, the score q·k comes from
// pe.compare, and the readout shows the same score at the same gap from the start (the invariance).
// The channel pairing of the two conventions is read off the engine (rotating unit vectors), and the
// long-range decay is RoFormer's upper bound on |q·k| (section 3.4.3), assembled from engine dot products.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, TapController, forInput } from '../base.js';
import { numberAttr, intList } from '../../state/attributes.js';
import { clearCanvas, pointerIn } from '../../render/canvas.js';
import { plain } from '../../render/format.js';
import { formatNumber, formatSci } from '../../i18n/index.js';
import { csvRow } from '../../render/export.js';
import { tile, clampInt, methodStyles, numberInput, timed, announceChange } from '../methods-shared.js';
import { ropeStyles } from './styles.js';
import { ropeStatic, boundMeans, qkCurve } from './model.js';
import { paintCircle, circleGeometry, pairingGeometry, paintPairing, decayGeometry, paintDecay } from './painters.js';
import { ropeScoresCode } from '../pytorch.js';

const MAX_HEAD_DIM = 1024;
const MAX_SPAN = 4096;
// query and key positions (the engine takes up to 2^53 − 1: the sliders stop far below)
const MAX_POSITION = { min: 0, max: 1 << 30, engine: 'RopeApplyOptions.offset' };
const TRAIL = 40;
const HISTORY = 8;
const COMPACT_HISTORY = 4; // rows of the history table on a slide

export class PosencRope extends PosencElement {
  static properties = {
    // the arrow a pointer or tap reads on the circle ('q' or 'k'), and the channel one reads on the pairing strip
    _circleRead: { state: true },
    _readChannel: { state: true },
    headDim: { type: Number, reflect: true, attribute: 'head-dim', converter: numberAttr(64), range: { min: 2, max: MAX_HEAD_DIM, even: true, engine: 'RopeOptions.headDim' } },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    convention: { type: String, reflect: true, values: ['half', 'interleaved'] },
    m: { type: Number, reflect: true, converter: numberAttr(5), range: MAX_POSITION },
    n: { type: Number, reflect: true, converter: numberAttr(2), range: MAX_POSITION },
    pair: { type: Number, reflect: true, converter: numberAttr(0) },
    seed: { type: Number, reflect: true, converter: numberAttr(0) },
    span: { type: Number, reflect: true, converter: numberAttr(256), range: { min: 4, max: MAX_SPAN } },
    positions: { type: Array, attribute: false, converter: intList },
    _history: { state: true },
  };

  static styles = [baseStyles, methodStyles, ropeStyles];

  // a tap on the pairing strip reads a channel's pair; a second tap, or the Select button, selects that pair
  _tap = new TapController(this, () => this._pickChannel(this._readChannel));

  constructor() {
    super();
    this.headDim = 64;
    this.base = 10000;
    this.convention = 'half';
    this.m = 5;
    this.n = 2;
    this.pair = 0;
    this.seed = 0;
    this.span = 256;
    this.positions = [];
    this.label = '';
    this._history = [];
    this._static = null; // per (headDim, base, convention, seed): q, k, invFreq, pairing
    this._decay = null; // per (headDim, base, convention, seed, span): the q·k curve
    this._bound = null; // per (headDim, base, span): (2/d)·Σ_j |S_j| against distance, computed after the first paint
    this._boundPending = null;
    this._state = null; // per (m, n, pair): rotated vectors and scores
    this._lastRender = { ms: 0, frames: 0 };
    this._staticKey = '';
    this._decayKey = '';
  }

  // ---- parameters ----------------------------------------------------------------------------------------

  get _d() {
    return this.headDim;
  }

  get _conv() {
    return this.choice('convention');
  }

  get _ropeOptions() {
    return { headDim: this.headDim, base: this.base, convention: this._conv };
  }

  get lastRender() {
    return { ...this._lastRender };
  }

  /** Pairs of a valid head-dim (0 otherwise: its error is shown instead). */
  get _pairCount() {
    const d = this.headDim;
    return Number.isInteger(d) && d >= 2 && d <= MAX_HEAD_DIM && d % 2 === 0 ? d / 2 : 0;
  }

  /** The pair drawn: the attribute brought into 0 … pairs − 1. */
  get _pair() {
    const n = this._static?.pairs.length || this._pairCount;
    return clampInt(this.pair, 0, Math.max(0, n - 1));
  }

  get adjustments() {
    const n = this._pairCount;
    return [...super.adjustments, ...(n ? replaced('pair', this.pair, this._pair, this.t('rope.pairRange', { last: n - 1 }), this.t.bind(this)) : [])];
  }

  getSelection() {
    return [this.m, this.n].filter((v, i, a) => Number.isInteger(v) && v >= 0 && a.indexOf(v) === i);
  }

  selectionChanged(list, source) {
    if (source === this || !list?.length) return;
    // the group's pair [a, b]: the query sits at a, the key at b (one position: both there)
    this.m = list[0];
    this.n = list.length > 1 ? list[1] : list[0];
  }

  engineReady() {
    this.requestUpdate();
  }

  // ---- engine work ---------------------------------------------------------------------------------------

  /**
   * RoFormer's bound on |q·k| against distance, for the current q and k: max_i |h_{i+1} − h_i| · Σ_j |S_j|
   * (the engine's mean of |S_j| times d/2). null until the partial sums are computed, or without a factor.
   */
  _boundCurve() {
    const st = this._static;
    const mean = this._bound?.values;
    if (!st || !mean || st.step == null) return null;
    const key = `${this._staticKey}|${this._bound.key}`;
    if (this._boundCurveCache?.key !== key) {
      const scale = st.step * st.pairs.length;
      this._boundCurveCache = { key, values: Float64Array.from(mean, (v) => v * scale) };
    }
    return this._boundCurveCache.values;
  }

  /** Resolves when everything, including the decay bound (computed after the first paint), is drawn. */
  get renderComplete() {
    return this.updateComplete.then(() => this._boundPending ?? undefined).then(() => this.updateComplete);
  }

  _scheduleBound(key) {
    const job = (this._boundJob = (this._boundJob ?? 0) + 1);
    this._boundPending = new Promise((resolve) => {
      setTimeout(() => {
        if (job === this._boundJob && this.pe) {
          this.guard(() => {
            this._bound = { key, values: boundMeans(this.pe, { headDim: this._d, base: this.base, span: this.span }) };
          });
          this.requestUpdate();
        }
        resolve();
      }, 0);
    });
  }

  _rotate(v, pos) {
    return this.pe.rope.apply(v, { ...this._ropeOptions, seqLen: 1, heads: 1, offset: pos });
  }

  _computeState(st) {
    const pe = this.pe;
    const d = this._d;
    const { m, n } = this;
    const qm = this._rotate(st.q, m);
    const kn = this._rotate(st.k, n);
    const score = pe.compare(qm, kn).dot;
    const gap = m - n;
    const ref = gap >= 0 ? { m: gap, n: 0 } : { m: 0, n: -gap };
    const refScore = pe.compare(this._rotate(st.q, ref.m), this._rotate(st.k, ref.n)).dot;
    const difference = pe.compare([score], [refScore]).euclidean;
    const pairIndex = this._pair;
    const [a, b] = st.pairs[pairIndex] ?? [0, 1];
    const qPair = [qm[a], qm[b]];
    const kPair = [kn[a], kn[b]];
    const pairScore = pe.compare(qPair, kPair).dot;
    const trail = (v, pos) => {
      const count = Math.min(TRAIL, pos + 1);
      const start = pos + 1 - count;
      const t = pe.rope.apply(tile(v, count), { ...this._ropeOptions, seqLen: count, heads: 1, offset: start });
      const pts = [];
      for (let r = 0; r < count; r++) pts.push([t[r * d + a], t[r * d + b]]);
      return pts;
    };
    return {
      m,
      n,
      score,
      reference: { ...ref, score: refScore },
      difference,
      pair: pairIndex,
      channels: [a, b],
      invFreq: st.invFreq[pairIndex],
      q0: [st.q[a], st.q[b]],
      k0: [st.k[a], st.k[b]],
      qPair,
      kPair,
      pairScore,
      qTrail: trail(st.q, m),
      kTrail: trail(st.k, n),
      qNorm: pe.compare(qm, qm).dot,
      q0Norm: pe.compare(st.q, st.q).dot,
    };
  }

  /** Current numbers (for scripts and tests): scores, the reference at the same gap, the pair. */
  get result() {
    const s = this._state;
    if (!s) return null;
    return {
      m: s.m,
      n: s.n,
      score: s.score,
      reference: { ...s.reference },
      difference: s.difference,
      pair: s.pair,
      channels: [...s.channels],
      invFreq: s.invFreq,
      pairScore: s.pairScore,
      pairs: this._static.pairs.map((p) => [...p]),
    };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    const ok = this.guard(() => {
      checkRanges(this);
      const sk = [this.headDim, this.base, this._conv, this.seed].join('|');
      if (sk !== this._staticKey || !this._static) {
        this._static = ropeStatic(this.pe, { ...this._ropeOptions, seed: this.seed });
        this._staticKey = sk;
        this._decay = null;
      }
      const dk = `${sk}|${this.span}`;
      if (dk !== this._decayKey || !this._decay) {
        this._decay = qkCurve(this.pe, this._static, { ...this._ropeOptions, span: this.span });
        this._decayKey = dk;
      }
      const bk = [this.headDim, this.base, this.span].join('|');
      if (this._bound?.key !== bk && this._boundWanted !== bk) {
        this._boundWanted = bk;
        this._bound = null;
        this._scheduleBound(bk);
      }
      const prev = this._state;
      this._state = this._computeState(this._static);
      if (!prev || prev.m !== this.m || prev.n !== this.n || changed.has('headDim') || changed.has('base') || changed.has('convention') || changed.has('seed')) {
        const entry = { m: this.m, n: this.n, gap: this.m - this.n, score: this._state.score };
        const sameSetup = prev && !changed.has('headDim') && !changed.has('base') && !changed.has('convention') && !changed.has('seed');
        this._history = [entry, ...(sameSetup ? this._history : [])].slice(0, HISTORY);
      }
      return true;
    }, { main: true });
    if (!ok) this._state = null;
  }

  updated(changed) {
    timed(this, () => this._draw());
    if (this._state && (changed.has('m') || changed.has('n') || changed.has('_ready') || changed.has('pair'))) {
      announceChange(this, { m: this._state.m, n: this._state.n, score: this._state.score, pair: this._state.pair });
    }
  }

  redraw() {
    this._draw();
  }

  /** Width for the plots of one pane: its column in the compact layout, the frame otherwise. */
  _paneWidth(selector) {
    return this.widthIn(this.renderRoot?.querySelector(selector));
  }

  // ---- drawing ---------------------------------------------------------------------------------------------

  _draw() {
    this._drawCircle();
    this._drawPairing();
    this._drawDecay();
  }

  _drawCircle() {
    const canvas = this.renderRoot?.querySelector('canvas.circle');
    if (!canvas) return;
    const size = this.compact ? Math.max(200, Math.min(300, this._paneWidth('.pairing-pane'))) : Math.max(220, Math.min(340, this.contentWidth));
    const ctx = clearCanvas(canvas, size, size, this.ratio);
    this._circleSize = size;
    if (this._state) paintCircle(ctx, size, this._state, this.theme$(), this._focusCircle, this._tr);
  }

  /** The widget's translator, for the painters (they take no element). */
  get _tr() {
    return (this._trFn ??= (key, params) => this.t(key, params));
  }

  _pairingGeometry() {
    return pairingGeometry(this._paneWidth('.pairing-pane'), this._d);
  }

  _drawPairing() {
    const canvas = this.renderRoot?.querySelector('canvas.pairing');
    if (!canvas) return;
    const g = this._pairingGeometry();
    const ctx = clearCanvas(canvas, g.w, g.h, this.ratio);
    if (this._static && this._state) paintPairing(ctx, g, this._static, this._state.pair, this.theme$(), this._tr);
  }

  _drawDecay() {
    const canvas = this.renderRoot?.querySelector('canvas.decay');
    if (!canvas) return;
    const t = this.theme$();
    const measure = (this._measureCtx ??= document.createElement('canvas').getContext('2d'));
    const g = decayGeometry(measure, t, this._paneWidth('.decay-pane'), this.compact, this._tr);
    const ctx = clearCanvas(canvas, g.w, g.h, this.ratio);
    const dc = this._decay;
    if (!dc || !this._state) return;
    const bound = this._boundCurve();
    const pending = bound ? '' : this.t(this._static?.step == null && this._bound ? 'rope.noBound' : 'rope.computing');
    paintDecay(ctx, g, t, { decay: dc, bound, gap: this._state.m - this._state.n, pending }, this._tr);
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _set(m, n) {
    const max = 1 << 30;
    this.m = clampInt(m, 0, max);
    this.n = clampInt(n, 0, max);
    this.setSelection([this.m, this.n], { announce: false });
  }

  _shiftBoth(delta) {
    const lo = Math.min(this.m, this.n);
    const step = delta < 0 ? Math.max(delta, -lo) : delta;
    this._set(this.m + step, this.n + step);
  }

  _onCircleKey(e) {
    const big = e.shiftKey ? 10 : 1;
    switch (e.key) {
      case 'ArrowRight':
        this._shiftBoth(big);
        break;
      case 'ArrowLeft':
        this._shiftBoth(-big);
        break;
      case 'PageUp':
        this._shiftBoth(10);
        break;
      case 'PageDown':
        this._shiftBoth(-10);
        break;
      case 'ArrowUp':
        this.pair = clampInt(this._pair + 1, 0, (this._static?.pairs.length ?? 1) - 1);
        break;
      case 'ArrowDown':
        this.pair = clampInt(this._pair - 1, 0, (this._static?.pairs.length ?? 1) - 1);
        break;
      case 'Home':
        this._set(this.m - Math.min(this.m, this.n), this.n - Math.min(this.m, this.n));
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  /** The arrow (q or k) nearest the pointer on the circle: it is read out under the picture. */
  _onCirclePointer(e) {
    const s = this._state;
    if (!s || !this._circleSize) return;
    const { P } = circleGeometry(this._circleSize, s);
    const pt = pointerIn(e);
    const dist = (v) => Math.hypot(P(v)[0] - pt.x, P(v)[1] - pt.y);
    this._circleRead = dist(s.qPair) <= dist(s.kPair) ? 'q' : 'k';
    this._readChannel = null;
  }

  /**
   * The line under the circle: what a pointer or tap read last (an arrow of the circle, or a channel of the
   * pairing strip), or how to read them. Only hints: a lesson note (the compact layout keeps it behind Notes).
   */
  _renderRead(s) {
    const text = (this._readChannel != null && this._channelReadout()) || (this._circleRead && this._circleReadout(s));
    return html`<p class=${text ? 'readout' : 'note lesson'} data-role="read" role="status" aria-live="polite">
      ${text || this.sentences(forInput(this.t('rope.circleHint'), this.t('rope.circleHintTouch')), forInput(this.t('rope.pairingHint'), this.t('rope.pairingHintTouch')))}
    </p>`;
  }

  _circleReadout(s) {
    if (!s) return '';
    const q = this._circleRead === 'q';
    const v = q ? s.qPair : s.kPair;
    return this.t('rope.circleRead', { name: q ? this.t('rope.qAt', { m: s.m }) : this.t('rope.kAt', { n: s.n }), a: s.channels[0], b: s.channels[1], x: this._num(v[0], 4), y: this._num(v[1], 4) });
  }

  _onPairingClick(e) {
    const st = this._static;
    if (!st) return;
    const g = this._pairingGeometry();
    const pt = pointerIn(e);
    const j = Math.floor((pt.x - g.left) / g.cell);
    if (!(j >= 0 && j < this._d && st.pairOf[j] >= 0)) return;
    if (this._tap.selects(e, String(j))) this._pickChannel(j);
    else [this._readChannel, this._circleRead] = [j, null];
  }

  /** Selects the pair of channel `j`. */
  _pickChannel(j) {
    this._readChannel = null;
    const st = this._static;
    if (st && j != null && st.pairOf[j] >= 0) this.pair = st.pairOf[j];
  }

  _channelReadout() {
    const st = this._static;
    const j = this._readChannel;
    if (!st || j == null || !(st.pairOf[j] >= 0)) return '';
    const [a, b] = st.pairs[st.pairOf[j]];
    return this.t('rope.channelRead', { channel: j, other: a === j ? b : a, pair: st.pairOf[j] });
  }

  _onPairingKey(e) {
    this._tap.clear();
    this._readChannel = null;
    const last = (this._static?.pairs.length ?? 1) - 1;
    let p = this._pair;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') p++;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') p--;
    else if (e.key === 'Home') p = 0;
    else if (e.key === 'End') p = last;
    else return;
    e.preventDefault();
    this.pair = clampInt(p, 0, last);
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** The q·k curve, float32 [2 · span + 1] for m − n = −span … span. */
  toArray() {
    const dc = this._decay;
    return dc ? { data: Float32Array.from(dc.qk), shape: [dc.qk.length] } : null;
  }

  toPyTorch() {
    const st = this._static;
    return st && this._decay ? ropeScoresCode({ q: st.q, k: st.k, headDim: this.headDim, base: this.base, convention: this._conv, span: this.span }) : '';
  }

  toCSV() {
    const dc = this._decay;
    const s = this._state;
    if (!dc || !s) return '';
    const lines = [
      csvRow(['head_dim', 'base', 'convention', 'm', 'n', 'q_dot_k', 'reference_m', 'reference_n', 'reference_q_dot_k', 'max_step_h']),
      csvRow([this.headDim, this.base, this._conv, s.m, s.n, s.score, s.reference.m, s.reference.n, s.reference.score, this._static.step ?? '']),
      '',
      // upper_bound ≥ |q_dot_k| (RoFormer 3.4.3); mean_abs_partial_sum is its shape, (2/d)·Σ_j |S_j|
      csvRow(['relative_position', 'upper_bound', 'q_dot_k', 'mean_abs_partial_sum']),
    ];
    const bound = this._boundCurve();
    for (let i = 0; i < dc.x.length; i++) lines.push(csvRow([dc.x[i], bound?.[i] ?? '', dc.qk[i], this._bound?.values[i] ?? '']));
    lines.push('', csvRow(['pair', 'channel_a', 'channel_b', 'inv_freq']));
    this._static.pairs.forEach(([a, b], i) => lines.push(csvRow([i, a, b, this._static.invFreq[i]])));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const parts = ['canvas.circle', 'canvas.pairing', 'canvas.decay'].map((s) => this.renderRoot.querySelector(s)).filter(Boolean);
    if (!parts.length || !this._state) return null;
    const s = this._state;
    return this.picture(parts, this.t('rope.picture', { convention: this._convName, headDim: this.headDim, base: this.base, m: s.m, n: s.n, score: formatNumber(this.locale, s.score, 4) }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  /** The convention drawn, in the reader's words (the attribute keeps 'half' and 'interleaved'). */
  get _convName() {
    return this.t(this._conv === 'half' ? 'rope.half' : 'rope.interleaved');
  }

  /** A number for the reader (locale form) with `digits` decimals. */
  _num(v, digits) {
    return formatNumber(this.locale, v, digits);
  }

  /** The bound and |q·k| at the cursor's distance, once the bound is computed (and the gap is plotted). */
  _renderBoundReadout(s, gap) {
    const bound = this._boundCurve();
    const dc = this._decay;
    if (!s || !bound || !dc || Math.abs(gap) > dc.R) return nothing;
    const b = bound[gap + dc.R];
    return html`<p class="readout" data-role="bound">
      ${this.tHtml('rope.boundReadout', {
        gap,
        bound: html`<span class="num" data-value=${plain(b)}>${this._num(b, 2)}</span>`,
        qk: html`<span class="num">${this._num(Math.abs(dc.qk[gap + dc.R]), 4)}</span>`,
      })}
    </p>`;
  }

  /** RoFormer's bound, explained: the formula parts stay left to right in every language. */
  _renderDecayNote(st) {
    const ltr = (content) => html`<span dir="ltr">${content}</span>`;
    return html`<p class="note lesson">
      ${this.sentences(
        this.tHtml('rope.decayFormula', {
          sum: ltr(html`Σ<sub>i</sub> h<sub>i</sub> e<sup>i(m−n)θ<sub>i</sub></sup>`),
          h: ltr(html`h<sub>i</sub> = q<sub>i</sub>k̄<sub>i</sub>`),
          bound: ltr(html`|q·k| ≤ max<sub>i</sub>|h<sub>i+1</sub> − h<sub>i</sub>| · Σ<sub>j</sub>|S<sub>j</sub>|`),
          partial: ltr(html`S<sub>j</sub> = Σ<sub>i&lt;j</sub> e<sup>i(m−n)θ<sub>i</sub></sup>`),
          last: ltr(html`h<sub>d/2</sub> = 0`),
        }),
        this.tHtml('rope.decayFactors', {
          step: st?.step != null ? this.tHtml('rope.stepHere', { step: html`<span class="num" data-role="step">${this._num(st.step, 4)}</span>` }) : '',
        }),
        this.t('rope.decayCaps'),
        this.tHtml('rope.decayEngine', {
          apply: html`<code dir="ltr">pe.rope.apply</code>`,
          count: st?.pairs.length ?? 0,
          theta: ltr(html`θ<sub>i</sub> = base<sup>−2i/d</sup>`),
          invFreq: html`<code dir="ltr">pe.rope.invFreq</code>`,
        }),
      )}
    </p>`;
  }

  render() {
    const s = this._state;
    const st = this._static;
    const title = this.label || this.t('rope.title');
    const sliderMax = Math.max(this.span, this.m, this.n);
    const gap = s ? s.m - s.n : 0;
    const conv = this._conv;
    const kbd = (key) => html`<kbd>${key}</kbd>`;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <span class="seg" role="group" aria-label=${this.t('rope.conventionGroup')}>
          <button type="button" aria-pressed=${conv === 'half'} @click=${() => (this.convention = 'half')}>${this.t('rope.half')} <span dir="ltr">(rotate_half)</span></button>
          <button type="button" aria-pressed=${conv === 'interleaved'} @click=${() => (this.convention = 'interleaved')}>${this.t('rope.interleaved')}</button>
        </span>
        ${numberInput(this, this.t('rope.headDim'), 'headDim', { min: 2, max: MAX_HEAD_DIM, step: 2 })} ${numberInput(this, this.t('rope.base'), 'base', { min: 1, step: 1 })}
        <label
          >${this.t('rope.pair')}
          <input
            type="number"
            min="0"
            max=${st ? st.pairs.length - 1 : 0}
            .value=${String(s?.pair ?? this.pair)}
            @change=${(e) => (this.pair = Number(e.target.value))}
        /></label>
      </div>
      <div class="split">
      <div class="row">
        <canvas
          class="plot circle"
          tabindex="0"
          role="img"
          aria-label=${s ? this.t('rope.circleAria', { pair: s.pair, a: s.channels[0], b: s.channels[1], m: s.m, n: s.n }) : this.t('rope.circleShort')}
          aria-describedby="score"
          @keydown=${this._onCircleKey}
          @pointermove=${this._onCirclePointer}
          @pointerdown=${this._onCirclePointer}
          @focus=${() => ((this._focusCircle = true), this._drawCircle())}
          @blur=${() => ((this._focusCircle = false), this._drawCircle())}
        ></canvas>
        <div class="side">
          <div class="controls">
            <label class="slider"
              ><span class="swatch-a">${this.t('rope.queryM')}</span>
              <input
                type="range"
                min="0"
                max=${sliderMax}
                .value=${String(this.m)}
                aria-label=${this.t('rope.queryAria')}
                @input=${(e) => this._set(Number(e.target.value), this.n)}
              /><output>${this.m}</output></label
            >
          </div>
          <div class="controls">
            <label class="slider"
              ><span class="swatch-b">${this.t('rope.keyN')}</span>
              <input
                type="range"
                min="0"
                max=${sliderMax}
                .value=${String(this.n)}
                aria-label=${this.t('rope.keyAria')}
                @input=${(e) => this._set(this.m, Number(e.target.value))}
              /><output>${this.n}</output></label
            >
          </div>
          <div class="controls">
            <button type="button" @click=${() => this._shiftBoth(-1)}>${this.t('rope.both', { step: '− 1' })}<span class="sr-only">${this.t('rope.backOne')}</span></button>
            <button type="button" @click=${() => this._shiftBoth(1)}>${this.t('rope.both', { step: '+ 1' })}<span class="sr-only">${this.t('rope.forwardOne')}</span></button>
            <button type="button" @click=${() => this._shiftBoth(10)}>${this.t('rope.both', { step: '+ 10' })}<span class="sr-only">${this.t('rope.forwardTen')}</span></button>
          </div>
          <p id="score" class="readout" role="status" aria-live="polite" aria-atomic="true">
            ${s
              ? this.tHtml('rope.scoreReadout', { m: s.m, n: s.n, score: html`<span class="big" data-role="score" data-value=${plain(s.score)}>${this._num(s.score, 4)}</span>` })
              : this._ready
                ? ''
                : this.t('common.loading')}
          </p>
          ${s
            ? html`<p class="proof" data-role="proof">
                  ${this.tHtml('rope.proof', {
                    gap,
                    m: s.reference.m,
                    n: s.reference.n,
                    reference: html`<span class="num" data-role="reference" data-value=${plain(s.reference.score)}>${this._num(s.reference.score, 4)}</span>`,
                    verdict: s.difference === 0 ? html`<span class="ok">${this.t('rope.identical')}</span>` : this.t('rope.difference', { difference: formatSci(this.locale, s.difference, 2) }),
                  })}
                </p>
                <p class="note lesson">
                  ${this.tHtml('rope.pairNote', {
                    pair: s.pair,
                    a: s.channels[0],
                    b: s.channels[1],
                    theta: formatSci(this.locale, s.invFreq, 4),
                    share: html`<span class="num">${this._num(s.pairScore, 4)}</span>`,
                    q0: this._num(s.q0Norm, 4),
                    qm: this._num(s.qNorm, 4),
                    m: s.m,
                  })}
                </p>`
            : nothing}
          ${this._history.length > 1
            ? html`<table class="grid" aria-label=${this.t('rope.history')}>
                <thead>
                  <tr dir="ltr"><th class="num">m</th><th class="num">n</th><th class="num">m − n</th><th class="num">q·k</th></tr>
                </thead>
                <tbody>
                  ${this._history.slice(0, this.compact ? COMPACT_HISTORY : HISTORY).map(
                    (h) => html`<tr class=${h.gap === gap ? 'same' : ''}>
                      <td class="num">${this._num(h.m)}</td>
                      <td class="num">${this._num(h.n)}</td>
                      <td class="num">${this._num(h.gap)}</td>
                      <td class="num">${this._num(h.score, 4)}</td>
                    </tr>`,
                  )}
                </tbody>
              </table>`
            : nothing}
        </div>
      </div>
      ${this._renderRead(s)}
      <p class="note lesson keys">
        ${this.tHtml('rope.keys', { leftRight: html`${kbd('←')}/${kbd('→')}`, upDown: html`${kbd('↑')}/${kbd('↓')}`, home: kbd(this.t('rope.homeKey')) })}
      </p>
      <div class="pane pairing-pane">
      <p class="panel-title">${this.t('rope.pairingTitle')}</p>
      <canvas
        class="plot pairing"
        tabindex="0"
        role="img"
        aria-label=${st && s
          ? this.t('rope.pairingAria', { count: this.headDim, convention: this._convName, pair: s.pair, a: s.channels[0], b: s.channels[1] })
          : this.t('rope.pairingShort')}
        @click=${this._onPairingClick}
        @keydown=${this._onPairingKey}
      ></canvas>
      ${this._tap.button(this._readChannel != null && this._static ? this.t('common.selectPairOfChannels', { pair: this._static.pairOf[this._readChannel] }) : '')}
      <p class="note lesson">
        ${this.sentences(
          this.tHtml(conv === 'half' ? 'rope.halfNote' : 'rope.interleavedNote', {
            code: html`<code dir="ltr">${conv === 'half' ? 'rotate_half' : 'rotate_every_two'}</code>`,
          }),
          this.t('rope.layoutNote'),
        )}
      </p>
      </div>
      <div class="pane decay-pane">
      <p class="panel-title">${this.t('rope.decayTitle')}</p>
      <canvas class="plot decay" role="img" aria-label=${this.t('rope.decayAria', { span: this.span, gap })}></canvas>
      ${this._renderBoundReadout(s, gap)}
      ${this._renderDecayNote(st)}
      </div>
      </div>
    `;
  }
}

customElements.get('posenc-rope') || customElements.define('posenc-rope', PosencRope);
