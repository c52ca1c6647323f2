// Parts of <posenc-rope>'s template, as functions of the element (its translator, locale and state): the
// score's proof, the history of (m, n), the line of what a pointer read, the decay readout and RoFormer's bound explained.

import { html, nothing } from 'lit';
import { forInput } from '../element/tap-controller.js';
import { plain } from '../../render/format.js';
import { formatNumber, formatSci } from '../../i18n/index.js';

const HISTORY = 8;
const COMPACT_HISTORY = 4; // rows of the history table on a slide

/** The history after the state `entry` (newest first); `sameSetup` false starts it again. */
export const nextHistory = (history, entry, sameSetup) => [entry, ...(sameSetup ? history : [])].slice(0, HISTORY);

/** A number for the reader (locale form) with `digits` decimals. */
export const num = (el, v, digits) => formatNumber(el.locale, v, digits);

/** The same score at the same gap from the start, and the drawn pair's share of it. */
export function renderProof(el, s) {
  return html`<p class="proof" data-role="proof">
      ${el.tHtml('rope.proof', {
        gap: s.m - s.n,
        m: s.reference.m,
        n: s.reference.n,
        reference: html`<span class="num" data-role="reference" data-value=${plain(s.reference.score)}>${num(el, s.reference.score, 4)}</span>`,
        verdict: s.difference === 0 ? html`<span class="ok">${el.t('rope.identical')}</span>` : el.t('rope.difference', { difference: formatSci(el.locale, s.difference, 2) }),
      })}
    </p>
    <p class="note lesson">
      ${el.tHtml('rope.pairNote', {
        pair: s.pair,
        a: s.channels[0],
        b: s.channels[1],
        theta: formatSci(el.locale, s.invFreq, 4),
        share: html`<span class="num">${num(el, s.pairScore, 4)}</span>`,
        q0: num(el, s.q0Norm, 4),
        qm: num(el, s.qNorm, 4),
        m: s.m,
      })}
    </p>`;
}

/** The last (m, n) and their scores; the rows at the current gap marked. */
export function renderHistory(el, history, gap) {
  if (history.length < 2) return nothing;
  return html`<table class="grid" aria-label=${el.t('rope.history')}>
    <thead>
      <tr dir="ltr"><th class="num">m</th><th class="num">n</th><th class="num">m − n</th><th class="num">q·k</th></tr>
    </thead>
    <tbody>
      ${history.slice(0, el.compact ? COMPACT_HISTORY : HISTORY).map(
        (h) => html`<tr class=${h.gap === gap ? 'same' : ''}>
          <td class="num">${num(el, h.m)}</td>
          <td class="num">${num(el, h.n)}</td>
          <td class="num">${num(el, h.gap)}</td>
          <td class="num">${num(el, h.score, 4)}</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The bound and |q·k| at the distance `gap`, once the bound is computed (and the gap is plotted). */
export function renderBoundReadout(el, s, gap, bound, dc) {
  if (!s || !bound || !dc || Math.abs(gap) > dc.R) return nothing;
  const b = bound[gap + dc.R];
  return html`<p class="readout" data-role="bound">
    ${el.tHtml('rope.boundReadout', {
      gap,
      bound: html`<span class="num" data-value=${plain(b)}>${num(el, b, 2)}</span>`,
      qk: html`<span class="num">${num(el, Math.abs(dc.qk[gap + dc.R]), 4)}</span>`,
    })}
  </p>`;
}

/** RoFormer's bound, explained: the formula parts stay left to right in every language. */
export function renderDecayNote(el, st) {
  const ltr = (content) => html`<span dir="ltr">${content}</span>`;
  return html`<p class="note lesson">
    ${el.sentences(
      el.tHtml('rope.decayFormula', {
        sum: ltr(html`Σ<sub>i</sub> h<sub>i</sub> e<sup>i(m−n)θ<sub>i</sub></sup>`),
        h: ltr(html`h<sub>i</sub> = q<sub>i</sub>k̄<sub>i</sub>`),
        bound: ltr(html`|q·k| ≤ max<sub>i</sub>|h<sub>i+1</sub> − h<sub>i</sub>| · Σ<sub>j</sub>|S<sub>j</sub>|`),
        partial: ltr(html`S<sub>j</sub> = Σ<sub>i&lt;j</sub> e<sup>i(m−n)θ<sub>i</sub></sup>`),
        last: ltr(html`h<sub>d/2</sub> = 0`),
      }),
      el.tHtml('rope.decayFactors', {
        step: st?.step != null ? el.tHtml('rope.stepHere', { step: html`<span class="num" data-role="step">${num(el, st.step, 4)}</span>` }) : '',
      }),
      el.t('rope.decayCaps'),
      el.tHtml('rope.decayEngine', {
        apply: html`<code dir="ltr">pe.rope.apply</code>`,
        count: st?.pairs.length ?? 0,
        theta: ltr(html`θ<sub>i</sub> = base<sup>−2i/d</sup>`),
        invFreq: html`<code dir="ltr">pe.rope.invFreq</code>`,
      }),
    )}
  </p>`;
}

/**
 * The line under the circle: what a pointer or tap read last (`channel` of the pairing strip, or the `arrow`
 * 'q' or 'k' of the circle), or how to read them. Only hints: a lesson note (the compact layout keeps it behind Notes).
 */
export function renderRead(el, { s, st, channel, arrow }) {
  const text = (channel != null && channelReadout(el, st, channel)) || (arrow && s && arrowReadout(el, s, arrow === 'q'));
  return html`<p class=${text ? 'readout' : 'note lesson'} data-role="read" role="status" aria-live="polite">
    ${text || el.sentences(forInput(el.t('rope.circleHint'), el.t('rope.circleHintTouch')), forInput(el.t('rope.pairingHint'), el.t('rope.pairingHintTouch')))}
  </p>`;
}

function arrowReadout(el, s, q) {
  const v = q ? s.qPair : s.kPair;
  return el.t('rope.circleRead', { name: q ? el.t('rope.qAt', { m: s.m }) : el.t('rope.kAt', { n: s.n }), a: s.channels[0], b: s.channels[1], x: num(el, v[0], 4), y: num(el, v[1], 4) });
}

function channelReadout(el, st, j) {
  if (!st || !(st.pairOf[j] >= 0)) return '';
  const [a, b] = st.pairs[st.pairOf[j]];
  return el.t('rope.channelRead', { channel: j, other: a === j ? b : a, pair: st.pairOf[j] });
}

/** A slider for the query (m) or the key (n) of `el`. */
export function renderSlider(el, which, max) {
  const q = which === 'm';
  return html`<div class="controls">
    <label class="slider"
      ><span class=${q ? 'swatch-a' : 'swatch-b'}>${el.t(q ? 'rope.queryM' : 'rope.keyN')}</span>
      <input
        type="range"
        min="0"
        max=${max}
        .value=${String(el[which])}
        aria-label=${el.t(q ? 'rope.queryAria' : 'rope.keyAria')}
        @input=${(e) => (q ? el._set(Number(e.target.value), el.n) : el._set(el.m, Number(e.target.value)))}
      /><output>${el[which]}</output></label
    >
  </div>`;
}
