// <posenc-rope>: rotary position embedding. A query at position m and a key at position n are rotated by
// the engine (pe.rope.apply); one channel pair is drawn as 2-D vectors, the score q·k comes from
// pe.compare, and the readout shows the same score at the same gap from the start (the invariance).
// The channel pairing of the two conventions is read off the engine (rotating unit vectors), and the
// long-range decay is RoFormer's upper bound on |q·k| (section 3.4.3), assembled from engine dot products.
// Settings in ./descriptor.js, the computation in ./model.js, the canvases in ./painters.js, parts of the
// template in ./view.js; this element holds the view state, the template and the reader's input.

import { html, nothing } from 'lit';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, TapController, elementProperties } from '../base.js';
import { pointerIn } from '../../render/canvas.js';
import { plain } from '../../render/format.js';
import { shipCatalogues } from '../../i18n/index.js';
import { clampInt, methodStyles, numberInput } from '../methods-shared.js';
import { ropeScoresCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { ropeStyles } from './styles.js';
import { ropeStatic, ropeState, boundMeans, boundCurve, qkCurve, ropeCsv } from './model.js';
import { paintCircle, paintPairing, paintDecay, circleGeometry, circleSize, pairingGeometry } from './painters.js';
import { nextHistory, num, renderProof, renderHistory, renderRead, renderBoundReadout, renderDecayNote, renderSlider } from './view.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

const SETUP = ['headDim', 'base', 'convention', 'seed'];

export class PosencRope extends PosencElement {
  static properties = {
    ...elementProperties(properties),
    // the arrow a pointer or tap reads on the circle ('q' or 'k'), and the channel one reads on the pairing strip
    _circleRead: { state: true },
    _readChannel: { state: true },
    _history: { state: true },
  };

  static styles = [baseStyles, methodStyles, ropeStyles];

  // a tap on the pairing strip reads a channel's pair; a second tap, or the Select button, selects that pair
  _tap = new TapController(this, () => this._pickChannel(this._readChannel));

  constructor() {
    super();
    this._history = [];
    this._static = null; // per (headDim, base, convention, seed): q, k, invFreq, pairing
    this._decay = null; // per (headDim, base, convention, seed, span): the q·k curve
    this._bound = null; // per (headDim, base, span): (2/d)·Σ_j |S_j| against distance, computed after the first paint
    this._boundPending = null;
    this._state = null; // per (m, n, pair): rotated vectors and scores
    this._boundCurve = null; // the bound on |q·k| for this q and k (model.js boundCurve)
  }

  // ---- parameters ----------------------------------------------------------------------------------------

  get _ropeOptions() {
    return { headDim: this.headDim, base: this.base, convention: this.choice('convention') };
  }

  /** Pairs of a valid head-dim (0 otherwise: its error is shown instead). */
  get _pairCount() {
    const d = this.headDim;
    return Number.isInteger(d) && d >= 2 && d <= properties.headDim.max && d % 2 === 0 ? d / 2 : 0;
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
            this._bound = { key, values: boundMeans(this.pe, { headDim: this.headDim, base: this.base, span: this.span }) };
          });
          this.requestUpdate();
        }
        resolve();
      }, 0);
    });
  }

  /** Current numbers (for scripts and tests): scores, the reference at the same gap, the pair. */
  get result() {
    const s = this._state;
    if (!s) return null;
    const { m, n, score, reference, difference, pair, channels, invFreq, pairScore } = s;
    return { m, n, score, reference: { ...reference }, difference, pair, channels: [...channels], invFreq, pairScore, pairs: this._static.pairs.map((p) => [...p]) };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    const ok = this.guard(() => {
      checkRanges(this);
      const opts = this._ropeOptions;
      const setup = [opts.headDim, opts.base, opts.convention, this.seed];
      this._static = this.cached('static', setup, () => ropeStatic(this.pe, { ...opts, seed: this.seed }));
      this._decay = this.cached('decay', [...setup, this.span], () => qkCurve(this.pe, this._static, { ...opts, span: this.span }));
      const bk = [this.headDim, this.base, this.span].join('|');
      if (this._bound?.key !== bk && this._boundWanted !== bk) {
        this._boundWanted = bk;
        this._bound = null;
        this._scheduleBound(bk);
      }
      // RoFormer's bound on |q·k| against distance, once its partial sums are computed (null before)
      this._boundCurve = this.cached('bound-curve', [...setup, this._bound?.key ?? null], () => boundCurve(this._static, this._bound?.values));
      const prev = this._state;
      this._state = ropeState(this.pe, this._static, { ...opts, m: this.m, n: this.n, pair: this._pair });
      const newSetup = SETUP.some((p) => changed.has(p));
      if (!prev || prev.m !== this.m || prev.n !== this.n || newSetup) {
        this._history = nextHistory(this._history, { m: this.m, n: this.n, gap: this.m - this.n, score: this._state.score }, prev && !newSetup);
      }
      return true;
    }, { main: true });
    if (!ok) this._state = null;
  }

  updated(changed) {
    this.timed(() => this._draw());
    const s = this._state;
    if (s && (changed.has('m') || changed.has('n') || changed.has('_ready') || changed.has('pair'))) this.announce({ m: s.m, n: s.n, score: s.score, pair: s.pair });
  }

  redraw() {
    this._pairingDrawn = null;
    this._draw();
  }

  // ---- drawing ---------------------------------------------------------------------------------------------

  _canvas(name) {
    return this.renderRoot?.querySelector(`canvas.${name}`);
  }

  _draw() {
    this._drawCircle();
    this._drawPairing();
    const decay = this._canvas('decay');
    if (!decay) return;
    const bound = this._boundCurve;
    const pending = bound ? '' : this.t(this._static?.step == null && this._bound ? 'rope.noBound' : 'rope.computing');
    const s = this._state;
    paintDecay(this, decay, { decay: this._decay, bound, gap: s ? s.m - s.n : null, pending, width: this.paneWidth('.decay-pane') });
  }

  /** The channel strip, painted again only when what it shows changed (not while m and n move). */
  _drawPairing() {
    const canvas = this._canvas('pairing');
    if (!canvas) return;
    const view = { st: this._static, pair: this._state?.pair, width: this.paneWidth('.pairing-pane') };
    const drawn = [canvas, view.st, view.pair, view.width, this.headDim, this.compact, this.theme$(), this.locale, this.ratio];
    if (this._pairingDrawn?.every((v, i) => v === drawn[i])) return;
    this._pairingDrawn = drawn;
    paintPairing(this, canvas, view);
  }

  _drawCircle() {
    const canvas = this._canvas('circle');
    if (!canvas) return;
    this._circleSize = circleSize(this, this.paneWidth('.pairing-pane'));
    paintCircle(this, canvas, { state: this._state, size: this._circleSize, focused: this._focusCircle });
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _set(m, n) {
    const max = properties.m.max;
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
    const lastPair = (this._static?.pairs.length ?? 1) - 1;
    const lo = Math.min(this.m, this.n);
    const act = {
      ArrowRight: () => this._shiftBoth(big),
      ArrowLeft: () => this._shiftBoth(-big),
      PageUp: () => this._shiftBoth(10),
      PageDown: () => this._shiftBoth(-10),
      ArrowUp: () => (this.pair = clampInt(this._pair + 1, 0, lastPair)),
      ArrowDown: () => (this.pair = clampInt(this._pair - 1, 0, lastPair)),
      Home: () => this._set(this.m - lo, this.n - lo),
    }[e.key];
    if (!act) return;
    act();
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

  /** Where the channel strip's cells are (tests aim clicks with it, under a slide's scaling too). */
  _pairingGeometry() {
    return pairingGeometry(this.paneWidth('.pairing-pane'), this.headDim, this.compact);
  }

  _onPairingClick(e) {
    const st = this._static;
    if (!st) return;
    const g = this._pairingGeometry();
    const j = Math.floor((pointerIn(e).x - g.left) / g.cell);
    if (!(j >= 0 && j < this.headDim && st.pairOf[j] >= 0)) return;
    if (this._tap.selects(e, String(j))) this._pickChannel(j);
    else [this._readChannel, this._circleRead] = [j, null];
  }

  /** Selects the pair of channel `j`. */
  _pickChannel(j) {
    this._readChannel = null;
    const st = this._static;
    if (st && j != null && st.pairOf[j] >= 0) this.pair = st.pairOf[j];
  }

  _onPairingKey(e) {
    this._tap.clear();
    this._readChannel = null;
    const last = (this._static?.pairs.length ?? 1) - 1;
    const p = { ArrowRight: this._pair + 1, ArrowUp: this._pair + 1, ArrowLeft: this._pair - 1, ArrowDown: this._pair - 1, Home: 0, End: last }[e.key];
    if (p === undefined) return;
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
    return st && this._decay ? ropeScoresCode({ q: st.q, k: st.k, ...this._ropeOptions, span: this.span }) : '';
  }

  toCSV() {
    if (!this._decay || !this._state) return '';
    return ropeCsv(this._ropeOptions, this._static, this._state, this._decay, this._boundCurve, this._bound?.values);
  }

  async exportCanvas() {
    await this.updateComplete;
    const parts = ['circle', 'pairing', 'decay'].map((name) => this._canvas(name)).filter(Boolean);
    if (!parts.length || !this._state) return null;
    const s = this._state;
    return this.picture(parts, this.t('rope.picture', { convention: this._convName, headDim: this.headDim, base: this.base, m: s.m, n: s.n, score: num(this, s.score, 4) }));
  }

  // ---- template ----------------------------------------------------------------------------------------------

  /** The convention drawn, in the reader's words (the attribute keeps 'half' and 'interleaved'). */
  get _convName() {
    return this.t(this.choice('convention') === 'half' ? 'rope.half' : 'rope.interleaved');
  }

  render() {
    const s = this._state;
    const st = this._static;
    const sliderMax = Math.max(this.span, this.m, this.n);
    const gap = s ? s.m - s.n : 0;
    const conv = this.choice('convention');
    const kbd = (key) => html`<kbd>${key}</kbd>`;
    const both = (delta, step, spoken) => html`<button type="button" @click=${() => this._shiftBoth(delta)}>${this.t('rope.both', { step })}<span class="sr-only">${this.t(spoken)}</span></button>`;
    return html`
      ${this.renderHead(this.label || this.t('rope.title'))}
      <div class="controls">
        <span class="seg" role="group" aria-label=${this.t('rope.conventionGroup')}>
          <button type="button" aria-pressed=${conv === 'half'} @click=${() => (this.convention = 'half')}>${this.t('rope.half')} <span dir="ltr">(rotate_half)</span></button>
          <button type="button" aria-pressed=${conv === 'interleaved'} @click=${() => (this.convention = 'interleaved')}>${this.t('rope.interleaved')}</button>
        </span>
        ${numberInput(this, this.t('rope.headDim'), 'headDim', { min: 2, max: properties.headDim.max, step: 2 })} ${numberInput(this, this.t('rope.base'), 'base', { min: 1, step: 1 })}
        <label
          >${this.t('rope.pair')}
          <input type="number" min="0" max=${st ? st.pairs.length - 1 : 0} .value=${String(s?.pair ?? this.pair)} @change=${(e) => (this.pair = Number(e.target.value))}
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
          ${renderSlider(this, 'm', sliderMax)} ${renderSlider(this, 'n', sliderMax)}
          <div class="controls">${both(-1, '− 1', 'rope.backOne')} ${both(1, '+ 1', 'rope.forwardOne')} ${both(10, '+ 10', 'rope.forwardTen')}</div>
          <p id="score" class="readout" role="status" aria-live="polite" aria-atomic="true">
            ${s
              ? this.tHtml('rope.scoreReadout', { m: s.m, n: s.n, score: html`<span class="big" data-role="score" data-value=${plain(s.score)}>${num(this, s.score, 4)}</span>` })
              : this._ready
                ? ''
                : this.t('common.loading')}
          </p>
          ${s ? renderProof(this, s) : nothing} ${renderHistory(this, this._history, gap)}
        </div>
      </div>
      ${renderRead(this, { s, st, channel: this._readChannel, arrow: this._circleRead })}
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
      ${this._tap.button(this._readChannel != null && st ? this.t('common.selectPairOfChannels', { pair: st.pairOf[this._readChannel] }) : '')}
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
      ${renderBoundReadout(this, s, gap, this._boundCurve, this._decay)} ${renderDecayNote(this, st)}
      </div>
      </div>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencRope);
