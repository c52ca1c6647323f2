// <posenc-alibi>'s template: the controls, the slopes, the heads' bias grids and the weights plot, with their
// readouts. `host` is the element (its settings, computed data and handlers).

import { html, nothing } from 'lit';
import { plain } from '../../render/format.js';
import { formatNumber, formatSci } from '../../i18n/index.js';
import { properties } from './descriptor.js';

/** The widget's markup for its current state. */
export function alibiView(host) {
  const d = host._data;
  const title = host.label || host.t('alibi.title');
  const slopeText = (s) => formatNumber(host.locale, Number(s.toPrecision(6)));
  const h = host.head;
  const q = host._q;
  const L = d?.L ?? host.length;
  const cur = host._cursor;
  // the bias readout follows the head a tap read
  const rh = host._readHead ?? h;
  const cursorBias = d ? host.biasAt(rh, cur.row, cur.col) : NaN;
  const hk = host._hoverKey ?? q;
  const w = d ? host.weightAt(h, q, hk) : NaN;
  return html`
    ${host.renderHead(title)}
    <div class="controls">
      <label>${host.t('alibi.heads')} <input type="number" min="1" max=${properties.heads.max} .value=${String(host.heads)} @change=${(e) => (host.heads = Number(e.target.value))} /></label>
      <label>${host.t('alibi.length')} <input type="number" min="2" max=${properties.length.max} .value=${String(host.length)} @change=${(e) => (host.length = Number(e.target.value))} /></label>
      <label><input type="checkbox" .checked=${host.symmetric} @change=${(e) => (host.symmetric = e.target.checked)} /> ${host.t('alibi.symmetric')}</label>
      <label
        >${host.t('alibi.colours')}
        <select .value=${host.scale === 'head' ? 'head' : 'shared'} @change=${(e) => (host.scale = e.target.value)}>
          <option value="shared">${host.t('alibi.sharedScale')}</option>
          <option value="head">${host.t('alibi.headScale')}</option>
        </select></label
      >
    </div>
    <div class="split">
    <div class="pane slopes-pane">
    <p class="panel-title">${host.t('alibi.slopes')}</p>
    ${d
      ? html`<ul class="slopes" role="listbox" aria-label=${host.t('alibi.slopesList')}>
          ${Array.from(d.slopes, (s, i) => html`<li role="none">
            <button
              type="button"
              role="option"
              aria-selected=${i === h ? 'true' : 'false'}
              data-head=${i}
              data-value=${plain(s)}
              tabindex=${i === h ? '0' : '-1'}
              @click=${() => (host.head = i)}
              @keydown=${(e) => host._onSlopeKey(e, i)}
            >h${i}: ${s >= 1e-3 ? slopeText(s) : formatSci(host.locale, s, 4)}</button>
          </li>`)}
        </ul>`
      : nothing}
    <canvas class="plot slopes-plot" role="img" aria-label=${d ? host.t('alibi.slopesAria', { count: d.H, slopes: Array.from(d.slopes, (s) => formatNumber(host.locale, Number(s.toPrecision(4)))).join('; ') }) : host.t('alibi.slopesShort')}></canvas>
    <p class="note lesson">
      ${d && (d.H & (d.H - 1)) === 0
        ? d.H === 1
          ? host.tHtml('alibi.oneHead', { slope: html`2<sup>−8</sup>` })
          : host.tHtml('alibi.powerOfTwo', { count: d.H, first: html`2<sup>−8/${d.H}</sup>` })
        : d
          ? host.t('alibi.notPowerOfTwo', { count: d.H })
          : nothing}
    </p>
    ${host.symmetric
      ? html`<p class="note lesson" data-role="variant">${host.t('alibi.variant')}</p>`
      : nothing}
    </div>
    <div class="pane heads-pane">
    <p class="panel-title">${host.t('alibi.biasTitle')}</p>
    <canvas
      class="plot heads"
      tabindex="0"
      role="img"
      aria-label=${host.t('alibi.biasAria', { heads: host.heads, length: L })}
      aria-describedby="bias-readout"
      @click=${host._onHeadsClick}
      @keydown=${host._onHeadsKey}
      @focus=${() => ((host._focusHeads = true), host._drawHeads())}
      @blur=${() => ((host._focusHeads = false), host._drawHeads())}
    ></canvas>
    <p id="bias-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
      ${d
        ? host.tHtml('alibi.biasReadout', {
            head: rh,
            query: cur.row,
            key: cur.col,
            value: html`<span data-role="bias" data-value=${plain(cursorBias)}>${formatNumber(host.locale, cursorBias, 4)}</span>`,
            why: Number.isFinite(cursorBias)
              ? host.t('alibi.biasWhy', { slope: slopeText(d.slopes[rh]), distance: Math.abs(cur.row - cur.col) })
              : host.t('alibi.masked'),
          })
        : host._ready
          ? ''
          : host.t('common.loading')}
    </p>
    ${host._tap.button(host.t('alibi.selectRow', { head: host._readHead ?? h, query: cur.row }))}
    </div>
    <div class="pane weights-pane">
    <p class="panel-title">${host.t('alibi.weightsTitle')}</p>
    <canvas
      class="plot weights"
      tabindex="0"
      role="img"
      aria-label=${host.t('alibi.weightsAria', { query: q, head: h })}
      aria-describedby="weight-readout"
      @pointermove=${host._onWeightsMove}
      @pointerdown=${host._onWeightsMove}
      @keydown=${host._onWeightsKey}
    ></canvas>
    <p id="weight-readout" class="readout" role="status" aria-live="polite" aria-atomic="true">
      ${d
        ? host.tHtml('alibi.weightReadout', {
            head: h,
            slope: slopeText(d.slopes[h]),
            query: q,
            key: hk,
            weight: html`<span data-role="weight" data-value=${plain(w)}>${formatNumber(host.locale, w, 4)}</span>`,
            self: formatNumber(host.locale, host.weightAt(h, q, q), 4),
            first: formatNumber(host.locale, host.weightAt(h, q, 0), 4),
          })
        : nothing}
    </p>
    </div>
    <p class="note lesson">
      ${host.t(d && !d.causal ? 'alibi.lessonSymmetric' : 'alibi.lessonCausal')} ${host.t('alibi.lessonLinear')}
      ${d && !d.causal ? nothing : host.t('alibi.lessonOriginal')}
    </p>
    </div>
  `;
}
