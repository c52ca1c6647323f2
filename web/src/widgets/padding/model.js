// What <posenc-padding> shows, computed by the engine: the position ids of a padded sequence under the two
// conventions of transformers (pe.positionIds, 'roberta' and 'generation'), arange, and the common mistake
// cumsum(mask)·mask − 1 with the engine's own lookup error for it. The mistaken ids are computed by the engine
// too: RoBERTa's formula (cumsum(mask) + past)·mask + padding_idx with padding_idx = −1 is exactly that expression.
// past-length (tokens already in the KV cache) moves every convention on: arange runs from past, RoBERTa adds
// past to its count, and the generation ids are computed over the whole attention mask (the cached tokens as
// real tokens before the shown ones) and cut to the shown slots, as transformers does.

import { attempt, errorText } from '../methods-shared.js';

export const MAX_LENGTH = 64;
const FIRST_ID = 100; // toy vocabulary: distinct tokens get ids 100, 101, … in order of appearance

/** The padded length: `length`, or three slots more than the tokens. */
export const paddedLength = ({ tokens, length }) => (Number.isInteger(length) && length > 0 ? length : tokens.length + 3);

/**
 * { slots: [{ token, id, real }], ids, mask, roberta, generation, naive, mistake, past, mistakeError } for
 * `tokens` padded to `length` on `side` with `padTokenId`, after `pastLength` cached tokens.
 */
export function computePadding(pe, { tokens, length: L, side, padTokenId: pad, pastLength: P }) {
  const n = tokens.length;
  const padCount = L - n;
  const vocab = new Map();
  for (const tok of tokens) if (!vocab.has(tok)) vocab.set(tok, FIRST_ID + vocab.size);
  const slots = [];
  for (let i = 0; i < L; i++) {
    const k = side === 'left' ? i - padCount : i;
    const real = k >= 0 && k < n;
    slots.push({ token: real ? tokens[k] : '<pad>', id: real ? vocab.get(tokens[k]) : pad, real });
  }
  const ids = Int32Array.from(slots, (s) => s.id);
  const mask = Int32Array.from(slots, (s) => (s.real ? 1 : 0));
  const roberta = pe.positionIds(ids, { padTokenId: pad, pastLength: P });
  // generation: the attention mask covers the cache too (P real tokens before the shown ones); the ids of
  // the shown slots are its last L entries
  const full = new Int32Array(P + L).fill(1);
  full.set(mask, P);
  const generation = pe.positionIds(full, { convention: 'generation' }).slice(P);
  // every slot counted as real: past, past + 1, …, past + L − 1 (what arange gives when padding is ignored)
  const naive = pe.positionIds(full.fill(1), { convention: 'generation' }).slice(P);
  // the lesson's cumsum(mask)·mask − 1, computed by the engine as RoBERTa's formula with padding_idx −1
  const mistake = pe.positionIds(Int32Array.from(mask, (m) => (m ? 1 : -1)), { padTokenId: -1, pastLength: 0 });
  const lookup = attempt(() => pe.learned({ maxLength: L, dModel: 4, positions: mistake }));
  return { slots, ids, mask, roberta, generation, naive, mistake, past: P, mistakeError: lookup.error ? errorText(lookup.error) : '' };
}

/** The table's rows of `d`, each named by `tr` (the widget's language for the picture, English for the CSV). */
export function paddingRows(d, tr) {
  return [
    [tr('padding.token'), ...d.slots.map((s) => s.token)],
    [tr('padding.inputId'), ...d.ids],
    [tr('padding.attentionMask'), ...d.mask],
    [d.past ? tr('padding.rowArangePast', { past: d.past }) : tr('padding.rowArange'), ...d.naive],
    ['RoBERTa', ...d.roberta],
    [d.past ? tr('padding.rowGenerationPast', { past: d.past }) : tr('padding.rowGeneration'), ...d.generation],
    ['cumsum(mask)*mask - 1', ...d.mistake],
  ];
}
