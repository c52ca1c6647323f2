// <posenc-t5>'s readouts in words: distances, ranges and each side's regions, in the widget's language
// (`host` is the widget: its t() and locale; `d` the computed data of ./model.js).

import { formatNumber } from '../../i18n/index.js';

/** A signed distance or relative position as the reader writes numbers (typographic minus, ∞ for the open end). */
export function signed(host, v) {
  return v === Infinity ? '∞' : v === -Infinity ? '−∞' : formatNumber(host.locale, v);
}

/** "a … b", or "a" when both ends are the same. */
export function rangeText(host, [a, b]) {
  return a === b ? signed(host, a) : `${signed(host, a)} … ${signed(host, b)}`;
}

/** One side's regions in words; the start of the last bucket as the engine's bucket function gives it. */
export function sideText(host, side, R, after = false) {
  const parts = [];
  const exact = [after ? Math.max(1, side.exact[0]) : side.exact[0], side.exact[1]]; // distance 0 is the query itself
  if (exact[1] >= exact[0]) parts.push(host.t('t5.sideExact', { range: rangeText(host, exact) }));
  if (side.log[1] >= side.log[0]) parts.push(host.t('t5.sideLog', { range: rangeText(host, side.log) }));
  const regions = parts.length ? parts.reduce((first, second) => host.t('t5.sideList', { first, second })) : '';
  const rest = regions ? 'After' : 'Only';
  if (side.last) {
    const beyond = side.last[0] > R ? host.t('t5.sideBeyond', { span: R }) : '';
    return host.t(`t5.sideLast${rest}`, { regions, from: signed(host, side.last[0]), bucket: side.lastBucket, beyond });
  }
  return host.t(`t5.sideNever${rest}`, { regions, bucket: side.lastBucket });
}

/** The region relative position `rp` lies in: exact, logarithmic, last bucket, or (causal) after the query. */
export function regionName(host, d, rp) {
  const side = rp >= 0 ? d.future : d.past;
  const n = Math.abs(rp);
  if (rp > 0 && !host.bidirectional) return host.t('t5.regionFuture');
  if (n <= side.exact[1]) return host.t('t5.regionExact');
  if (side.last && n >= side.last[0]) return host.t('t5.regionLast');
  return host.t('t5.regionLog');
}
