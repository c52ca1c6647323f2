// <posenc-slicing>: how `pe[:, 0::2]` / `pe[:, 1::2]` fill the table and how `x + pe[:, :seq, :]`
// broadcasts over the batch — five steps with shapes, values from the engine. A seq longer than the table
// (length) is not clamped: the slice stops at the table's last row and the addition fails, as in PyTorch,
// and the widget says so.

import { html, css, nothing } from 'lit';
import { styleProps } from '../../render/style-props.js';
import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, replaced } from '../base.js';
import { numberAttr } from '../../state/attributes.js';
import { lut, textOn } from '../../render/color.js';
import { fixed } from '../../render/format.js';
import { csvRow, tableCanvas } from '../../render/export.js';

const STEPS = [
  { title: 'Index slicing', code: 'pe[:, 0::2]   pe[:, 1::2]' },
  { title: 'Sines into the even columns', code: 'pe[:, 0::2] = torch.sin(position * div_term)' },
  { title: 'Cosines into the odd columns', code: 'pe[:, 1::2] = torch.cos(position * div_term)' },
  { title: 'Broadcasting over the batch', code: 'pe = pe.unsqueeze(0)      # then pe[:, :seq_len, :]' },
  { title: 'Element-wise addition', code: 'x = x + pe[:, :seq_len, :]' },
];

export class PosencSlicing extends PosencElement {
  static properties = {
    dModel: { type: Number, reflect: true, attribute: 'd-model', converter: numberAttr(6), range: { min: 2, max: 16, even: true, engine: 'SinusoidalOptions.dModel' } },
    length: { type: Number, reflect: true, converter: numberAttr(4), range: { min: 1, max: 12, engine: 'SinusoidalOptions.length' } },
    seq: { type: Number, reflect: true, converter: numberAttr(3), range: { min: 1 } },
    batch: { type: Number, reflect: true, converter: numberAttr(2), range: { min: 1, max: 4 } },
    base: { type: Number, reflect: true, converter: numberAttr(10000) },
    step: { type: Number, reflect: true, converter: numberAttr(1) },
  };

  static styles = [
    baseStyles,
    css`
      [role='tablist'] {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin: 4px 0 8px;
      }
      [role='tab'][aria-selected='true'] {
        background: var(--_accent);
        color: var(--_accent-fg);
        border-color: var(--_accent);
      }
      .panel {
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 10px;
      }
      .panel h4 {
        margin: 0 0 6px;
      }
      pre.code {
        font-family: var(--_mono);
        background: var(--_surface);
        padding: 6px 10px;
        border-radius: calc(var(--_radius) * 0.6);
        overflow-x: auto;
        margin: 6px 0;
        font-size: 0.9em;
      }
      .dims {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin: 6px 0;
      }
      .dim {
        min-width: 34px;
        padding: 6px 4px;
        text-align: center;
        border-radius: 6px;
        border: 2px solid var(--_border);
        font-family: var(--_mono);
      }
      .dim.sin {
        border-color: var(--_accent);
      }
      .dim.cos {
        border-color: var(--_muted);
        border-style: dashed;
      }
      .groups {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
        gap: 8px;
      }
      .group {
        background: var(--_surface);
        border-radius: var(--_radius);
        padding: 8px;
      }
      .shape {
        font-family: var(--_mono);
        white-space: nowrap;
      }
      table.values th.sin {
        border-top: 3px solid var(--_accent);
      }
      table.values th.cos {
        border-top: 3px dashed var(--_muted);
      }
      .batches {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
        gap: 12px;
      }
      .batch {
        display: flex;
        flex-direction: column;
        align-items: flex-start;
        gap: 2px;
        min-width: 0;
        max-width: 100%;
      }
      .batch .op {
        padding-left: 12px;
        line-height: 1;
      }
      table.values {
        font-size: 0.78em;
      }
      table.values th,
      table.values td {
        padding: 2px 5px;
      }
      table.shapes {
        border-collapse: collapse;
        font-family: var(--_mono);
        margin: 6px 0;
      }
      table.shapes td,
      table.shapes th {
        padding: 2px 10px;
        text-align: center;
        border-bottom: 1px solid var(--_border);
      }
      table.shapes th[scope='row'] {
        text-align: left;
        font-weight: normal;
      }
      @media (max-width: 480px) {
        table.shapes {
          font-size: 0.85em;
        }
        table.shapes td,
        table.shapes th {
          padding: 2px 4px;
        }
      }
      .stack {
        display: flex;
        flex-wrap: wrap;
        gap: 10px;
        align-items: center;
      }
      .op {
        font-size: 1.4em;
        font-weight: 600;
        color: var(--_muted);
      }
      .cap {
        font-size: 0.85em;
        color: var(--_muted);
        margin: 2px 0;
      }
      table.shapes td.bad {
        color: var(--_bad);
        font-weight: 600;
      }
      .nav {
        display: flex;
        gap: 6px;
        margin-top: 8px;
        align-items: center;
      }
    `,
  ];

  constructor() {
    super();
    this.dModel = 6;
    this.length = 4;
    this.seq = 3;
    this.batch = 2;
    this.base = 10000;
    this.step = 1;
    this.label = '';
  }

  get _step() {
    return Math.max(1, Math.min(STEPS.length, Math.round(this.step) || 1));
  }

  get adjustments() {
    return [...super.adjustments, ...replaced('step', this.step, this._step, `a step from 1 to ${STEPS.length}`)];
  }

  engineReady() {
    this.requestUpdate();
  }

  /** Engine data for the current attributes: { pe, x, omega } */
  _data() {
    const d = this.dModel;
    const L = this.length;
    const S = this.seq;
    const B = this.batch;
    checkRanges(this);
    const pe = this.pe.sinusoidal({ length: L, dModel: d, base: this.base });
    // x only exists when the addition does (seq ≤ length); longer, x + pe[:, :seq] is a shape error
    const fits = S <= L;
    const x = fits ? this.pe.learned({ maxLength: B * S, dModel: d, seed: 7, std: 1 }) : null;
    const { invFreq } = this.pe.rope.invFreq({ headDim: d, base: this.base });
    return { pe, x, omega: invFreq, d, L, S, B, fits };
  }

  _cell(v) {
    const { css: colors } = lut('RdBu');
    const c = colors[Math.max(0, Math.min(255, Math.round(((v + 1) / 2) * 255)))];
    return html`<td style=${styleProps({ background: c, color: textOn(c) })}>${fixed(v, 3)}</td>`;
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
          <p>A slice <code>start::step</code> walks the columns from <code>start</code> in jumps of <code>step</code>. With d_model = ${d} the columns are:</p>
          <div class="dims" aria-label="Columns">${Array.from({ length: d }, (_, c) => html`<span class=${`dim ${c % 2 ? 'cos' : 'sin'}`}>${c}</span>`)}</div>
          <div class="groups">
            <div class="group"><code>pe[:, 0::2]</code> → columns <strong>${evens.join(', ')}</strong> (even) → receive <strong>sin</strong></div>
            <div class="group"><code>pe[:, 1::2]</code> → columns <strong>${odds.join(', ')}</strong> (odd) → receive <strong>cos</strong></div>
          </div>
          <p class="note">Both slices have ${d / 2} columns — one per frequency. Column pair (2i, 2i+1) shares the frequency ω<sub>i</sub>.</p>
        `;
      case 2:
        return html`
          <table class="shapes" aria-label="Shapes in this step">
            <tr><th scope="row">position</th><td class="shape">[${L}, 1]</td></tr>
            <tr><th scope="row">div_term (ω)</th><td class="shape">[${d / 2}]</td></tr>
            <tr><th scope="row">position * div_term</th><td class="shape">[${L}, ${d / 2}] (broadcast)</td></tr>
            <tr><th scope="row">pe[:, 0::2]</th><td class="shape">[${L}, ${d / 2}]</td></tr>
          </table>
          <p>The column vector of positions times the row of frequencies gives every angle pos·ω<sub>i</sub> at once; the sine of it fills the even columns:</p>
          ${this._matrix({ rows: L, cols: d / 2, get: (r, c) => pe[r * d + 2 * c], rowHead: 'pos', colHead: (c) => `col ${2 * c} · ${omegaText(c)}`, colClass: () => 'sin', caption: 'pe[:, 0::2] — values from the engine' })}
        `;
      case 3:
        return html`
          <p>The same angles, through the cosine, fill the odd columns. Together the two slices cover the table with no gaps and no overlap:</p>
          ${this._matrix({ rows: L, cols: d / 2, get: (r, c) => pe[r * d + 2 * c + 1], rowHead: 'pos', colHead: (c) => `col ${2 * c + 1} · ${omegaText(c)}`, colClass: () => 'cos', caption: 'pe[:, 1::2]' })}
          ${this._matrix({ rows: L, cols: d, get: (r, c) => pe[r * d + c], rowHead: 'pos', colHead: (c) => `${c} ${c % 2 ? 'cos' : 'sin'}`, colClass: (c) => (c % 2 ? 'cos' : 'sin'), caption: `the whole pe, shape [${L}, ${d}]` })}
        `;
      case 4:
        if (!D.fits) {
          return html`
            <p><code>unsqueeze(0)</code> adds a leading axis of size 1. The slice <code>[:, :${S}, :]</code> asks for ${S} positions, but the table has
              only ${L} rows, and a slice past the end does not fail: it quietly stops at the last row. The failure comes at the addition:</p>
            <table class="shapes" aria-label="Broadcast shapes">
              <thead><tr><th></th><th>batch</th><th>seq</th><th>d_model</th></tr></thead>
              <tbody>
                <tr><th scope="row">x</th><td>${B}</td><td>${S}</td><td>${d}</td></tr>
                <tr><th scope="row">pe.unsqueeze(0)</th><td>1</td><td>${L}</td><td>${d}</td></tr>
                <tr><th scope="row">pe[:, :${S}, :]</th><td>1</td><td class="bad">${L}, not ${S}</td><td>${d}</td></tr>
                <tr><th scope="row">x + pe[:, :${S}, :]</th><td>${B}</td><td class="bad">${L === 1 ? `1 → ${S}: no error, every row PE(0)` : `${S} vs ${L}: error`}</td><td>${d}</td></tr>
              </tbody>
            </table>
            ${this._tooLong(D)}
          `;
        }
        return html`
          <p><code>unsqueeze(0)</code> adds a leading axis of size 1, and <code>[:, :${S}, :]</code> keeps the first ${S} positions. Broadcasting lines the shapes up from the right; an axis of size 1 is stretched to match:</p>
          <table class="shapes" aria-label="Broadcast shapes">
            <thead><tr><th></th><th>batch</th><th>seq</th><th>d_model</th></tr></thead>
            <tbody>
              <tr><th scope="row">x</th><td>${B}</td><td>${S}</td><td>${d}</td></tr>
              <tr><th scope="row">pe.unsqueeze(0)</th><td>1</td><td>${L}</td><td>${d}</td></tr>
              <tr><th scope="row">pe[:, :${S}, :]</th><td>1 → ${B}</td><td>${S}</td><td>${d}</td></tr>
              <tr><th scope="row">x + pe[:, :${S}, :]</th><td>${B}</td><td>${S}</td><td>${d}</td></tr>
            </tbody>
          </table>
          <p class="note">
            The stretched axis is not copied in memory: every batch item reads the same ${S} × ${d} block. That is why one table of
            max_len rows serves every batch and every shorter sequence.
          </p>
          ${this._matrix({ rows: S, cols: d, get: (r, c) => pe[r * d + c], rowHead: 'pos', colHead: (c) => String(c), colClass: (c) => (c % 2 ? 'cos' : 'sin'), caption: `pe[0, :${S}, :] — shared by all ${B} batch items` })}
        `;
      default:
        if (!D.fits) {
          return html`
            <p>${L === 1
              ? html`The addition runs, and that is the trap: <code>pe[:, :${S}]</code> has a single row, which broadcasts over all ${S} positions.`
              : html`There is nothing to add: x has ${S} positions and <code>pe[:, :${S}]</code> only ${L}, so the element-wise addition never runs.`}</p>
            ${this._tooLong(D)}
          `;
        }
        return html`
          <p>Each batch item gets the same positional rows added to its own token embeddings (random values standing in for a real embedding layer):</p>
          <div class="batches">
            ${Array.from({ length: B }, (_, b) => html`
              <div class="batch" role="group" aria-label=${`batch item ${b}`}>
                ${this._matrix({ rows: S, cols: d, get: (r, c) => x[(b * S + r) * d + c], rowHead: 'pos', colHead: (c) => String(c), caption: `x[${b}]` })}
                <span class="op" aria-hidden="true">+</span>
                ${this._matrix({ rows: S, cols: d, get: (r, c) => pe[r * d + c], rowHead: 'pos', colHead: (c) => String(c), colClass: (c) => (c % 2 ? 'cos' : 'sin'), caption: `pe[0, :${S}] (the same for every item)` })}
                <span class="op" aria-hidden="true">=</span>
                ${this._matrix({ rows: S, cols: d, get: (r, c) => x[(b * S + r) * d + c] + pe[r * d + c], rowHead: 'pos', colHead: (c) => String(c), caption: `out[${b}]` })}
              </div>
            `)}
          </div>
          <p class="note">The result has the shape of x, [${B}, ${S}, ${d}]: the encoding changes the values, never the size.</p>
        `;
    }
  }

  /** Why x + pe[:, :seq] fails when seq is longer than the table, naming both attributes. */
  _tooLong({ L, S, B, d }) {
    // a one-row table is worse: its axis of size 1 broadcasts, so nothing fails
    if (L === 1)
      return html`<p class="error" role="alert" data-role="too-long">
        seq = ${S} is longer than length = 1 (the table's max_len): <code>pe[:, :${S}, :]</code> has one row, and an axis of size 1
        broadcasts, so <code>x + pe[:, :${S}, :]</code> runs without an error and gives all ${S} tokens the encoding of position 0.
        The model silently loses every position: make seq at most 1, or build the table with length ≥ ${S}.
      </p>`;
    return html`<p class="error" role="alert" data-role="too-long">
      seq = ${S} is longer than length = ${L} (the table's max_len): <code>pe[:, :${S}, :]</code> has only ${L} rows, so
      <code>x + pe[:, :${S}, :]</code> cannot broadcast [${B}, ${S}, ${d}] with [1, ${L}, ${d}] — PyTorch stops with “RuntimeError: The size
      of tensor a (${S}) must match the size of tensor b (${L}) at non-singleton dimension 1”. A layer built with max_len = ${L} refuses inputs
      longer than ${L}: make seq at most ${L}, or build the table with length ≥ ${S}.
    </p>`;
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
    for (let r = 0; r < L; r++) rows.push([r, ...Array.from({ length: d }, (_, c) => fixed(pe[r * d + c], 4))]);
    const tab = tableCanvas(rows, { ratio: this.ratio, fg: t.fg, bg: t.bg, grid: t.border });
    return this.picture([tab], `Step ${this._step}: ${STEPS[this._step - 1].title} — pe [${L}, ${d}]`);
  }

  render() {
    const step = this._step;
    const D = this.pe ? this.guard(() => this._data(), { main: true }) : null;
    return html`
      ${this.renderHead(this.label || 'Inside the code: slicing and broadcasting')}
      <div role="tablist" aria-label="Steps" @keydown=${this._onTabKey}>
        ${STEPS.map(
          (s, i) => html`<button
            type="button"
            role="tab"
            id=${`tab-${i + 1}`}
            aria-selected=${i + 1 === step ? 'true' : 'false'}
            aria-controls="panel"
            tabindex=${i + 1 === step ? '0' : '-1'}
            @click=${() => this._go(i + 1)}
          >
            ${i + 1}. ${s.title}
          </button>`,
        )}
      </div>
      <section class="panel" id="panel" role="tabpanel" aria-labelledby=${`tab-${step}`}>
        <h4 aria-live="polite">Step ${step} of ${STEPS.length}: ${STEPS[step - 1].title}</h4>
        <pre class="code">${STEPS[step - 1].code}</pre>
        ${D && !D.fits && step < 4
          ? html`<p class="error" role="status" data-role="too-long">
              seq = ${D.S} is longer than length = ${D.L}: building the table works, but <code>x + pe[:, :${D.S}, :]</code> will fail — step 4 shows why.
            </p>`
          : nothing}
        ${D ? this._panel(D) : this._ready ? nothing : html`<p class="muted">Loading the engine…</p>`}
      </section>
      <div class="nav">
        <button type="button" @click=${() => this._go(step - 1)} ?disabled=${step <= 1}>Previous</button>
        <button type="button" class="primary" @click=${() => this._go(step + 1)} ?disabled=${step >= STEPS.length}>Next</button>
        <span class="muted">${step} / ${STEPS.length}</span>
      </div>
    `;
  }
}

customElements.get('posenc-slicing') || customElements.define('posenc-slicing', PosencSlicing);
