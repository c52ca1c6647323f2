// <posenc-rope>: rotary position embedding. A query at position m and a key at position n are rotated by
// the engine (pe.rope.apply); one channel pair is drawn as 2-D vectors, the score q·k comes from
// pe.compare, and the readout shows the same score at the same gap from the start (the invariance).
// The channel pairing of the two conventions is read off the engine (rotating unit vectors), and the
// long-range decay is RoFormer's upper bound on |q·k| (section 3.4.3), assembled from engine dot products.

import { html, css, nothing } from 'lit';
import { PosencElement, baseStyles, replaced } from './base.js';
import { numberAttr, intList } from '../state/attributes.js';
import { clearCanvas, wrapText, pointerIn } from '../render/canvas.js';
import { fixed, sci, plain, int } from '../render/format.js';
import { drawXYPlot, drawCursor, drawArrow, extent } from '../render/xyplot.js';
import { csvRow } from '../render/export.js';
import { contentVectors, tile, row, clampInt, methodStyles, numberInput, timed } from './methods-shared.js';

const MAX_HEAD_DIM = 1024;
const MAX_SPAN = 4096;
const TRAIL = 40;
const HISTORY = 8;
const COMPACT_HISTORY = 4; // rows of the history table on a slide
const BOUND_TITLE = 'RoFormer’s upper bound on |q·k|, by m − n';
const CURVE_TITLE = 'q·k of this query and key, by m − n';
const TITLE_LINE = 16;

export class PosencRope extends PosencElement {
  static properties = {
    headDim: { type: Number, reflect: true, attribute: 'head-dim', converter: numberAttr(64) },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    convention: { type: String, reflect: true, values: ['half', 'interleaved'] },
    m: { type: Number, reflect: true, converter: numberAttr(5) },
    n: { type: Number, reflect: true, converter: numberAttr(2) },
    pair: { type: Number, reflect: true, converter: numberAttr(0) },
    seed: { type: Number, reflect: true, converter: numberAttr(0) },
    span: { type: Number, reflect: true, converter: numberAttr(256) },
    positions: { type: Array, attribute: false, converter: intList },
    _history: { state: true },
  };

  static styles = [
    baseStyles,
    methodStyles,
    css`
      .side {
        flex: 1 1 280px;
        min-width: 0;
      }
      .side .controls {
        margin: 4px 0;
      }
      .proof {
        margin: 6px 0;
      }
      .proof .num {
        font-weight: 600;
      }
      table.grid tr.same td {
        background: color-mix(in srgb, var(--_ok) 14%, transparent);
      }
      .swatch-a {
        color: var(--_select-a);
        font-weight: 600;
      }
      .swatch-b {
        color: var(--_select-b);
        font-weight: 600;
      }
      /* compact, when there is room: three columns — the pair (circle, and below it the channels it
         turns), the positions and their scores, the decay with distance */
      :host([compact]) .frame {
        container: rope / inline-size;
      }
      @container rope (min-width: 760px) {
        :host([compact]) .split {
          grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.25fr);
          grid-template-areas: 'circle side decay' 'pairing side decay' 'keys keys keys';
        }
        .split > .row {
          display: contents;
        }
        canvas.circle {
          grid-area: circle;
          justify-self: center;
        }
        .side {
          grid-area: side;
        }
        .keys {
          grid-area: keys;
        }
        .pairing-pane {
          grid-area: pairing;
        }
        .decay-pane {
          grid-area: decay;
        }
        .pairing-pane .panel-title,
        .decay-pane .panel-title {
          margin-top: 0;
        }
      }
    `,
  ];

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
    return [...super.adjustments, ...(n ? replaced('pair', this.pair, this._pair, `a pair from 0 to ${n - 1} (head-dim / 2 − 1)`) : [])];
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

  _validate() {
    const d = this.headDim;
    if (!Number.isInteger(d) || d < 2 || d > MAX_HEAD_DIM || d % 2) throw new RangeError(`head-dim must be an even integer from 2 to ${MAX_HEAD_DIM} (got ${d})`);
    if (!Number.isInteger(this.span) || this.span < 4 || this.span > MAX_SPAN) throw new RangeError(`span must be an integer from 4 to ${MAX_SPAN} (got ${this.span})`);
    for (const [name, v] of [['m', this.m], ['n', this.n]]) {
      if (!Number.isInteger(v) || v < 0 || v > 1 << 30) throw new RangeError(`${name} must be an integer from 0 to 2^30 (got ${v})`);
    }
  }

  _computeStatic() {
    const pe = this.pe;
    const d = this._d;
    const { invFreq } = pe.rope.invFreq({ headDim: d, base: this.base });
    const qk = contentVectors(pe, { count: 2, dim: d, seed: this.seed });
    // Which channels rotate together: rotate every unit vector by one position and see where it lands.
    const eye = new Float32Array(d * d);
    for (let j = 0; j < d; j++) eye[j * d + j] = 1;
    const turned = pe.rope.apply(eye, { ...this._ropeOptions, seqLen: 1, heads: d, offset: 1 });
    const partner = new Int32Array(d).fill(-1);
    for (let j = 0; j < d; j++) {
      let best = -1;
      let bestAbs = 0;
      for (let c = 0; c < d; c++) {
        if (c === j) continue;
        const a = Math.abs(turned[j * d + c]);
        if (a > bestAbs) {
          bestAbs = a;
          best = c;
        }
      }
      partner[j] = best;
    }
    const pairs = [];
    const pairOf = new Int32Array(d).fill(-1);
    for (let j = 0; j < d; j++) {
      const p = partner[j];
      if (p > j && partner[p] === j) {
        pairOf[j] = pairOf[p] = pairs.length;
        pairs.push([j, p]);
      }
    }
    return { q: row(qk, 0, d), k: row(qk, 1, d), invFreq, pairs, pairOf, step: this._largestStep(qk, pairs) };
  }

  /**
   * RoFormer's factor max_i |h_{i+1} − h_i|, where h_i = q_i·conj(k_i) is pair i's share of q·k as a complex
   * number (pair i turns at θ_i) and h_{d/2} = 0. Re h_i is the pair's dot product, Im h_i the dot product with
   * the key's pair turned by 90°; the steps are engine distances between consecutive (Re h_i, Im h_i).
   * null when the pairing read off the engine does not give d/2 pairs (the sum would miss terms).
   */
  _largestStep(qk, pairs) {
    const pe = this.pe;
    const d = this._d;
    const half = d / 2;
    if (pairs.length !== half) return null;
    const q = row(qk, 0, d);
    const k = row(qk, 1, d);
    const h = new Float32Array((half + 1) * 2); // the last row stays (0, 0): h_{d/2}
    pairs.forEach(([a, b], i) => {
      h[2 * i] = pe.compare([q[a], q[b]], [k[a], k[b]]).dot;
      h[2 * i + 1] = pe.compare([q[a], q[b]], [-k[b], k[a]]).dot;
    });
    const dist = pe.similarity(h, { length: half + 1, dModel: 2, metric: 'euclidean' });
    let step = 0;
    for (let i = 0; i < half; i++) step = Math.max(step, dist[i * (half + 1) + i + 1]);
    return step;
  }

  /**
   * The distance-dependent factor of RoFormer's bound, as a mean: (1/(d/2))·Σ_j |S_j| with
   * S_j = Σ_{i<j} e^{i·r·θ_i}, for every r in −span … span (the paper's "relative upper bound", Figure 2).
   * Times (d/2)·max_i |h_{i+1} − h_i| it is the bound on |q·k| (see _boundCurve).
   */
  _computeBound() {
    const pe = this.pe;
    const d = this._d;
    const half = d / 2;
    const R = this.span;
    // (1, 0) in every pair, rotated to positions 0…R: row r holds (cos rθ_i, sin rθ_i) for every pair i
    const unit = new Float32Array(d);
    for (let i = 0; i < half; i++) unit[2 * i] = 1;
    const turns = pe.rope.apply(tile(unit, R + 1), { headDim: d, base: this.base, convention: 'interleaved', seqLen: R + 1, heads: 1 });
    // One table, one engine call for every partial sum: rows 0…R are the turned units, then the
    // prefix patterns (1 on the cos entries of the first j + 1 pairs, then the same on the sin entries).
    const rows = R + 1 + 2 * half;
    const table = new Float32Array(rows * d);
    table.set(turns, 0);
    for (let j = 0; j < half; j++) {
      const re = row(table, R + 1 + j, d);
      const im = row(table, R + 1 + half + j, d);
      for (let i = 0; i <= j; i++) {
        re[2 * i] = 1;
        im[2 * i + 1] = 1;
      }
    }
    const dots = pe.similarity(table, { length: rows, dModel: d, metric: 'dot' });
    // |S_j| for every r: distance of the point (Re S_j, Im S_j) from the origin (the last row). One call
    // per distance: the cost of a call grows with the square of its rows, so small calls are cheapest.
    const block = 1;
    const parts = new Float32Array((block * half + 1) * 2);
    const norms = new Float32Array((R + 2) * half);
    for (let r0 = 0; r0 <= R; r0 += block) {
      const nr = Math.min(block, R + 1 - r0);
      const count = nr * half + 1;
      const pts = parts.subarray(0, count * 2);
      pts.fill(0);
      for (let b = 0; b < nr; b++) {
        const r = r0 + b;
        for (let j = 0; j < half; j++) {
          pts[2 * (b * half + j)] = dots[r * rows + R + 1 + j];
          pts[2 * (b * half + j) + 1] = dots[r * rows + R + 1 + half + j];
        }
      }
      const dist = pe.similarity(pts, { length: count, dModel: 2, metric: 'euclidean' });
      norms.set(dist.subarray((count - 1) * count, (count - 1) * count + nr * half), r0 * half);
    }
    // the mean over j: dot of every row of norms with a row of 1/(d/2) (the last row)
    norms.fill(1 / half, (R + 1) * half);
    const means = pe.similarity(norms, { length: R + 2, dModel: half, metric: 'dot' });
    const bound = means.slice((R + 1) * (R + 2), (R + 1) * (R + 2) + R + 1);
    const b = new Float64Array(2 * R + 1);
    for (let i = 0; i <= 2 * R; i++) b[i] = bound[Math.abs(i - R)]; // |S_j| is the same at −r (complex conjugate)
    return b;
  }

  _computeCurve(st) {
    const pe = this.pe;
    const d = this._d;
    const R = this.span;
    const opts = this._ropeOptions;
    // q·k with the key at 0 and the query at r (r ≥ 0), and the other way round (r < 0)
    const Q = pe.rope.apply(tile(st.q, R + 1), { ...opts, seqLen: R + 1, heads: 1 });
    const K = pe.rope.apply(tile(st.k, R + 1), { ...opts, seqLen: R + 1, heads: 1 });
    const stack = (first, rows) => {
      const t = new Float32Array((R + 2) * d);
      t.set(first, 0);
      t.set(rows, d);
      return pe.similarity(t, { length: R + 2, dModel: d, metric: 'dot' }).subarray(1, R + 2);
    };
    const ahead = stack(row(K, 0, d), Q); // q at r, k at 0
    const behind = stack(row(Q, 0, d), K); // q at 0, k at r
    const x = new Float64Array(2 * R + 1);
    const qk = new Float64Array(2 * R + 1);
    for (let i = 0; i <= 2 * R; i++) {
      const r = i - R;
      x[i] = r;
      qk[i] = r >= 0 ? ahead[r] : behind[-r];
    }
    return { x, qk, R };
  }

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
            this._bound = { key, values: this._computeBound() };
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
      this._validate();
      const sk = [this.headDim, this.base, this._conv, this.seed].join('|');
      if (sk !== this._staticKey || !this._static) {
        this._static = this._computeStatic();
        this._staticKey = sk;
        this._decay = null;
      }
      const dk = `${sk}|${this.span}`;
      if (dk !== this._decayKey || !this._decay) {
        this._decay = this._computeCurve(this._static);
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
      const detail = { m: this._state.m, n: this._state.n, score: this._state.score, pair: this._state.pair };
      const key = JSON.stringify(detail);
      if (key !== this._sent) {
        this._sent = key;
        this.dispatchEvent(new CustomEvent('posenc-change', { detail, bubbles: true, composed: true }));
      }
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
    const s = this._state;
    if (!canvas) return;
    const size = this.compact ? Math.max(200, Math.min(300, this._paneWidth('.pairing-pane'))) : Math.max(220, Math.min(340, this.contentWidth));
    const ctx = clearCanvas(canvas, size, size, this.ratio);
    if (!s) return;
    const t = this.theme$();
    const cx = size / 2;
    const cy = size / 2 + 4;
    // the radius follows the longest of the drawn vectors (rotation keeps lengths: the engine shows it)
    const len = (v) => Math.hypot(v[0], v[1]);
    const maxLen = Math.max(len(s.q0), len(s.k0), len(s.qPair), len(s.kPair), 1e-9);
    const R = size / 2 - 34;
    const k = R / maxLen;
    const P = (v) => [cx + v[0] * k, cy - v[1] * k];
    ctx.strokeStyle = t.grid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(cx - R - 10, cy);
    ctx.lineTo(cx + R + 10, cy);
    ctx.moveTo(cx, cy - R - 10);
    ctx.lineTo(cx, cy + R + 10);
    ctx.stroke();
    for (const v of [s.q0, s.k0]) {
      ctx.beginPath();
      ctx.arc(cx, cy, len(v) * k, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText(`horizontal: channel ${s.channels[0]}`, size - 4, size - 16);
    ctx.fillText(`vertical: channel ${s.channels[1]}`, size - 4, size - 2);
    // trails: the last positions each vector passed through
    const dots = (pts, color) => {
      ctx.fillStyle = color;
      pts.forEach((p, i) => {
        ctx.globalAlpha = 0.15 + (0.5 * (i + 1)) / pts.length;
        const [x, y] = P(p);
        ctx.beginPath();
        ctx.arc(x, y, 2.2, 0, Math.PI * 2);
        ctx.fill();
      });
      ctx.globalAlpha = 1;
    };
    dots(s.kTrail, t.selectB);
    dots(s.qTrail, t.selectA);
    // the angle between the two drawn vectors (drawing only)
    const aq = Math.atan2(s.qPair[1], s.qPair[0]);
    const ak = Math.atan2(s.kPair[1], s.kPair[0]);
    let delta = aq - ak;
    while (delta > Math.PI) delta -= 2 * Math.PI;
    while (delta < -Math.PI) delta += 2 * Math.PI;
    ctx.strokeStyle = t.muted;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(cx, cy, R * 0.28, -ak, -(ak + delta), delta > 0);
    ctx.stroke();
    // position-0 vectors dashed, rotated vectors solid
    drawArrow(ctx, cx, cy, ...P(s.k0), { color: t.selectB, width: 1.25, dash: [4, 3], head: 7 });
    drawArrow(ctx, cx, cy, ...P(s.q0), { color: t.selectA, width: 1.25, dash: [4, 3], head: 7 });
    drawArrow(ctx, cx, cy, ...P(s.kPair), { color: t.selectB, width: 2.5 });
    drawArrow(ctx, cx, cy, ...P(s.qPair), { color: t.selectA, width: 2.5 });
    const tag = (v, text, color) => {
      const [x, y] = P(v);
      const dx = x - cx;
      const dy = y - cy;
      const l = Math.hypot(dx, dy) || 1;
      ctx.font = t.fontBold;
      ctx.fillStyle = color;
      ctx.textBaseline = 'middle';
      // beside the arrow head, kept inside the canvas
      const tw = ctx.measureText(text).width;
      let tx = x + (dx / l) * 8;
      if (dx < 0) tx -= tw;
      tx = Math.max(2, Math.min(size - tw - 2, tx));
      const ty = Math.max(8, Math.min(size - 24, y + (dy / l) * 10));
      ctx.textAlign = 'left';
      ctx.fillText(text, tx, ty);
    };
    tag(s.qPair, `q at m = ${s.m}`, t.selectA);
    tag(s.kPair, `k at n = ${s.n}`, t.selectB);
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    ctx.fillText(`pair ${s.pair} · dashed: position 0`, 4, size - 2);
    if (this._focusCircle) {
      ctx.strokeStyle = t.cursor;
      ctx.lineWidth = 1;
      ctx.setLineDash([2, 2]);
      ctx.strokeRect(1.5, 1.5, size - 3, size - 3);
      ctx.setLineDash([]);
    }
  }

  _pairingGeometry() {
    const d = this._d;
    const w = this._paneWidth('.pairing-pane');
    const left = 8;
    const cell = (w - 2 * left) / d;
    return { w, left, cell, top: 78, h: 132 };
  }

  _drawPairing() {
    const canvas = this.renderRoot?.querySelector('canvas.pairing');
    const st = this._static;
    if (!canvas) return;
    const g = this._pairingGeometry();
    const ctx = clearCanvas(canvas, g.w, g.h, this.ratio);
    if (!st || !this._state) return;
    const t = this.theme$();
    const d = this._d;
    const sel = this._state.pair;
    const boxH = 16;
    // arcs above the channel strip, one per pair; the chosen pair drawn last and bold
    const order = st.pairs.map((p, i) => i).sort((a, b) => (a === sel) - (b === sel));
    for (const i of order) {
      const [a, b] = st.pairs[i];
      const xa = g.left + (a + 0.5) * g.cell;
      const xb = g.left + (b + 0.5) * g.cell;
      const rise = Math.min(g.top - 10, 8 + (xb - xa) * 0.45);
      ctx.strokeStyle = i === sel ? t.accent : t.grid;
      ctx.lineWidth = i === sel ? 2.5 : 1;
      ctx.beginPath();
      ctx.moveTo(xa, g.top);
      ctx.bezierCurveTo(xa, g.top - rise, xb, g.top - rise, xb, g.top);
      ctx.stroke();
    }
    for (let j = 0; j < d; j++) {
      const p = st.pairOf[j];
      const x = g.left + j * g.cell;
      ctx.fillStyle = p === sel ? t.accent : t.surface;
      ctx.fillRect(x + (g.cell > 4 ? 0.5 : 0), g.top, Math.max(0.5, g.cell - (g.cell > 4 ? 1 : 0)), boxH);
      if (g.cell > 4) {
        ctx.strokeStyle = t.border;
        ctx.strokeRect(x + 0.5, g.top + 0.5, g.cell - 1, boxH - 1);
      }
    }
    ctx.font = t.fontSmall;
    ctx.textBaseline = 'top';
    const [a, b] = st.pairs[sel];
    ctx.fillStyle = t.accent;
    ctx.textAlign = 'center';
    for (const c of [a, b]) ctx.fillText(String(c), Math.max(10, Math.min(g.w - 10, g.left + (c + 0.5) * g.cell)), g.top + boxH + 3);
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'left';
    ctx.fillText('channel 0', g.left, g.top + boxH + 18);
    ctx.textAlign = 'right';
    ctx.fillText(`channel ${d - 1}`, g.w - g.left, g.top + boxH + 18);
  }

  /** Plot rectangles and the titles above them, wrapped to the width (a phone column takes two lines). */
  _decayGeometry() {
    const w = this._paneWidth('.decay-pane');
    const x = 56;
    const measure = (this._measureCtx ??= document.createElement('canvas').getContext('2d'));
    measure.font = this.theme$().fontBold;
    // on a slide's narrow column the titles take the axis margin too, so they keep to one line
    const titleX = this.compact ? 4 : x;
    const title1 = wrapText(measure, BOUND_TITLE, w - titleX - 4);
    const title2 = wrapText(measure, CURVE_TITLE, w - titleX - 4);
    const h = this.compact ? 76 : 96;
    const rect1 = { x, y: 6 + title1.length * TITLE_LINE, w: Math.max(120, w - x - 14), h };
    const rect2 = { x, y: rect1.y + rect1.h + 24 + title2.length * TITLE_LINE, w: rect1.w, h };
    return { w, h: rect2.y + rect2.h + 36, rect1, rect2, title1, title2, titleX };
  }

  _drawDecay() {
    const canvas = this.renderRoot?.querySelector('canvas.decay');
    const dc = this._decay;
    if (!canvas) return;
    const g = this._decayGeometry();
    const ctx = clearCanvas(canvas, g.w, g.h, this.ratio);
    if (!dc || !this._state) return;
    const t = this.theme$();
    const R = dc.R;
    const gap = this._state.m - this._state.n;
    const bound = this._boundCurve();
    const titles = (lines, y) => {
      ctx.font = t.fontBold;
      ctx.fillStyle = t.fg;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      lines.forEach((line, i) => ctx.fillText(line, g.titleX, y + i * TITLE_LINE));
    };
    titles(g.title1, 2);
    if (bound) {
      const [, b1] = extent([bound]);
      const s1 = drawXYPlot(ctx, {
        rect: g.rect1,
        xDomain: [-R, R],
        yDomain: [0, b1 * 1.05 || 1],
        theme: t,
        series: [{ x: dc.x, y: bound, color: t.accent }],
        lines: [{ axis: 'x', value: 0, color: t.muted, dash: [2, 3] }],
      });
      if (Math.abs(gap) <= R) drawCursor(ctx, s1, g.rect1, gap, [{ y: bound[gap + R], color: t.accent }], t.cursor);
    } else {
      ctx.font = t.fontSmall;
      ctx.fillStyle = t.muted;
      ctx.fillText(this._static?.step == null && this._bound ? 'no bound: the pairing has fewer than d/2 pairs' : 'computing…', g.rect1.x, g.rect1.y + 10);
    }
    titles(g.title2, g.rect2.y - 2 - g.title2.length * TITLE_LINE);
    const [q0, q1] = extent([dc.qk]);
    const pad = (q1 - q0) * 0.06 || 1;
    const s2 = drawXYPlot(ctx, {
      rect: g.rect2,
      xDomain: [-R, R],
      yDomain: [q0 - pad, q1 + pad],
      theme: t,
      series: [{ x: dc.x, y: dc.qk, color: t.selectA, width: 1.25 }],
      lines: [{ axis: 'y', value: 0, color: t.muted, dash: [2, 3] }],
      xLabel: 'relative position m − n',
    });
    if (Math.abs(gap) <= R) drawCursor(ctx, s2, g.rect2, gap, [{ y: dc.qk[gap + R], color: t.selectA }], t.cursor);
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

  _onPairingClick(e) {
    const st = this._static;
    if (!st) return;
    const g = this._pairingGeometry();
    const pt = pointerIn(e);
    const j = Math.floor((pt.x - g.left) / g.cell);
    if (j >= 0 && j < this._d && st.pairOf[j] >= 0) this.pair = st.pairOf[j];
  }

  _onPairingKey(e) {
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
    return this.picture(parts, `RoPE (${this._conv}), head_dim ${this.headDim}, base ${this.base}: q at ${s.m}, k at ${s.n}, q·k = ${fixed(s.score, 4)}`);
  }

  // ---- template ----------------------------------------------------------------------------------------------

  /** The bound and |q·k| at the cursor's distance, once the bound is computed (and the gap is plotted). */
  _renderBoundReadout(s, gap) {
    const bound = this._boundCurve();
    const dc = this._decay;
    if (!s || !bound || !dc || Math.abs(gap) > dc.R) return nothing;
    const b = bound[gap + dc.R];
    return html`<p class="readout" data-role="bound">
      At m − n = ${String(gap).replace('-', '−')}: bound <span class="num" data-value=${plain(b)}>${fixed(b, 2)}</span> ≥ |q·k| =
      <span class="num">${fixed(Math.abs(dc.qk[gap + dc.R]), 4)}</span>
    </p>`;
  }

  render() {
    const s = this._state;
    const st = this._static;
    const title = this.label || 'Rotary position embedding (RoPE)';
    const sliderMax = Math.max(this.span, this.m, this.n);
    const gap = s ? s.m - s.n : 0;
    const conv = this._conv;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <span class="seg" role="group" aria-label="Channel pairing convention">
          <button type="button" aria-pressed=${conv === 'half'} @click=${() => (this.convention = 'half')}>half (rotate_half)</button>
          <button type="button" aria-pressed=${conv === 'interleaved'} @click=${() => (this.convention = 'interleaved')}>interleaved</button>
        </span>
        ${numberInput(this, 'head_dim', 'headDim', { min: 2, max: MAX_HEAD_DIM, step: 2 })} ${numberInput(this, 'base', 'base', { min: 1, step: 1 })}
        <label
          >pair
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
          aria-label=${s
            ? `Pair ${s.pair} (channels ${s.channels[0]} and ${s.channels[1]}) of the query at position ${s.m} and the key at position ${s.n}, drawn as arrows. Left and right arrow keys move both positions together, up and down change the pair.`
            : 'RoPE vectors'}
          aria-describedby="score"
          @keydown=${this._onCircleKey}
          @focus=${() => ((this._focusCircle = true), this._drawCircle())}
          @blur=${() => ((this._focusCircle = false), this._drawCircle())}
        ></canvas>
        <div class="side">
          <div class="controls">
            <label class="slider"
              ><span class="swatch-a">query m</span>
              <input
                type="range"
                min="0"
                max=${sliderMax}
                .value=${String(this.m)}
                aria-label="query position m"
                @input=${(e) => this._set(Number(e.target.value), this.n)}
              /><output>${this.m}</output></label
            >
          </div>
          <div class="controls">
            <label class="slider"
              ><span class="swatch-b">key n</span>
              <input
                type="range"
                min="0"
                max=${sliderMax}
                .value=${String(this.n)}
                aria-label="key position n"
                @input=${(e) => this._set(this.m, Number(e.target.value))}
              /><output>${this.n}</output></label
            >
          </div>
          <div class="controls">
            <button type="button" @click=${() => this._shiftBoth(-1)}>both − 1<span class="sr-only">: move both positions back by one</span></button>
            <button type="button" @click=${() => this._shiftBoth(1)}>both + 1<span class="sr-only">: move both positions forward by one</span></button>
            <button type="button" @click=${() => this._shiftBoth(10)}>both + 10<span class="sr-only">: move both positions forward by ten</span></button>
          </div>
          <p id="score" class="readout" role="status" aria-live="polite" aria-atomic="true">
            ${s
              ? html`q·k at (m, n) = (${s.m}, ${s.n}): <span class="big" data-role="score" data-value=${plain(s.score)}>${fixed(s.score, 4)}</span>`
              : this._ready
                ? ''
                : 'Loading the engine…'}
          </p>
          ${s
            ? html`<p class="proof" data-role="proof">
                  Same gap m − n = ${gap} from the start, (${s.reference.m}, ${s.reference.n}):
                  <span class="num" data-role="reference" data-value=${plain(s.reference.score)}>${fixed(s.reference.score, 4)}</span>
                  — ${s.difference === 0 ? html`<span class="ok">identical</span>` : html`difference ${sci(s.difference, 2)} (float32 rounding)`}.
                  Only the gap counts.
                </p>
                <p class="note lesson">
                  Pair ${s.pair} = channels ${s.channels[0]} &amp; ${s.channels[1]} turns by θ = ${sci(s.invFreq, 4)} rad per position;
                  its share of q·k is <span class="num">${fixed(s.pairScore, 4)}</span>. Rotation keeps lengths: |q|² = ${fixed(s.q0Norm, 4)} at 0 and
                  ${fixed(s.qNorm, 4)} at ${s.m}.
                </p>`
            : nothing}
          ${this._history.length > 1
            ? html`<table class="grid" aria-label="Recent positions and scores">
                <thead>
                  <tr><th class="num">m</th><th class="num">n</th><th class="num">m − n</th><th class="num">q·k</th></tr>
                </thead>
                <tbody>
                  ${this._history.slice(0, this.compact ? COMPACT_HISTORY : HISTORY).map(
                    (h) => html`<tr class=${h.gap === gap ? 'same' : ''}>
                      <td class="num">${h.m}</td>
                      <td class="num">${h.n}</td>
                      <td class="num">${h.gap}</td>
                      <td class="num">${fixed(h.score, 4)}</td>
                    </tr>`,
                  )}
                </tbody>
              </table>`
            : nothing}
        </div>
      </div>
      <p class="note lesson keys">
        Keys: focus the picture, <kbd>←</kbd>/<kbd>→</kbd> move query and key together (Shift: by 10), <kbd>↑</kbd>/<kbd>↓</kbd> change the pair,
        <kbd>Home</kbd> slides the pair back to the start. Rows with the current gap are highlighted.
      </p>
      <div class="pane pairing-pane">
      <p class="panel-title">Which channels turn together</p>
      <canvas
        class="plot pairing"
        tabindex="0"
        role="img"
        aria-label=${st && s
          ? `${this.headDim} channels; ${conv} pairing read from the engine: pair ${s.pair} is channels ${s.channels[0]} and ${s.channels[1]}. Left and right arrow keys change the pair.`
          : 'channel pairing'}
        @click=${this._onPairingClick}
        @keydown=${this._onPairingKey}
      ></canvas>
      <p class="note lesson">
        ${conv === 'half'
          ? 'half: channel j turns together with channel j + d/2 (rotate_half; GPT-NeoX, LLaMA and most models in transformers).'
          : 'interleaved: channels 2i and 2i + 1 turn together (rotate_every_two; GPT-J, RoFormer, the original LLaMA code).'}
        Same frequencies, different memory layout: weights trained with one pairing need permuting to run with the other.
      </p>
      </div>
      <div class="pane decay-pane">
      <p class="panel-title">Long-range decay</p>
      <canvas
        class="plot decay"
        role="img"
        aria-label=${`Two line plots over relative position from −${this.span} to ${this.span}: RoFormer's upper bound on |q·k| for this query and key, which falls with distance, and their score q·k, which stays below it. The cursor marks m − n = ${gap}.`}
      ></canvas>
      ${this._renderBoundReadout(s, gap)}
      <p class="note lesson">
        RoFormer (section 3.4.3) writes q·k as the real part of Σ<sub>i</sub> h<sub>i</sub> e<sup>i(m−n)θ<sub>i</sub></sup>, where
        h<sub>i</sub> = q<sub>i</sub>k̄<sub>i</sub> is pair i's share read as a complex number, and sums it by parts:
        |q·k| ≤ max<sub>i</sub>|h<sub>i+1</sub> − h<sub>i</sub>| · Σ<sub>j</sub>|S<sub>j</sub>|, with
        S<sub>j</sub> = Σ<sub>i&lt;j</sub> e<sup>i(m−n)θ<sub>i</sub></sup> (and h<sub>d/2</sub> = 0). The first factor depends on q and k
        only${st?.step != null ? html` (<span class="num" data-role="step">${fixed(st.step, 4)}</span> here)` : nothing}; the second falls as
        the pairs drift out of step with distance, so the largest score a far-apart query and key can reach is lower than for close ones.
        The bound holds for every q and k with the same largest step, so it is usually far above the score, and a particular q and k (seeded
        random vectors here) still swing up and down below it: it caps how large |q·k| can be, it does not make every score small. Its terms are the engine's rotations
        (pe.rope.apply) summed with engine dot products; ${int(st?.pairs.length ?? 0)} pairs, θ<sub>i</sub> = base<sup>−2i/d</sup> from
        pe.rope.invFreq.
      </p>
      </div>
      </div>
    `;
  }
}

customElements.get('posenc-rope') || customElements.define('posenc-rope', PosencRope);
