// <posenc-train>'s results table and its readouts: per method and test length, the mean over the race's seeds
// of what the model writes (exact match by default; greedy token accuracy, or teacher-forced accuracy named as
// such) with its range (min–max) under it in the cell itself (a phone shows no tooltips), a baseline row (the
// best rule that learns nothing), the methods that did not learn the task at L greyed and said so, and the
// current method's row highlighted with a legend saying what that means.

import { html, nothing } from 'lit';
import { formatNumber } from '../../i18n/index.js';
import { plain } from '../../render/format.js';
import { styleProps } from '../../render/style-props.js';
import { pointerIn } from '../../render/canvas.js';
import { colorOf } from './painters.js';

export const swatch = (method) => html`<span class="swatch" aria-hidden="true" style=${styleProps({ background: colorOf(method) })}></span>`;

const METRICS = ['exactMatch', 'accuracy', 'teacherForced'];

/** A share as a percentage, the number and its sign kept on one line (U+202F, a narrow no-break space). */
export const percent = (el, v, digits = 0) => (Number.isFinite(v) ? `${formatNumber(el.locale, v * 100, digits)}\u202f%` : '—');

/** The race's legend: each method's colour and name. */
export function renderLegend(el, table) {
  if (!table.length) return nothing;
  return html`<p class="note legend">${table.map((m) => html`<span class="key">${swatch(m.method)} ${el.t(`train.method.${m.method}`)}</span> `)}</p>`;
}

/** What the table and the plot show: exact match, greedy token accuracy, or teacher-forced token accuracy. */
export function renderMetric(el) {
  return html`<fieldset class="controls metric">
    <legend>${el.t('train.metricLabel')}</legend>
    ${METRICS.map((m) => html`<label><input type="radio" name="metric" value=${m} .checked=${el._metric === m} @change=${() => el.showMetric(m)} /> ${el.t(`train.metric.${m}`)}</label>`)}
  </fieldset>`;
}

/** The baseline's rule(s) in words. */
const ruleText = (el, base) => [...new Set(base.map((b) => b.rule).filter(Boolean))].map((r) => el.t(`train.rule.${r}`)).join(', ');

/** What every method wrote at the length read (hover, tap or arrows), or how to read one. */
export function hoverReadout(el) {
  const n = el._hover;
  if (n == null) return el.t('train.hoverHint');
  const parts = [];
  for (const m of el.results$.table) {
    const r = m.rows.find((row) => row.length === n);
    if (!r || !m.seeds) continue;
    const method = el.t(`train.method.${m.method}`);
    parts.push(
      r.supported
        ? el.t('train.readout', { method, exact: percent(el, r.exactMatch.mean, 1), accuracy: percent(el, r.accuracy.mean, 1), forced: percent(el, r.teacherForced.mean, 1), count: r.seeds })
        : el.t('train.readoutUnsupported', { method }),
    );
  }
  const base = el.results$.baseline?.find((b) => b.length === n);
  if (base?.rule) parts.push(el.t('train.readoutBaseline', { rule: el.t(`train.rule.${base.rule}`), exact: percent(el, base.exactMatch, 1), accuracy: percent(el, base.accuracy, 1) }));
  return [el.t('train.readoutLength', { length: n, times: formatNumber(el.locale, n / el.trainLength, 2) }), ...parts].join(' ');
}

/** The test length nearest the pointer on the accuracy plot (undefined before the plot is drawn). */
export function lengthAtPointer(el, e) {
  const p = el._accPlot;
  if (!p) return undefined;
  const v = p.plot.sx.invert(pointerIn(e).x);
  let best = null;
  for (const n of el.experiment.lengths) if (best == null || Math.abs(n - v) < Math.abs(best - v)) best = n;
  return best;
}

/** The length a key on the accuracy plot reads: → ← Home End move, Escape none (null); undefined for other keys. */
export function lengthForKey(el, e) {
  const lengths = el.experiment.lengths;
  let i = lengths.indexOf(el._hover ?? lengths[0]);
  if (e.key === 'ArrowRight') i = Math.min(lengths.length - 1, i + 1);
  else if (e.key === 'ArrowLeft') i = Math.max(0, i - 1);
  else if (e.key === 'Home') i = 0;
  else if (e.key === 'End') i = lengths.length - 1;
  else if (e.key === 'Escape') return null;
  else return undefined;
  e.preventDefault();
  return lengths[i];
}

/** One cell: the mean over seeds, and its range under it when the seeds differ. */
function cell(el, r, metric, faded) {
  if (!r.supported) return html`<td data-length=${r.length} class="na">${el.t('train.unsupported')}</td>`;
  const s = r[metric];
  const range = s.n > 1 ? `${formatNumber(el.locale, s.min * 100, 0)}–${formatNumber(el.locale, s.max * 100, 0)}` : '';
  return html`<td data-length=${r.length} data-value=${plain(s.mean)} data-min=${plain(s.min)} data-max=${plain(s.max)} data-seeds=${s.n} class=${faded ? 'faded' : nothing}>
    <span class="mean">${percent(el, s.mean)}</span>${range ? html`<span class="range">${range}</span>` : nothing}
  </td>`;
}

/**
 * Per method and test length, the metric chosen (mean and range over seeds), the baseline, fit at L; from `x`
 * ({ table, baseline, lengths }: the experiment's, or the sample results warmUp draws off screen).
 */
export function renderTable(el, x = el.experiment) {
  const table = x.table.filter((m) => m.seeds > 0);
  if (!table.length) return nothing;
  const L = el.trainLength;
  const metric = el._metric;
  const current = el.choice('method');
  const marked = table.length > 1 && table.some((m) => m.method === current);
  const base = x.baseline ?? [];
  const seeds = Math.max(...table.map((m) => m.seeds));
  return html`${renderMetric(el)}
    <div class="table-wrap" tabindex="0" role="region" aria-label=${el.t('train.tableLabel')}>
      <table class="results" data-metric=${metric}>
        <caption class="sr-only">${el.t(`train.tableCaption.${metric}`, { length: L, seeds })}</caption>
        <thead>
          <tr>
            <th scope="col">${el.t('train.method')}</th>
            ${x.lengths.map((n) => html`<th scope="col">${n === L ? el.t('train.lengthTrained', { length: n }) : n}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${table.map((m) => {
            const unfit = m.fit === false;
            const cls = [m.method === current && marked ? 'current' : '', unfit ? 'unfit' : ''].filter(Boolean).join(' ');
            return html`<tr data-method=${m.method} data-fit=${String(m.fit)} data-seeds=${m.seeds} class=${cls || nothing}>
              <th scope="row">${swatch(m.method)} ${el.t(`train.method.${m.method}`)}${unfit ? html`<span class="unfit-note">${el.t('train.notFit')}</span>` : nothing}</th>
              ${m.rows.map((r) => cell(el, r, metric, unfit && r.length > L))}
            </tr>`;
          })}
          ${base.some((b) => b.rule)
            ? html`<tr class="baseline" data-role="baseline">
                <th scope="row">${el.t('train.baselineRow', { rule: ruleText(el, base) })}</th>
                ${base.map((b) => html`<td data-length=${b.length} data-value=${plain(metric === 'exactMatch' ? b.exactMatch : b.accuracy)} data-rule=${b.rule ?? ''}><span class="mean">${percent(el, metric === 'exactMatch' ? b.exactMatch : b.accuracy)}</span></td>`)}
              </tr>`
            : nothing}
        </tbody>
      </table>
    </div>
    <p class="note table-note" data-role="table-note">${el.t('train.tableNote', { count: seeds })}${marked ? html` <span class="current-key">${el.t('train.currentKey')}</span>` : nothing}</p>`;
}
