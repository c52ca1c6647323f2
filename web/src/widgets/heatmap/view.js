// <posenc-heatmap>'s table of values: the first rows and columns of the engine's table, as text for a reader
// who would rather read numbers than colours (and for a screen reader).

import { html, nothing } from 'lit';
import { formatNumber } from '../../i18n/index.js';
import { describeColumn } from '../sinusoid-info.js';

const TABLE_ROWS = 40;
const TABLE_COLS = 24;

/** The first TABLE_ROWS × TABLE_COLS values of `el`'s table for the parameters `p`, with a caption. */
export function renderTable(el, p) {
  if (!el.pe || el._error) return nothing;
  const rows = Math.min(p.length, TABLE_ROWS);
  const cols = Math.min(p.dModel, TABLE_COLS);
  const t = el.guard(() => el.pe.sinusoidal({ ...p, length: rows }));
  if (!t) return nothing;
  const head = Array.from({ length: cols }, (_, c) => c);
  return html`
    <p class="note" id="table-caption">
      ${el.t('heatmap.tableCaption', {
        first: p.offset,
        last: p.offset + rows - 1,
        ofLength: rows < p.length ? el.t('heatmap.of', { count: p.length }) : '',
        lastColumn: cols - 1,
        ofDModel: cols < p.dModel ? el.t('heatmap.of', { count: p.dModel }) : '',
      })}
    </p>
    <div class="scroll table-scroll" tabindex="0" role="region" aria-labelledby="table-caption">
      <table class="values" aria-labelledby="table-caption">
        <thead>
          <tr>
            <th scope="col">${el.t('heatmap.position')}</th>
            ${head.map((c) => html`<th scope="col">${c} (${describeColumn(c, p).kind})</th>`)}
          </tr>
        </thead>
        <tbody>
          ${Array.from({ length: rows }, (_, r) => html`<tr>
            <th scope="row">${p.offset + r}</th>
            ${head.map((c) => html`<td>${formatNumber(el.locale, t[r * p.dModel + c], 4)}</td>`)}
          </tr>`)}
        </tbody>
      </table>
    </div>
  `;
}
