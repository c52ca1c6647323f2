// <posenc-properties>: the lesson's checks on the engine's table, live — uniqueness, bounds, the
// rotation (relative-position) property and extrapolation past a training length.

import { html, css, nothing } from 'lit';
import { styleProps } from '../../render/style-props.js';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced } from '../base.js';
import { numberAttr } from '../../state/attributes.js';
import { clearCanvas } from '../../render/canvas.js';
import { drawLinePlot } from '../../render/lineplot.js';
import { CATEGORICAL } from '../../render/color.js';
import { int } from '../../render/format.js';
import { formatNumber, formatSci } from '../../i18n/index.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { propertiesCode } from '../pytorch.js';
import { columnOf } from '../sinusoid-info.js';

const ROTATION_TOLERANCE = 1e-5;
const MAX_LENGTH = 2048;
/** Largest pos and k of the rotation check (what its number boxes take). */
const MAX_SHIFT = 1 << 20;

export class PosencProperties extends PosencElement {
  static properties = {
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(128), range: { min: 2, max: 1 << 14, even: true, engine: 'SinusoidalOptions.dModel' } },
    length: { type: Number, reflect: true, converter: numberAttr(200), range: { min: 4, max: MAX_LENGTH, engine: 'SinusoidalOptions.length' } },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    pos: { type: Number, reflect: true, converter: numberAttr(10) },
    k: { type: Number, reflect: true, converter: numberAttr(5) },
    pair: { type: Number, reflect: true, converter: numberAttr(0) },
    trainLength: { type: Number, reflect: true, attribute: 'train-length', converter: numberAttr(50) },
  };

  static styles = [
    baseStyles,
    css`
      .checks {
        list-style: none;
        padding: 0;
        margin: 8px 0;
        display: grid;
        gap: 8px;
      }
      /* compact: the four checks two by two (one column when narrow) */
      :host([compact]) .checks {
        grid-template-columns: repeat(auto-fit, minmax(min(100%, max(24em, calc(50% - 4px))), 1fr));
        align-items: start;
      }
      .check {
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 8px 10px;
      }
      .check h4 {
        margin: 0 0 4px;
        display: flex;
        gap: 8px;
        align-items: baseline;
        flex-wrap: wrap;
      }
      .badge {
        font-size: max(var(--_min-text), 0.8em);
        font-weight: 700;
        padding: 1px 8px;
        border-radius: 10px;
        color: var(--_bg);
        background: var(--_ok);
      }
      .badge.fail {
        background: var(--_bad);
      }
      .mono {
        font-family: var(--_mono);
        overflow-wrap: anywhere;
      }
      input[type='number'] {
        width: 6em;
      }
      .matrix {
        display: inline-grid;
        grid-template-columns: auto auto;
        gap: 0 12px;
        border-left: 2px solid var(--_fg);
        border-right: 2px solid var(--_fg);
        padding: 0 6px;
        font-family: var(--_mono);
        vertical-align: middle;
      }
      .eq {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px;
        margin: 6px 0;
        font-family: var(--_mono);
      }
      .vec {
        display: inline-grid;
        border-left: 2px solid var(--_fg);
        border-right: 2px solid var(--_fg);
        padding: 0 6px;
      }
    `,
  ];

  constructor() {
    super();
    this.dModel = 128;
    this.length = 200;
    this.base = 10000;
    this.pos = 10;
    this.k = 5;
    this.pair = 0;
    this.trainLength = 50;
    this.label = '';
    this._cache = null;
  }

  engineReady() {
    this.requestUpdate();
  }

  redraw() {
    this._draw();
  }

  selectionChanged(list) {
    if (list.length === 2) {
      const [a, b] = list;
      this.pos = Math.min(a, b);
      if (a !== b) this.k = Math.abs(b - a);
    } else if (list.length === 1) {
      this.pos = list[0];
    }
  }

  /** All check results, from the engine's numbers. */
  get checks() {
    if (!this.pe) return null;
    return this.guard(() => this._compute(), { main: true }) ?? null;
  }

  /** The extrapolation check needs positions beyond the training length: at least two (one neighbour pair). */
  get _trainLengthUsed() {
    return Math.max(2, Math.min(this.length - 2, Math.round(this.trainLength) || 2));
  }

  /** pos and k of the rotation check as used: whole numbers from 0 to MAX_SHIFT. */
  get _posUsed() {
    return Math.max(0, Math.min(MAX_SHIFT, Math.round(this.pos) || 0));
  }

  get _kUsed() {
    return Math.max(0, Math.min(MAX_SHIFT, Math.round(this.k) || 0));
  }

  /** The pair drawn in the rotation check: 0 … d-model/2 − 1 (0 while d-model is invalid). */
  get _pairUsed() {
    const d = this.dModel;
    const half = Number.isInteger(d) && d >= 2 && d % 2 === 0 ? d / 2 : 1;
    return Math.max(0, Math.min(half - 1, Math.round(this.pair) || 0));
  }

  get adjustments() {
    const out = [
      ...super.adjustments,
      ...replaced('pos', this.pos, this._posUsed, this.t('properties.posRange', { max: MAX_SHIFT }), this.t.bind(this)),
      ...replaced('k', this.k, this._kUsed, this.t('properties.shiftRange', { max: MAX_SHIFT }), this.t.bind(this)),
    ];
    const d = this.dModel;
    if (Number.isInteger(d) && d >= 2 && d % 2 === 0) out.push(...replaced('pair', this.pair, this._pairUsed, this.t('properties.pairRange', { last: d / 2 - 1 }), this.t.bind(this)));
    const L = this.length;
    if (!Number.isInteger(L) || L < 4) return out;
    return [...out, ...replaced('train-length', this.trainLength, this._trainLengthUsed, this.t('properties.trainRange', { last: L - 2 }), this.t.bind(this))];
  }

  _compute() {
    const L = this.length;
    const d = this.dModel;
    checkRanges(this); // length ≥ 4 leaves room for the extrapolation check
    const T = this._trainLengthUsed;
    const key = `${L}|${d}|${this.base}`;
    let table;
    let uniq;
    let bounds;
    if (this._cache?.key === key) {
      ({ table, uniq, bounds } = this._cache);
    } else {
      table = this.pe.sinusoidal({ length: L, dModel: d, base: this.base });
      // uniqueness: smallest distance between two different positions (engine similarity matrix)
      const D = this.pe.similarity(table, { length: L, dModel: d, metric: 'euclidean' });
      let min = Infinity;
      let at = [0, 1];
      for (let i = 0; i < L; i++) {
        for (let j = i + 1; j < L; j++) {
          const v = D[i * L + j];
          if (v < min) {
            min = v;
            at = [i, j];
          }
        }
      }
      uniq = { min, at };
      let lo = Infinity;
      let hi = -Infinity;
      for (const v of table) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      bounds = { lo, hi };
      this._cache = { key, table, uniq, bounds };
    }

    // rotation: R(k) is read off PE(k) itself — PE(k, 2i) = sin(kω_i), PE(k, 2i+1) = cos(kω_i)
    const pos = this._posUsed;
    const k = this._kUsed;
    const p = { dModel: d, layout: 'interleaved' };
    const a = this.pe.sinusoidal({ length: 1, offset: pos, dModel: d, base: this.base });
    const b = this.pe.sinusoidal({ length: 1, offset: pos + k, dModel: d, base: this.base });
    const r = this.pe.sinusoidal({ length: 1, offset: k, dModel: d, base: this.base });
    let maxErr = 0;
    let worst = 0;
    const half = d / 2;
    for (let i = 0; i < half; i++) {
      const s = r[columnOf(i, 'sin', p)];
      const c = r[columnOf(i, 'cos', p)];
      const x = a[columnOf(i, 'sin', p)];
      const y = a[columnOf(i, 'cos', p)];
      const e = Math.max(Math.abs(b[columnOf(i, 'sin', p)] - (c * x + s * y)), Math.abs(b[columnOf(i, 'cos', p)] - (-s * x + c * y)));
      if (e > maxErr) {
        maxErr = e;
        worst = i;
      }
    }
    const i = this._pairUsed;
    const R = { s: r[2 * i], c: r[2 * i + 1] };
    const before = { x: a[2 * i], y: a[2 * i + 1] };
    const after = { x: b[2 * i], y: b[2 * i + 1] };
    const predicted = { x: R.c * before.x + R.s * before.y, y: -R.s * before.x + R.c * before.y };

    // extrapolation: neighbour similarity inside and beyond the training length
    const neighbour = (q) => this.pe.compare(table.subarray(q * d, q * d + d), table.subarray((q + 1) * d, (q + 2) * d)).cosine;
    const inside = neighbour(Math.max(0, T - 2));
    const beyond = neighbour(L - 2);
    // the closest pair among positions T … L − 1: distances depend on the gap only, so row T against every
    // later row covers every pair (neighbours are not always the closest: a slow table wraps back)
    let minBeyond = Infinity, closestGap = 1;
    const rowT = table.subarray(T * d, T * d + d);
    for (let q = T + 1; q < L; q++) {
      const e = this.pe.compare(rowT, table.subarray(q * d, q * d + d)).euclidean;
      if (e < minBeyond) (minBeyond = e), (closestGap = q - T);
    }
    // a learned table with T rows cannot answer position T: ask the engine and show its answer
    let learnedError = '';
    try {
      this.pe.learned({ maxLength: T, dModel: d, seed: 1, positions: [T] });
    } catch (err) {
      learnedError = err?.message ?? String(err);
    }
    return { L, d, table, uniq, bounds, rotation: { pos, k, maxErr, worst, i, R, before, after, predicted }, extrap: { T, inside, beyond, minBeyond, closestGap, learnedError } };
  }

  updated() {
    this._draw();
  }

  _draw() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    const C = this._last;
    if (!canvas || !C) return;
    const t = this.theme$();
    // the check's box, less its padding and border
    const w = this.widthIn(canvas.closest('.check')) - 22;
    const h = this.compact ? 124 : 200;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    const rect = { x: 50, y: 8, w: Math.max(60, w - 60), h: h - 48 };
    const dims = this._plotDims(C.d);
    const series = dims.map((dim, j) => {
      const col = new Float32Array(C.L);
      for (let q = 0; q < C.L; q++) col[q] = C.table[q * C.d + dim];
      return { values: col, color: CATEGORICAL[j], width: 1.5 };
    });
    // shade the region beyond the training length
    const sx = (v) => rect.x + (v / (C.L - 1)) * rect.w;
    ctx.fillStyle = t.surface;
    ctx.fillRect(sx(C.extrap.T), rect.y, rect.x + rect.w - sx(C.extrap.T), rect.h);
    drawLinePlot(ctx, { rect, xDomain: [0, C.L - 1], yDomain: [-1.08, 1.08], series, theme: t, xLabel: this.t('properties.axisPosition'), yLabel: this.t('properties.axisValue') });
    ctx.save();
    ctx.strokeStyle = t.fg;
    ctx.setLineDash([5, 4]);
    ctx.beginPath();
    ctx.moveTo(Math.round(sx(C.extrap.T)) + 0.5, rect.y);
    ctx.lineTo(Math.round(sx(C.extrap.T)) + 0.5, rect.y + rect.h);
    ctx.stroke();
    ctx.fillStyle = t.fg;
    ctx.font = t.fontSmall;
    ctx.textBaseline = 'top';
    const label = this.t('properties.trainingMark', { T: C.extrap.T });
    const lw = ctx.measureText(label).width;
    const left = sx(C.extrap.T) + 6 + lw < rect.x + rect.w;
    const lx = left ? sx(C.extrap.T) + 6 : sx(C.extrap.T) - 6 - lw;
    ctx.fillStyle = t.bg;
    ctx.globalAlpha = 0.85;
    ctx.fillRect(lx - 3, rect.y + 2, lw + 6, 16);
    ctx.globalAlpha = 1;
    ctx.fillStyle = t.fg;
    ctx.textAlign = 'left';
    ctx.fillText(label, lx, rect.y + 4);
    ctx.restore();
    this._legendDims = dims;
  }

  /** Slow-ish sine columns, so the continuation past the training length is visible. */
  _plotDims(d) {
    const out = [];
    for (const f of [0.12, 0.25, 0.4]) {
      const c = 2 * Math.round((f * d) / 2);
      if (c < d && !out.includes(c)) out.push(c);
    }
    return out;
  }

  /**
   * The checks as [identifier, value, detail]: identifiers and details are data (the same in every language,
   * like the CSV's column names), the values are read off the float32 table.
   */
  _checkValues(C) {
    const rot = C.rotation;
    return [
      ['min_distance', C.uniq.min, `positions=${C.uniq.at.join(',')}`],
      ['min_value', C.bounds.lo, ''],
      ['max_value', C.bounds.hi, ''],
      ['rotation_max_error', rot.maxErr, `pos=${rot.pos} k=${rot.k} worst_pair=${rot.worst}`],
      ['neighbour_cosine_inside_training', C.extrap.inside, `T=${C.extrap.T}`],
      ['neighbour_cosine_at_end', C.extrap.beyond, `L=${C.L}`],
      ['min_distance_beyond_training', C.extrap.minBeyond, ''],
    ];
  }

  /** The checks' values, float32, labelled by their identifiers (the CSV's rows). */
  toArray() {
    const C = this.checks;
    if (!C) return null;
    const checks = this._checkValues(C);
    return { data: Float32Array.from(checks, (c) => c[1]), shape: [checks.length], rows: checks.map((c) => c[0]) };
  }

  toPyTorch() {
    const C = this.checks;
    return C && propertiesCode({ length: C.L, dModel: C.d, base: this.base, pos: C.rotation.pos, k: C.rotation.k, trainLength: C.extrap.T });
  }

  toCSV() {
    const C = this.checks;
    if (!C) return '';
    return [csvRow(['check', 'value', 'detail']), ...this._checkValues(C).map(csvRow)].join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const C = this.checks;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    if (!C || !canvas) return null;
    const t = this.theme$();
    const rot = C.rotation;
    const f = (v) => formatNumber(this.locale, v, 4);
    const tab = tableCanvas(
      [
        [this.t('properties.property'), this.t('properties.result')],
        [this.t('properties.pictureUnique'), this.t('properties.pictureUniqueValue', { distance: f(C.uniq.min), positions: C.uniq.at.join(', ') })],
        [this.t('properties.pictureBounded'), `[${f(C.bounds.lo)}, ${f(C.bounds.hi)}]`],
        [`PE(${rot.pos}+${rot.k}) = R(${rot.k})·PE(${rot.pos})`, this.t('properties.pictureError', { error: formatSci(this.locale, rot.maxErr, 3) })],
        [this.t('properties.pictureExtrap'), this.t('properties.pictureExtrapValue', { inside: f(C.extrap.inside), beyond: f(C.extrap.beyond) })],
      ],
      { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border },
    );
    return this.picture([tab, canvas], this.t('properties.picture', { length: C.L, dModel: C.d }));
  }

  /** A number box for `prop` showing `used`, the value the checks use (the attribute may be out of range). */
  _num(name, prop, min, max, used) {
    return html`<label
      >${name}
      <input
        type="number"
        min=${min}
        max=${max}
        step="1"
        .value=${String(used)}
        @change=${(e) => {
          const v = Math.max(min, Math.min(max, Math.round(Number(e.target.value) || 0)));
          this[prop] = v;
          e.target.value = String(v); // the box shows what is used even when the property was already v
        }}
    /></label>`;
  }

  render() {
    const C = this._ready ? this.checks : null;
    this._last = C;
    if (!C) {
      return html`${this.renderHead(this.label || this.t('properties.title'))}${this._ready ? nothing : html`<p class="muted">${this.t('common.loading')}</p>`}`;
    }
    const rot = C.rotation;
    const ok = {
      unique: C.uniq.min > 1e-3,
      bounded: C.bounds.lo >= -1 && C.bounds.hi <= 1,
      rotation: rot.maxErr < ROTATION_TOLERANCE,
      extrap: C.extrap.minBeyond > 1e-3,
    };
    const badge = (pass) => html`<span class=${`badge ${pass ? '' : 'fail'}`}>${this.t(pass ? 'properties.holds' : 'properties.fails')}</span>`;
    const f = (v) => formatNumber(this.locale, v, 4);
    const mono = (v, value) => html`<span class="mono" data-value=${value ?? nothing}>${v}</span>`;
    const big = (n) => (this.locale === 'en' ? int(n) : n);
    return html`
      ${this.renderHead(this.label || this.t('properties.title'))}
      <p class="note lesson">${this.t('properties.table', { length: big(C.L), dModel: C.d, base: this.base })}</p>
      <ol class="checks" aria-live="polite">
        <li class="check" data-check="unique">
          <h4>${this.t('properties.unique.title')} ${badge(ok.unique)}</h4>
          <p>${this.tHtml('properties.unique.text', { a: C.uniq.at[0], b: C.uniq.at[1], distance: mono(f(C.uniq.min), C.uniq.min) })}<span class="lesson">${this.t('properties.unique.lesson', { length: big(C.L) })}</span></p>
        </li>
        <li class="check" data-check="bounded">
          <h4>${this.t('properties.bounded.title')} ${badge(ok.bounded)}</h4>
          <p>${this.tHtml('properties.bounded.text', { lo: mono(f(C.bounds.lo)), hi: mono(f(C.bounds.hi)) })}<span class="lesson">${this.t('properties.bounded.lesson')}</span></p>
        </li>
        <li class="check" data-check="rotation">
          <h4>${this.t('properties.rotation.title')} ${badge(ok.rotation)}</h4>
          <div class="controls">${this._num('pos', 'pos', 0, MAX_SHIFT, rot.pos)} ${this._num('k', 'k', 0, MAX_SHIFT, rot.k)} ${this._num(this.t('properties.pairI'), 'pair', 0, C.d / 2 - 1, rot.i)}</div>
          <p>${this.t('properties.rotation.text')}</p>
          <div class="eq" aria-label=${this.t('properties.rotation.aria', { pair: rot.i, pos: rot.pos, after: rot.pos + rot.k })}>
            <span>${this.t('properties.pair', { pair: rot.i })}</span>
            <span class="matrix"><span>${f(rot.R.c)}</span><span>${f(rot.R.s)}</span><span>${f(-rot.R.s)}</span><span>${f(rot.R.c)}</span></span>
            <span>·</span>
            <span class="vec"><span>${f(rot.before.x)}</span><span>${f(rot.before.y)}</span></span>
            <span>=</span>
            <span class="vec"><span>${f(rot.predicted.x)}</span><span>${f(rot.predicted.y)}</span></span>
            <span>${this.t('properties.versus', { position: rot.pos + rot.k })}</span>
            <span class="vec"><span>${f(rot.after.x)}</span><span>${f(rot.after.y)}</span></span>
          </div>
          <p>${this.tHtml('properties.rotation.error', { pairs: C.d / 2, error: mono(formatSci(this.locale, rot.maxErr, 3), rot.maxErr), worst: rot.worst, tolerance: formatSci(this.locale, ROTATION_TOLERANCE, 1) })}<span class="lesson">${this.t('properties.rotation.lesson')}</span></p>
        </li>
        <li class="check" data-check="extrapolation">
          <h4>${this.t('properties.extrap.title')} ${badge(ok.extrap)}</h4>
          <div class="controls">${this._num(this.t('properties.trainingLength'), 'trainLength', 2, C.L - 2, C.extrap.T)}</div>
          <p>
            ${this.tHtml('properties.extrap.text', { T: C.extrap.T, beyond: mono(f(C.extrap.beyond)), inside: mono(f(C.extrap.inside)), closest: mono(f(C.extrap.minBeyond)), gap: C.extrap.closestGap, other: C.extrap.T + C.extrap.closestGap })}<span class="lesson">${this.t('properties.extrap.lesson', { T: C.extrap.T })}</span>
          </p>
          <p class="mono muted" data-role="learned-error" dir="ltr">${C.extrap.learnedError ? `RangeError: ${C.extrap.learnedError}` : this.t('properties.noError')}</p>
          <canvas class="plot" role="img" aria-label=${this.t('properties.plotAria', { dims: this._plotDims(C.d).join(', '), length: C.L, T: C.extrap.T })}></canvas>
          <p class="note">${this.t('properties.curves')} ${this._plotDims(C.d).map((x, j) => html`<span style=${styleProps({ color: CATEGORICAL[j] })}>■</span> dim ${x} `)}</p>
        </li>
      </ol>
    `;
  }
}

customElements.get('posenc-properties') || customElements.define('posenc-properties', PosencProperties);
