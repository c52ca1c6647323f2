// What <posenc-compare> shows: the encodings of the selected pair and the engine's three metrics of it, and
// the sentence that says what those numbers mean for the pair's gap.

import { formatNumber } from '../../i18n/index.js';

/** Chips in the token strip at most. */
export const MAX_CHIPS = 512;

/** The chips asked for: `length` when it is a positive integer, else one per token. */
export const chipsAsked = ({ length, tokens }) => (Number.isInteger(length) && length > 0 ? length : tokens.length);

/** The encoding PE(`pos`) of one position, from the engine. */
export const encode = (pe, params, pos) => pe.sinusoidal({ ...params, length: 1, offset: pos });

/** [PE(a), PE(b)] of the pair [a, b]; null for a position not chosen. */
export const encodePair = (pe, params, [a, b]) => [a != null ? encode(pe, params, a) : null, b != null ? encode(pe, params, b) : null];

/** { dot, cosine, euclidean } of two encodings, from the engine. */
export function measure(pe, va, vb) {
  const r = pe.compare(va, vb);
  return { dot: r.dot, cosine: r.cosine, euclidean: r.euclidean };
}

/**
 * One sentence about what the three numbers say for this gap, in the widget's language (`t`, `locale`).
 * Wording is ours; numbers are the engine's.
 */
export function insightFor(gap, r, dModel, positions, t, locale) {
  const n = (v, digits) => formatNumber(locale, v, digits);
  const numbers = { gap, dModel, cosine: n(r.cosine, 4), dot: n(r.dot, 4), distance: n(r.euclidean, 4) };
  // d_model 1 holds sin(p) alone: PE(0) is the zero vector, whose angle to anything is undefined
  if (dModel === 1 && positions.includes(0)) return t('compare.insightZeroVector', numbers);
  // the sentences below lean on slow pairs that keep distant positions alike: narrow tables have none
  if (gap > 0 && dModel < 8) return t('compare.insightNarrow', { ...numbers, count: Math.ceil(dModel / 2) });
  if (gap === 0) return t('compare.insightSame', { ...numbers, dot: n(r.dot, 2), half: dModel / 2 });
  if (gap === 1) return t('compare.insightNeighbours', numbers);
  if (gap <= 4) return t('compare.insightNear', numbers);
  if (gap <= 20) return t('compare.insightMid', { ...numbers, distance: n(r.euclidean, 2) });
  return t('compare.insightFar', numbers);
}
