// <posenc-slicing>: how `pe[:, 0::2]` / `pe[:, 1::2]` fill the table and how `x + pe[:, :seq, :]`
// broadcasts over the batch — five steps with shapes, values from the engine. A seq longer than the table
// (length) is not clamped: the slice stops at the table's last row and the addition fails, as in PyTorch,
// and the widget says so. Settings in ./descriptor.js, the tensors in ./model.js; this element holds the
// steps' templates and the reader's input.

import { html, nothing } from 'lit';
import { styleProps } from '../../render/style-props.js';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced, elementProperties } from '../base.js';
import { lut, textOn } from '../../render/color.js';
import { formatNumber, shipCatalogues } from '../../i18n/index.js';
import { csvRow, tableCanvas } from '../../render/export.js';
import { slicingCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { STEPS, computeSlicing, sumOf } from './model.js';
import { slicingStyles } from './styles.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

const code = (text) => html`<code dir="ltr">${text}</code>`;

export class PosencSlicing extends PosencElement {
  static properties = elementProperties(properties);

  static styles = [baseStyles, slicingStyles];

  get _step() {
    return Math.max(1, Math.min(STEPS.length, Math.round(this.step) || 1));
  }

  get adjustments() {
    return [...super.adjustments, ...replaced('step', this.step, this._step, this.t('slicing.stepRange', { last: STEPS.length }), this.t.bind(this))];
  }

  /** The title of step `n` (1-based). */
  _title(n) {
    return this.t(`slicing.step${n}`);
  }

  engineReady() {
    this.requestUpdate();
  }

  /** Engine data for the current attributes (./model.js): { pe, x, omega, d, L, S, B, fits } */
  _data() {
    checkRanges(this);
    const { dModel, length, seq, batch, base } = this;
    return this.cached('slicing', [dModel, length, seq, batch, base], () => computeSlicing(this.pe, { dModel, length, seq, batch, base }));
  }

  _cell(v) {
    const { css: colors } = lut('RdBu');
    const c = colors[Math.max(0, Math.min(255, Math.round(((v + 1) / 2) * 255)))];
    return html`<td style=${styleProps({ background: c, color: textOn(c) })}>${formatNumber(this.locale, v, 3)}</td>`;
  }

  _matrix({ rows, cols, get, rowHead, colHead, colClass, caption }) {
    return html`<div class="scroll">
      <table class="values">
        ${caption ? html`<caption class="cap">${caption}</caption>` : nothing}
        <thead>
          <tr>
            <th scope="col">${rowHead}</th>
            ${Array.from({ length: cols }, (_, c) => html`<th scope="col" class=${colClass ? colClass(c) : ''}>${colHead(c)}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${Array.from({ length: rows }, (_, r) => html`<tr>
            <th scope="row">${r}</th>
            ${Array.from({ length: cols }, (_, c) => this._cell(get(r, c)))}
          </tr>`)}
        </tbody>
      </table>
    </div>`;
  }

  _panel(D) {
    const { pe, x, omega, d, L, S, B } = D;
    const step = this._step;
    const evens = Array.from({ length: d / 2 }, (_, i) => 2 * i);
    const odds = evens.map((e) => e + 1);
    const sub = (n) => String(n).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[d]);
    const omegaText = (i) => `ω${sub(i)} = ${Number(omega[i].toPrecision(3))}`;
    switch (step) {
      case 1:
        return html`
          <p>${this.tHtml('slicing.s1.intro', { slice: code('start::step'), start: code('start'), step: code('step'), dModel: d })}</p>
          <div class="dims" aria-label=${this.t('slicing.columns')}>${Array.from({ length: d }, (_, c) => html`<span class=${`dim ${c % 2 ? 'cos' : 'sin'}`}>${c}</span>`)}</div>
          <div class="groups">
            <div class="group">${this.tHtml('slicing.s1.even', { slice: code('pe[:, 0::2]'), list: html`<strong>${evens.join(', ')}</strong>`, fn: html`<strong>sin</strong>` })}</div>
            <div class="group">${this.tHtml('slicing.s1.odd', { slice: code('pe[:, 1::2]'), list: html`<strong>${odds.join(', ')}</strong>`, fn: html`<strong>cos</strong>` })}</div>
          </div>
          <p class="note">${this.tHtml('slicing.s1.note', { half: d / 2, omega: html`ω<sub>i</sub>` })}</p>
        `;
      case 2:
        return html`
          <table class="shapes" aria-label=${this.t('slicing.shapes')}>
            <tr><th scope="row" dir="ltr">position</th><td class="shape">[${L}, 1]</td></tr>
            <tr><th scope="row" dir="ltr">div_term (ω)</th><td class="shape">[${d / 2}]</td></tr>
            <tr><th scope="row" dir="ltr">position * div_term</th><td class="shape">[${L}, ${d / 2}] ${this.t('slicing.broadcastNote')}</td></tr>
            <tr><th scope="row" dir="ltr">pe[:, 0::2]</th><td class="shape">[${L}, ${d / 2}]</td></tr>
          </table>
          <p>${this.tHtml('slicing.s2.text', { angle: html`pos·ω<sub>i</sub>` })}</p>
          ${this._matrix({ rows: L, cols: d / 2, get: (r, c) => pe[r * d + 2 * c], rowHead: 'pos', colHead: (c) => this.t('slicing.col', { column: 2 * c, omega: omegaText(c) }), colClass: () => 'sin', caption: this.t('slicing.fromEngine', { code: 'pe[:, 0::2]' }) })}
        `;
      case 3:
        return html`
          <p>${this.t('slicing.s3.text')}</p>
          ${this._matrix({ rows: L, cols: d / 2, get: (r, c) => pe[r * d + 2 * c + 1], rowHead: 'pos', colHead: (c) => this.t('slicing.col', { column: 2 * c + 1, omega: omegaText(c) }), colClass: () => 'cos', caption: 'pe[:, 1::2]' })}
          ${this._matrix({ rows: L, cols: d, get: (r, c) => pe[r * d + c], rowHead: 'pos', colHead: (c) => `${c} ${c % 2 ? 'cos' : 'sin'}`, colClass: (c) => (c % 2 ? 'cos' : 'sin'), caption: this.t('slicing.wholePe', { shape: `[${L}, ${d}]` }) })}
        `;
      case 4:
        if (!D.fits) {
          return html`
            <p>${this.tHtml('slicing.s4.tooLong', { unsqueeze: code('unsqueeze(0)'), slice: code(`[:, :${S}, :]`), seq: S, length: L })}</p>
            <table class="shapes" aria-label=${this.t('slicing.broadcastShapes')}>
              <thead><tr><th></th><th>${this.t('slicing.batch')}</th><th>seq</th><th>d_model</th></tr></thead>
              <tbody>
                <tr><th scope="row">x</th><td>${B}</td><td>${S}</td><td>${d}</td></tr>
                <tr><th scope="row">pe.unsqueeze(0)</th><td>1</td><td>${L}</td><td>${d}</td></tr>
                <tr><th scope="row">pe[:, :${S}, :]</th><td>1</td><td class="bad">${this.t('slicing.notSeq', { length: L, seq: S })}</td><td>${d}</td></tr>
                <tr><th scope="row">x + pe[:, :${S}, :]</th><td>${B}</td><td class="bad">${L === 1 ? this.t('slicing.noError', { seq: S }) : this.t('slicing.mismatch', { seq: S, length: L })}</td><td>${d}</td></tr>
              </tbody>
            </table>
            ${this._tooLong(D)}
          `;
        }
        return html`
          <p>${this.tHtml('slicing.s4.text', { unsqueeze: code('unsqueeze(0)'), slice: code(`[:, :${S}, :]`), seq: S })}</p>
          <table class="shapes" aria-label=${this.t('slicing.broadcastShapes')}>
            <thead><tr><th></th><th>${this.t('slicing.batch')}</th><th>seq</th><th>d_model</th></tr></thead>
            <tbody>
              <tr><th scope="row">x</th><td>${B}</td><td>${S}</td><td>${d}</td></tr>
              <tr><th scope="row">pe.unsqueeze(0)</th><td>1</td><td>${L}</td><td>${d}</td></tr>
              <tr><th scope="row">pe[:, :${S}, :]</th><td>1 → ${B}</td><td>${S}</td><td>${d}</td></tr>
              <tr><th scope="row">x + pe[:, :${S}, :]</th><td>${B}</td><td>${S}</td><td>${d}</td></tr>
            </tbody>
          </table>
          <p class="note">${this.t('slicing.s4.note', { block: `${S} × ${d}` })}</p>
          ${this._matrix({ rows: S, cols: d, get: (r, c) => pe[r * d + c], rowHead: 'pos', colHead: (c) => String(c), colClass: (c) => (c % 2 ? 'cos' : 'sin'), caption: this.t('slicing.shared', { code: `pe[0, :${S}, :]`, count: B }) })}
        `;
      default:
        if (!D.fits) {
          return html`
            <p>${L === 1
              ? this.tHtml('slicing.s5.trap', { slice: code(`pe[:, :${S}]`), seq: S })
              : this.tHtml('slicing.s5.none', { slice: code(`pe[:, :${S}]`), seq: S, length: L })}</p>
            ${this._tooLong(D)}
          `;
        }
        return html`
          <p>${this.t('slicing.s5.text')}</p>
          <div class="batches">
            ${Array.from({ length: B }, (_, b) => html`
              <div class="batch" role="group" aria-label=${this.t('slicing.batchItem', { index: b })}>
                ${this._matrix({ rows: S, cols: d, get: (r, c) => x[(b * S + r) * d + c], rowHead: 'pos', colHead: (c) => String(c), caption: `x[${b}]` })}
                <span class="op" aria-hidden="true">+</span>
                ${this._matrix({ rows: S, cols: d, get: (r, c) => pe[r * d + c], rowHead: 'pos', colHead: (c) => String(c), colClass: (c) => (c % 2 ? 'cos' : 'sin'), caption: this.t('slicing.sameForEvery', { code: `pe[0, :${S}]` }) })}
                <span class="op" aria-hidden="true">=</span>
                ${this._matrix({ rows: S, cols: d, get: (r, c) => x[(b * S + r) * d + c] + pe[r * d + c], rowHead: 'pos', colHead: (c) => String(c), caption: `out[${b}]` })}
              </div>
            `)}
          </div>
          <p class="note">${this.t('slicing.s5.note', { shape: `[${B}, ${S}, ${d}]` })}</p>
        `;
    }
  }

  /** Why x + pe[:, :seq] fails when seq is longer than the table, naming both attributes. */
  _tooLong({ L, S, B, d }) {
    // a one-row table is worse: its axis of size 1 broadcasts, so nothing fails
    if (L === 1)
      return html`<p class="error" role="alert" data-role="too-long">${this.tHtml('slicing.tooLongOne', { seq: S, slice: code(`pe[:, :${S}, :]`), sum: code(`x + pe[:, :${S}, :]`) })}</p>`;
    return html`<p class="error" role="alert" data-role="too-long">${this.tHtml('slicing.tooLong', {
      seq: S,
      length: L,
      slice: code(`pe[:, :${S}, :]`),
      sum: code(`x + pe[:, :${S}, :]`),
      xShape: `[${B}, ${S}, ${d}]`,
      peShape: `[1, ${L}, ${d}]`,
      error: html`<span dir="ltr">“RuntimeError: The size of tensor a (${S}) must match the size of tensor b (${L}) at non-singleton dimension 1”</span>`,
    })}</p>`;
  }

  _go(s) {
    this.step = Math.max(1, Math.min(STEPS.length, s));
    this.updateComplete.then(() => this.renderRoot.querySelector(`[role="tab"][aria-selected="true"]`)?.focus());
  }

  _onTabKey(e) {
    const s = this._step;
    if (e.key === 'ArrowRight') this._go(s + 1);
    else if (e.key === 'ArrowLeft') this._go(s - 1);
    else if (e.key === 'Home') this._go(1);
    else if (e.key === 'End') this._go(STEPS.length);
    else return;
    e.preventDefault();
  }

  /** x + pe[:, :seq], float32 [batch, seq, dModel]; a RangeError when seq > length (no such sum). */
  toArray() {
    const D = this.guard(() => this._data());
    return D ? sumOf(D) : null;
  }

  toPyTorch() {
    checkRanges(this);
    return slicingCode({ length: this.length, dModel: this.dModel, base: this.base, batch: this.batch, seq: this.seq });
  }

  toCSV() {
    const D = this.guard(() => this._data());
    if (!D) return '';
    const { pe, x, d, S, B } = D;
    const lines = [csvRow(['tensor', 'batch', 'position', ...Array.from({ length: d }, (_, c) => `dim${c}`)])];
    for (let r = 0; r < D.L; r++) lines.push(csvRow(['pe', '', r, ...Array.from(pe.subarray(r * d, r * d + d))]));
    if (!D.fits) return lines.join('\n') + '\n'; // seq > length: no x + pe to export (the addition is a shape error)
    for (let b = 0; b < B; b++) for (let r = 0; r < S; r++) lines.push(csvRow(['x', b, r, ...Array.from(x.subarray((b * S + r) * d, (b * S + r) * d + d))]));
    for (let b = 0; b < B; b++) for (let r = 0; r < S; r++) lines.push(csvRow(['x+pe', b, r, ...Array.from({ length: d }, (_, c) => x[(b * S + r) * d + c] + pe[r * d + c])]));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    const D = this.guard(() => this._data());
    if (!D) return null;
    const t = this.theme$();
    const { pe, d, L } = D;
    const rows = [['pos', ...Array.from({ length: d }, (_, c) => `${c} ${c % 2 ? 'cos' : 'sin'}`)]];
    for (let r = 0; r < L; r++) rows.push([r, ...Array.from({ length: d }, (_, c) => formatNumber(this.locale, pe[r * d + c], 4))]);
    const tab = tableCanvas(rows, { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border });
    return this.picture([tab], this.t('slicing.picture', { step: this._step, title: this._title(this._step), shape: `[${L}, ${d}]` }));
  }

  render() {
    const step = this._step;
    const D = this.pe ? this.guard(() => this._data(), { main: true }) : null;
    return html`
      ${this.renderHead(this.label || this.t('slicing.title'))}
      <div role="tablist" aria-label=${this.t('slicing.steps')} @keydown=${this._onTabKey}>
        ${STEPS.map(
          (_, i) => html`<button
            type="button"
            role="tab"
            id=${`tab-${i + 1}`}
            aria-selected=${i + 1 === step ? 'true' : 'false'}
            aria-controls="panel"
            tabindex=${i + 1 === step ? '0' : '-1'}
            @click=${() => this._go(i + 1)}
          >
            ${i + 1}. ${this._title(i + 1)}
          </button>`,
        )}
      </div>
      <section class="panel" id="panel" role="tabpanel" aria-labelledby=${`tab-${step}`}>
        <h4 aria-live="polite">${this.t('slicing.stepHeading', { step, count: STEPS.length, title: this._title(step) })}</h4>
        <pre class="code" dir="ltr">${STEPS[step - 1]}</pre>
        ${D && !D.fits && step < 4
          ? html`<p class="error" role="status" data-role="too-long">${this.tHtml('slicing.tooLongEarly', { seq: D.S, length: D.L, code: code(`x + pe[:, :${D.S}, :]`) })}</p>`
          : nothing}
        ${D ? this._panel(D) : this._ready ? nothing : html`<p class="muted">${this.t('common.loading')}</p>`}
      </section>
      <div class="nav">
        <button type="button" @click=${() => this._go(step - 1)} ?disabled=${step <= 1}>${this.t('slicing.previous')}</button>
        <button type="button" class="primary" @click=${() => this._go(step + 1)} ?disabled=${step >= STEPS.length}>${this.t('slicing.next')}</button>
        <span class="muted">${step} / ${STEPS.length}</span>
      </div>
    `;
  }
}

customElements.get(tag) || customElements.define(tag, PosencSlicing);
