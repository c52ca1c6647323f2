// <posenc-properties>: the lesson's checks on the engine's table, live — uniqueness, bounds, the
// rotation (relative-position) property and extrapolation past a training length. Settings in
// ./descriptor.js, the checks in ./model.js, the plot in ./painters.js; this element holds the template and
// the reader's input.

import { html, nothing } from 'lit';
import { styleProps } from '../../render/style-props.js';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, elementProperties } from '../base.js';
import { CATEGORICAL } from '../../render/color.js';
import { int } from '../../render/format.js';
import { formatNumber, formatSci, shipCatalogues } from '../../i18n/index.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { propertiesCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { MAX_SHIFT, ROTATION_TOLERANCE, checkValues, clampWhole, computeTable, extrapolationCheck, plotDims, rotationCheck } from './model.js';
import { paintExtrapolation } from './painters.js';
import { propertiesStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export class PosencProperties extends PosencElement {
  static properties = elementProperties(properties);

  static styles = [baseStyles, propertiesStyles];

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
    return clampWhole(this.trainLength, 2, this.length - 2);
  }

  /** pos and k of the rotation check as used: whole numbers from 0 to MAX_SHIFT. */
  get _posUsed() {
    return clampWhole(this.pos, 0, MAX_SHIFT);
  }

  get _kUsed() {
    return clampWhole(this.k, 0, MAX_SHIFT);
  }

  /** The pair drawn in the rotation check: 0 … d-model/2 − 1 (0 while d-model is invalid). */
  get _pairUsed() {
    const d = this.dModel;
    return clampWhole(this.pair, 0, (Number.isInteger(d) && d >= 2 && d % 2 === 0 ? d / 2 : 1) - 1);
  }

  get adjustments() {
    const t = this.t.bind(this);
    const out = [
      ...super.adjustments,
      ...replaced('pos', this.pos, this._posUsed, this.t('properties.posRange', { max: MAX_SHIFT }), t),
      ...replaced('k', this.k, this._kUsed, this.t('properties.shiftRange', { max: MAX_SHIFT }), t),
    ];
    const d = this.dModel;
    if (Number.isInteger(d) && d >= 2 && d % 2 === 0) out.push(...replaced('pair', this.pair, this._pairUsed, this.t('properties.pairRange', { last: d / 2 - 1 }), t));
    const L = this.length;
    if (!Number.isInteger(L) || L < 4) return out;
    return [...out, ...replaced('train-length', this.trainLength, this._trainLengthUsed, this.t('properties.trainRange', { last: L - 2 }), t)];
  }

  _compute() {
    checkRanges(this);
    const { length: L, dModel: d, base } = this;
    const { table, uniq, bounds } = this.cached('table', [L, d, base], () => computeTable(this.pe, { length: L, dModel: d, base }));
    const check = { dModel: d, base, pos: this._posUsed, k: this._kUsed, pair: this._pairUsed, T: this._trainLengthUsed };
    return this.cached('checks', [L, ...Object.values(check)], () => ({
      L,
      d,
      table,
      uniq,
      bounds,
      rotation: rotationCheck(this.pe, check),
      extrap: extrapolationCheck(this.pe, table, { length: L, dModel: d, T: check.T }),
    }));
  }

  updated() {
    this.timed(() => this._draw());
  }

  _draw() {
    const canvas = this.renderRoot?.querySelector('canvas.plot');
    const C = this._last;
    if (!canvas || !C) return;
    // the check's box, less its padding and border
    paintExtrapolation(this, canvas, { checks: C, dims: plotDims(C.d), width: this.widthIn(canvas.closest('.check')) - 22 });
  }

  /** The checks' values, float32, labelled by their identifiers (the CSV's rows). */
  toArray() {
    const C = this.checks;
    if (!C) return null;
    const checks = checkValues(C);
    return { data: Float32Array.from(checks, (c) => c[1]), shape: [checks.length], rows: checks.map((c) => c[0]) };
  }

  toPyTorch() {
    const C = this.checks;
    return C && propertiesCode({ length: C.L, dModel: C.d, base: this.base, pos: C.rotation.pos, k: C.rotation.k, trainLength: C.extrap.T });
  }

  toCSV() {
    const C = this.checks;
    if (!C) return '';
    return [csvRow(['check', 'value', 'detail']), ...checkValues(C).map(csvRow)].join('\n') + '\n';
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
          const v = clampWhole(Number(e.target.value), min, max);
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
          <canvas class="plot" role="img" aria-label=${this.t('properties.plotAria', { dims: plotDims(C.d).join(', '), length: C.L, T: C.extrap.T })}></canvas>
          <p class="note">${this.t('properties.curves')} ${plotDims(C.d).map((x, j) => html`<span style=${styleProps({ color: CATEGORICAL[j] })}>■</span> dim ${x} `)}</p>
        </li>
      </ol>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencProperties);
