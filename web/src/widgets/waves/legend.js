// <posenc-waves>'s legend: which curve is which. In the position view a table of the dimensions (their column,
// wavelength and value at the cursor), in the dimension view a list of the positions; the PNG export draws
// the same items under the plot.

import { html, nothing } from 'lit';
import { styleProps } from '../../render/style-props.js';
import { formatNumber } from '../../i18n/index.js';
import { describeColumn, wavelength } from '../sinusoid-info.js';
import { valueAt } from './model.js';
import { dimColor, isCos, positionColor } from './painters.js';

/** "sin, i = 2": what column `dim` holds. */
function columnText(dim, params) {
  const c = describeColumn(dim, params);
  return `${c.kind}${c.kind !== 'pad' ? `, i = ${c.i}` : ''}`;
}

/** "6.283 positions", "6.28e+5 positions": a wavelength with the locale's number form. */
function wavelengthText(host, lambda) {
  if (!Number.isFinite(lambda)) return '—';
  const count = lambda >= 1e5 ? lambda.toExponential(2) : formatNumber(host.locale, Number(lambda.toPrecision(4)));
  return host.t('waves.wavelengthPositions', { count });
}

/**
 * The view's curves as { color, dashed?, label }: "position 3 (A)" by the position's place in the selection
 * (else the cursor), or "dim 4 (sin, i = 2)".
 */
export function legendItems(host, { data, view, rows, dims, selection }) {
  const t = host.theme$();
  if (view === 'dimension') {
    return rows.map((p) => {
      const i = selection.indexOf(p);
      return { color: positionColor(t, i), label: host.t('waves.legendPosition', { position: p }) + (i === 0 ? ' (A)' : i === 1 ? ' (B)' : host.t('waves.cursor')) };
    });
  }
  return dims.map((dim, k) => ({ color: dimColor(k), dashed: isCos(dim, data.params), label: `dim ${dim} (${columnText(dim, data.params)})` }));
}

/** The curves as a list of swatches and names (`values`: each curve's value at the cursor, or none). */
function legendList(host, view, values, cls = 'legend') {
  return html`<ul class=${cls} aria-label=${host.t('waves.curves')}>
    ${legendItems(host, view).map(({ color, dashed, label }, k) => html`<li style=${styleProps({ color })}>
        <span class=${dashed ? 'swatch dashed' : 'swatch'} aria-hidden="true"></span>
        <span class="fg">${label}</span>
        ${values ? html`<span class="val fg">${values[k]}</span>` : nothing}
      </li>`)}
  </ul>`;
}

/**
 * The legend under the plot (nothing without data). On a slide (compact) the position view's table, which
 * spends a line per curve on its wavelength, folds behind Notes, and a list of the curves and their values
 * in a few columns stands in for it.
 */
export function renderLegend(host, view) {
  const { data, at, dims } = view;
  if (!data) return nothing;
  if (view.view === 'dimension') return legendList(host, view);
  const { base, dModel } = data.params;
  const brief = host.compact ? legendList(host, view, dims.map((dim) => formatNumber(host.locale, valueAt(data, at, dim), 4)), 'legend brief') : nothing;
  return html`${brief}<div class=${host.compact ? 'scroll lesson' : 'scroll'}>
    <table class="waves-legend">
      <caption class="sr-only">${host.t('waves.legendCaption', { position: at })}</caption>
      <thead>
        <tr><th scope="col">${host.t('waves.curve')}</th><th scope="col">${host.t('waves.column')}</th><th scope="col">${host.t('waves.wavelength')}</th><th scope="col" class="num">${host.t('waves.at', { position: at })}</th></tr>
      </thead>
      <tbody>
        ${dims.map((dim, k) => {
          const c = describeColumn(dim, data.params);
          return html`<tr>
            <td style=${styleProps({ color: dimColor(k) })}><span class=${`swatch ${c.kind === 'cos' ? 'dashed' : ''}`} aria-hidden="true"></span></td>
            <th scope="row">dim ${dim} <span class="muted">${columnText(dim, data.params)}</span></th>
            <td>${c.kind === 'pad' ? '—' : html`<span dir="ltr">2π·${base}<sup>${2 * c.i}/${dModel}</sup></span> ≈ ${wavelengthText(host, wavelength(data.info, c.i))}`}</td>
            <td class="num">${formatNumber(host.locale, valueAt(data, at, dim), 4)}</td>
          </tr>`;
        })}
      </tbody>
    </table>
  </div>`;
}
