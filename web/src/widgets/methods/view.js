// <posenc-methods>'s markup (methodsView) and its parts: the token strip, one method's panel (its heading a
// toggle that makes it the current method, shared with the group) and the comparison table, whose current
// method's column is marked.

import { html, nothing } from 'lit';
import { plain } from '../../render/format.js';
import { formatNumber } from '../../i18n/index.js';
import { CATEGORICAL } from '../../render/color.js';
import { errorText, clampInt } from '../methods-shared.js';
import { METHODS, INFO, ROW_NAMES, LESSON_ROWS, SHIFT, tableRows } from './model.js';

/** The panel of method `m`: what it is, its plot, the score at the key (or the engine's refusal). */
export function renderPanel(el, m) {
  const d = el._data;
  const c = d?.now[m];
  const k = d ? clampInt(el._k, 0, d.D) : 0;
  const info = INFO[m];
  const name = el._name(m);
  const current = el.currentMethod === m;
  const formula = html`<span dir="ltr">${info.formula}</span>`;
  const note =
    m === 'alibi' && d?.slope != null
      ? el.t('methods.headSlopeNote', { head: el._head, slope: Number(d.slope.toPrecision(4)) })
      : m === 't5'
        ? el.t('methods.headNote', { head: el._head })
        : '';
  return html`<div class=${current ? 'panel current' : 'panel'} data-method=${m}>
    <h4>
      <button type="button" class="pick" data-method=${m} aria-pressed=${current ? 'true' : 'false'} title=${el.t('methods.pickHint', { name })} @click=${() => el.pickMethod(m)}>
        <span class=${`dot c${METHODS.indexOf(m) % CATEGORICAL.length}`}></span>${name}
      </button>
    </h4>
    <p class="what">${info.what ? el.tHtml(info.what, { formula }) : formula}${note}</p>
    <canvas
      data-method=${m}
      role="img"
      aria-label=${c?.value ? el.t('methods.panelAria', { name, last: d.D, query: d.i }) : el.t('methods.panelAriaFailed', { name, query: d?.i ?? el._i })}
    ></canvas>
    ${c
      ? c.value
        ? html`<p class="val"><span dir="ltr">d = ${k}</span>: <span data-role="score" data-value=${plain(c.value[k])}>${formatNumber(el.locale, c.value[k], 4)}</span></p>`
        : html`<p class="fail" data-role="error" dir="ltr">${errorText(c.error)}</p>`
      : nothing}
  </div>`;
}

/** The comparison table (`rows` from tableRows), the current method's column marked. */
export function renderTable(el, d, rows) {
  const current = el.currentMethod;
  const mark = (m) => (m === current ? 'current' : nothing);
  return html`<div class="scroll table">
    <table class="grid compare" aria-label=${el.t('methods.tableAria')}>
      <thead>
        <tr>
          ${rows[0].map((c, n) =>
            n === 0
              ? html`<th scope="col"><span class="sr-only">${el.t('methods.property')}</span></th>`
              : html`<th scope="col" class=${mark(METHODS[n - 1])} data-method=${METHODS[n - 1]}>${c}${METHODS[n - 1] === current ? html`<span class="sr-only"> ${el.t('methods.currentMethod')}</span>` : nothing}</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${rows.slice(1).map(
          (r, ri) => html`<tr data-row=${ROW_NAMES[ri]} class=${LESSON_ROWS.has(ROW_NAMES[ri]) ? 'lesson' : nothing}>
            <th scope="row">${r[0]}</th>
            ${r.slice(1).map((c, ci) => {
              const m = METHODS[ci];
              const name = el._name(m);
              if (ri === 3 && d.relative[m] != null)
                return html`<td class=${mark(m)} data-method=${m} data-name=${name} data-value=${plain(d.relative[m])}>
                  ${c}<span class="lesson"><br /><span class="muted">${el.t('methods.curvesAt', {
                    a: d.relQueries[m][0],
                    b: d.relQueries[m][1],
                    distance: d.relative[m] === 0 ? 0 : Number(d.relative[m].toPrecision(2)),
                  })}</span></span>
                </td>`;
              if (ri === 4)
                return html`<td class=${mark(m)} data-method=${m} data-name=${name}>
                  ${d.far[m].value ? html`<span class="ok">✓ ${c}</span>` : html`<span class="bad">✗ ${c}</span>`}
                </td>`;
              if (ri === 0) return html`<td class=${current === m ? 'num current' : 'num'} data-method=${m} data-name=${name} data-value=${d.params[m] ?? ''}>${c}</td>`;
              return html`<td class=${mark(m)} data-method=${m} data-name=${name}>${c}</td>`;
            })}
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The token strip: positions up to 11 before the query, the key selected (arrows, Home and End move it). */
export function renderStrip(el) {
  const i = el._i;
  const j = i - el._k;
  const chips = [];
  for (let p = Math.max(0, i - Math.min(el._D, 11)); p <= i; p++) chips.push(p);
  return html`<ul class="strip" role="listbox" aria-label=${el.t('methods.strip')}>
        ${chips.map((p) => {
          const role = p === i ? 'query' : p === j ? 'key' : '';
          return html`<li role="none">
            <button
              type="button"
              class=${['chip', p >= el.trainLength ? 'past' : ''].join(' ')}
              role="option"
              data-pos=${p}
              data-role=${role}
              aria-selected=${p === j ? 'true' : 'false'}
              tabindex=${p === j ? '0' : '-1'}
              @click=${() => el._pickKey(p)}
              @keydown=${(e) => onChipKey(el, e, p)}
            >
              <span class="tok">${el.tokenAt(p)}</span><span class="sr-only">${el.t('methods.chipAt')}</span><span class="idx">${p}</span>${role
                ? html`<span class="sr-only">${el.t(role === 'query' ? 'methods.chipQuery' : 'methods.chipKey')}</span>`
                : nothing}
            </button>
          </li>`;
        })}
      </ul>`;
}

function onChipKey(el, e, j) {
  const lo = el._i - el._D;
  let k = j;
  if (e.key === 'ArrowLeft') k = j - 1;
  else if (e.key === 'ArrowRight') k = j + 1;
  else if (e.key === 'Home') k = lo;
  else if (e.key === 'End') k = el._i;
  else return;
  e.preventDefault();
  k = clampInt(k, lo, el._i);
  el._pickKey(k);
  el.updateComplete.then(() => el.renderRoot.querySelector(`.chip[data-pos="${k}"]`)?.focus());
}

/** The widget's markup for its current state. */
export function methodsView(el) {
  const d = el._data;
  const title = el.label || el.t('methods.title');
  const i = el._i;
  const D = el._D;
  const k = el._k;
  const j = i - k;
  const past = i >= el.trainLength;
  const rows = d ? tableRows(el, d) : [];
  const T = el.trainLength;
  return html`
    ${el.renderHead(title)}
    <div class="controls">
      <label class="slider"
        >${el.t('methods.queryPosition')}
        <input
          type="range"
          min="0"
          max=${el._maxQuery}
          .value=${String(i)}
          aria-valuetext=${el.t(past ? 'methods.valuetextPast' : 'methods.valuetext', { position: i })}
          @input=${(e) => el._setQuery(Number(e.target.value))}
        /><output>${formatNumber(el.locale, i)}</output></label
      >
      <button type="button" @click=${() => el._setQuery(T - 1)}>${el.t('methods.lastTrained', { position: T - 1 })}</button>
      <button type="button" @click=${() => el._setQuery(T)}>${el.t('methods.firstUnseen', { position: T })}</button>
      <button type="button" @click=${() => el._setQuery(2 * T)}>${el.t('methods.doubleTraining', { position: 2 * T })}</button>
    </div>
    <p class="train ${past ? 'bad' : 'muted'}" role="status" aria-live="polite" data-role="train-status">
      ${past ? el.t('methods.statusPast', { query: i, train: T }) : el.t('methods.statusInside', { query: i, train: T, last: T - 1 })}
    </p>
    ${renderStrip(el)}
    <p class="readout" role="status" aria-live="polite" aria-atomic="true" data-role="pair">
      ${d
        ? el.tHtml('methods.pair', {
            query: html`<bdi>${el.tokenAt(i)}</bdi>`,
            i,
            key: html`<bdi>${el.tokenAt(j)}</bdi>`,
            j,
            distance: k,
            scores: METHODS.map((m) => `${el._name(m)} ${d.now[m].value ? formatNumber(el.locale, d.now[m].value[k], 3) : '—'}`).join(' · '),
          })
        : el._ready
          ? ''
          : el.t('common.loading')}
    </p>
    <div class="panels">${METHODS.map((m) => renderPanel(el, m))}</div>
    <p class="note lesson">${el.t('methods.lessonPanels', { query: i, distance: D, train: T })}</p>
    ${d ? renderTable(el, d, rows) : nothing}
    <p class="note lesson">
      ${el.tHtml('methods.lessonTable', {
        train: T,
        dModel: el.dModel,
        t5: el.t('methods.t5Size', { buckets: el._numBuckets, count: el._heads }),
        shift: SHIFT,
        compare: html`<code dir="ltr">pe.compare</code>`,
      })}
    </p>
  `;
}
