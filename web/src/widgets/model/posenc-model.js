// <posenc-model>: your model's positions. A published transformers config (a preset, or one pasted in) read
// by pe.rope.fromConfig: the rotary width and base, every pair's wavelength against the trained and the
// extended context (which pairs never complete a turn), what the scaling changed, the attention factor,
// and how precisely the model's own arithmetic (float32 angles, bfloat16 cos/sin) holds the angles at its
// longest context (pe.rope.precision and pe.rope.cosSin).

import { html, nothing } from 'lit';
import { PosencElement, baseStyles } from '../base.js';
import { numberAttr, intList } from '../../state/attributes.js';
import { fixed, sci, int, plain } from '../../render/format.js';
import { drawXYPlot, drawCursor, extent } from '../../render/xyplot.js';
import { csvRow } from '../../render/export.js';
import { methodStyles, clampInt, timed, pairForKey, pairAtPointer, plotContext } from '../methods-shared.js';
import { PRESETS } from './presets.js';
import { modelStyles } from './styles.js';
import { ropeInvFreqCode } from '../pytorch.js';

const TWO_PI = 2 * Math.PI;
const DTYPES = ['float32', 'bfloat16'];
const WINDOW = 4096; // positions checked at the end of the context

export class PosencModel extends PosencElement {
  static properties = {
    preset: { type: String, reflect: true, values: PRESETS.map((p) => p.id) },
    config: { type: String, reflect: true },
    pair: { type: Number, reflect: true, converter: numberAttr(-1) },
    positions: { type: Array, reflect: true, converter: intList },
    _data: { state: true },
  };

  static styles = [baseStyles, methodStyles, modelStyles];

  constructor() {
    super();
    this.preset = PRESETS[0].id;
    this.config = '';
    this.pair = -1;
    this.positions = [];
    this.label = '';
    this._data = null;
    this._key = '';
  }

  engineReady() {
    this.requestUpdate();
  }

  /** The config shown: the pasted one (JSON text), else the preset's. */
  get _source() {
    if (this.config) {
      try {
        return { name: 'your config', config: JSON.parse(this.config) };
      } catch (err) {
        throw new TypeError(`config is not valid JSON (${err.message})`);
      }
    }
    const p = PRESETS.find((x) => x.id === this.choice('preset'));
    return { name: p.name, source: p.source, illustrative: p.illustrative, config: p.config };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    const key = JSON.stringify([this.preset, this.config]);
    if (key === this._key && this._data) return;
    this._key = key;
    const ok = this.guard(() => {
      this._data = this._compute();
      return true;
    }, { main: true });
    if (!ok) this._data = null;
  }

  _compute() {
    const pe = this.pe;
    const src = this._source;
    const first = pe.rope.fromConfig(src.config);
    const trained = first.originalMaxPositionEmbeddings ?? first.maxPositionEmbeddings ?? null;
    // dynamic NTK grows with the text: it is shown at factor × the trained length, as the config intends
    const longest = (first.type === 'dynamic' && trained ? trained * first.scaling.factor : Math.max(first.maxPositionEmbeddings ?? 0, trained ?? 0)) || 2048;
    // dynamic NTK and LongRoPE pick their frequencies for the sequence length: the longest context's
    const at = first.type === 'dynamic' || first.type === 'longrope' ? { seqLen: longest } : {};
    const r = Object.keys(at).length ? pe.rope.fromConfig(src.config, at) : first;
    const plain = pe.rope.invFreq({ headDim: r.headDim, base: r.base, partialRotaryFactor: r.partialRotaryFactor });
    const wavelength = Array.from(r.invFreq, (t) => TWO_PI / t);
    const defaultWavelength = Array.from(plain.invFreq, (t) => TWO_PI / t);
    const precision = {};
    for (const dtype of DTYPES) precision[dtype] = pe.rope.precision({ config: src.config, ...at, dtype, from: Math.max(0, longest - WINDOW), to: longest - 1 });
    return { ...src, r, at, trained, longest, wavelength, defaultWavelength, precision };
  }

  /** The position whose neighbour is checked: the group's first selection, else the last two of the context. */
  get _checkAt() {
    const d = this._data;
    const p = this.getSelection()[0];
    return d ? clampInt(Number.isInteger(p) ? p : d.longest - 2, 0, 2 ** 53 - 2) : 0;
  }

  /** Pairs of positions p, p + 1 that still differ after the cast to `dtype` (cosSin rows compared pair by pair). */
  _neighbours(dtype) {
    const d = this._data;
    const p = this._checkAt;
    const c = this.pe.rope.cosSin({ config: d.config, ...d.at, positions: [p, p + 1], dtype });
    const half = c.rotaryDim / 2;
    let differ = 0;
    for (let i = 0; i < half; i++) if (c.cos[i] !== c.cos[c.rotaryDim + i] || c.sin[i] !== c.sin[c.rotaryDim + i]) differ++;
    return { p, differ, half };
  }

  get _pair() {
    const d = this._data;
    if (!d) return 0;
    const n = d.wavelength.length;
    if (this.pair >= 0) return Math.min(this.pair, n - 1);
    // the pair whose wavelength is nearest the trained context: where scaling matters
    const target = d.trained ?? d.longest;
    let best = 0;
    d.wavelength.forEach((w, i) => {
      if (Math.abs(Math.log(w / target)) < Math.abs(Math.log(d.wavelength[best] / target))) best = i;
    });
    return best;
  }

  get result() {
    const d = this._data;
    if (!d) return null;
    return {
      model: d.name,
      type: d.r.type,
      headDim: d.r.headDim,
      rotaryDim: d.r.rotaryDim,
      base: d.r.base,
      attentionFactor: d.r.attentionFactor,
      trained: d.trained,
      longest: d.longest,
      neverTurn: d.wavelength.filter((w) => w > d.longest).length,
      precision: Object.fromEntries(DTYPES.map((t) => [t, { maxAngleError: d.precision[t].maxAngleError, worstPair: d.precision[t].worstPair }])),
    };
  }

  updated() {
    timed(this, () => this._draw());
  }

  redraw() {
    this._draw();
  }

  selectionChanged() {
    this.requestUpdate();
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _draw() {
    const h = this.compact ? 250 : 320;
    const plotted = plotContext(this, h);
    if (!plotted) return;
    const { ctx, w } = plotted;
    const d = this._data;
    if (!d) return;
    const t = this.theme$();
    const x = d.wavelength.map((_, i) => i);
    const marks = [d.trained, d.longest].filter(Boolean);
    const [lo, hi] = extent([d.wavelength, d.defaultWavelength], { positive: true });
    const rect = { x: 58, y: 12, w: w - 58 - 14, h: h - 50 };
    const plot = drawXYPlot(ctx, {
      rect,
      xDomain: [-0.5, x.length - 0.5],
      yDomain: [Math.min(lo, ...marks) / 1.5, Math.max(hi, ...marks) * 1.5],
      yLog: true,
      theme: t,
      series: [
        { x, y: d.defaultWavelength, color: t.muted, width: 1.25, dash: [5, 3] },
        { x, y: d.wavelength, color: t.accent, width: 2.5, points: x.length <= 64 },
      ],
      lines: [
        ...(d.trained ? [{ axis: 'y', value: d.trained, color: t.selectB, label: `trained ${int(d.trained)}`, align: 'start' }] : []),
        ...(d.longest !== d.trained ? [{ axis: 'y', value: d.longest, color: t.selectA, label: `extended ${int(d.longest)}`, align: 'start', dash: [2, 3] }] : []),
      ],
      xLabel: 'pair i (fast → slow)',
      yLabel: 'wavelength 2π/θ (positions, log)',
      yLabelOffset: 46,
    });
    this._plot = { plot, rect };
    const i = this._pair;
    drawCursor(ctx, plot, rect, i, [{ y: d.defaultWavelength[i], color: t.muted }, { y: d.wavelength[i], color: t.accent }], this._focused ? t.cursor : t.muted);
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _onKey(e) {
    const i = pairForKey(e, this._pair, this._data?.wavelength.length ?? 1);
    if (i === null) return;
    e.preventDefault();
    this.pair = i;
  }

  _onMove(e) {
    const i = this._plot ? pairAtPointer(e, this._plot, this._data?.wavelength.length ?? 1) : null;
    if (i !== null && i !== this._pair) this.pair = i;
  }

  _applyPasted() {
    const text = this.renderRoot.querySelector('textarea')?.value.trim() ?? '';
    this.config = text;
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** The inverse frequencies at the longest context, float64 [rotaryDim / 2]. */
  toArray() {
    const d = this._data;
    return d ? { data: Float64Array.from(d.r.invFreq), shape: [d.r.invFreq.length] } : null;
  }

  /** transformers' rules with the values fromConfig read (and the longest context for dynamic and LongRoPE). */
  toPyTorch() {
    const d = this._data;
    if (!d) return '';
    const { headDim, base, partialRotaryFactor, scaling } = d.r;
    return ropeInvFreqCode('posenc-model', `inv_freq of ${d.name ?? 'the pasted config'}${d.at.seqLen ? ` at ${d.at.seqLen} tokens` : ''}`, [{ headDim, base, partialRotaryFactor, scaling }]);
  }

  toCSV() {
    const d = this._data;
    if (!d) return '';
    const lines = [csvRow(['pair', 'inv_freq', 'wavelength', 'default_wavelength', 'max_angle_error_float32', 'max_angle_error_bfloat16'])];
    d.wavelength.forEach((wl, i) =>
      lines.push(csvRow([i, d.r.invFreq[i], wl, d.defaultWavelength[i], d.precision.float32.pairs[i].maxAngleError, d.precision.bfloat16.pairs[i].maxAngleError])),
    );
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const canvas = this.renderRoot.querySelector('canvas.plot');
    const d = this._data;
    if (!canvas || !d) return null;
    return this.picture([canvas], `${d.name}: ${d.r.type} RoPE, rotary ${d.r.rotaryDim} of ${d.r.headDim}, base ${d.r.base}`);
  }

  // ---- template ----------------------------------------------------------------------------------------------

  _renderPrecision(d) {
    const rows = DTYPES.map((dtype) => {
      const pr = d.precision[dtype];
      const n = this._neighbours(dtype);
      return html`<tr data-dtype=${dtype}>
        <th scope="row">${dtype}</th>
        <td class="num" data-value=${plain(pr.maxAngleError)}>${sci(pr.maxAngleError, 2)} rad</td>
        <td class="num">${pr.worstPair}</td>
        <td data-role="neighbours" data-value=${n.differ}>${n.differ} of ${n.half} pairs</td>
      </tr>`;
    });
    return html`<div class="scroll">
      <table class="grid" aria-label="Precision at the longest context">
        <thead>
          <tr>
            <th scope="col">arithmetic</th>
            <th scope="col" class="num">largest angle error</th>
            <th scope="col" class="num">worst pair</th>
            <th scope="col">differ between ${int(this._checkAt)} and ${int(this._checkAt + 1)}</th>
          </tr>
        </thead>
        <tbody>${rows}</tbody>
      </table>
    </div>`;
  }

  render() {
    const d = this._data;
    const title = this.label || 'Your model’s positions';
    const i = this._pair;
    return html`
      ${this.renderHead(title)}
      <div class="controls">
        <label
          >model
          <select .value=${this.config ? '' : this.choice('preset')} @change=${(e) => ((this.config = ''), (this.preset = e.target.value))}>
            ${this.config ? html`<option value="" selected>your config</option>` : nothing}
            ${PRESETS.map((p) => html`<option value=${p.id} ?selected=${!this.config && p.id === this.choice('preset')}>${p.name}</option>`)}
          </select></label
        >
        ${d?.source ? html`<a class="source" href=${d.source} target="_blank" rel="noopener">its config.json</a>` : nothing}
      </div>
      <details class="paste">
        <summary>Paste a config.json</summary>
        <textarea rows="5" aria-label="config.json" placeholder='{"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000, …}'></textarea>
        <button type="button" @click=${this._applyPasted}>Read it</button>
      </details>
      ${d
        ? html`<p class="readout" data-role="summary">
            <b>${d.name}</b>: ${d.r.type} RoPE on <span class="num" data-role="rotary" data-value=${d.r.rotaryDim}>${d.r.rotaryDim}</span> of
            ${d.r.headDim} channels per head, base <span class="num">${d.r.base}</span>, attention factor
            <span class="num" data-role="attention" data-value=${plain(d.r.attentionFactor)}>${fixed(d.r.attentionFactor, 4)}</span>;
            trained on ${d.trained ? int(d.trained) : '—'} positions, used up to ${int(d.longest)}.
            ${d.illustrative ? html`<span class="muted">(LongRoPE factor lists: illustrative, of the published shape.)</span>` : nothing}
          </p>`
        : this._ready
          ? nothing
          : html`<p class="readout">Loading the engine…</p>`}
      <div class="split">
        <div class="pane plot-pane">
          <canvas
            class="plot"
            tabindex="0"
            role="img"
            aria-label=${d ? `Wavelength of each of the ${d.wavelength.length} pairs on a log scale, scaled (solid) and unscaled (dashed), against the trained and extended context. Left and right arrows choose a pair.` : 'wavelengths'}
            aria-describedby="pair-readout"
            @keydown=${this._onKey}
            @pointermove=${this._onMove}
            @focus=${() => ((this._focused = true), this._draw())}
            @blur=${() => ((this._focused = false), this._draw())}
          ></canvas>
          <p id="pair-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
            ${d
              ? html`pair ${i}: wavelength <span data-role="wavelength" data-value=${plain(d.wavelength[i])}>${sci(d.wavelength[i], 4)}</span>
                  (unscaled ${sci(d.defaultWavelength[i], 4)}, ×${fixed(d.wavelength[i] / d.defaultWavelength[i], 3)});
                  ${d.wavelength[i] > d.longest
                    ? 'never completes a turn, even over the extended context'
                    : d.trained && d.wavelength[i] > d.trained
                      ? 'completes a turn only beyond the trained context'
                      : `${fixed(d.longest / d.wavelength[i], 1)} turns over the extended context`}.`
              : nothing}
          </p>
          ${d && d.r.type !== 'default' ? html`<p class="note">Solid: with ${d.r.type} scaling; dashed: plain RoPE with the same base.</p>` : nothing}
        </div>
        <div class="pane">
          ${d
            ? html`<p class="panel-title">At the longest context, in the model’s arithmetic</p>
                ${this._renderPrecision(d)}
                <p class="note">
                  <span data-role="never" data-value=${d.wavelength.filter((w) => w > d.longest).length}>${d.wavelength.filter((w) => w > d.longest).length}</span>
                  of ${d.wavelength.length} pairs never complete a turn within ${int(d.longest)} positions.
                  <span class="lesson"
                    >The model computes each angle in float32 (position × θ, rounded) and stores cos and sin in bfloat16: the error above is
                    how far those values are from the exact rotation, largest for the fast pairs at far positions. Float32 positions
                    themselves run out at 2^24 = 16 777 216: beyond it, neighbours get the same angles.</span
                  >
                </p>`
            : nothing}
        </div>
      </div>
      ${d
        ? html`<ul class="notes lesson" aria-label="How the config was read">
            ${d.r.notes.map((n) => html`<li>${n}</li>`)}
          </ul>`
        : nothing}
    `;
  }
}

customElements.get('posenc-model') || customElements.define('posenc-model', PosencModel);
