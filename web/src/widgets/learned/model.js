// What <posenc-learned> shows, computed by the engine: a learned table (seeded Normal(0, std) draws from
// pe.learned) and the sinusoidal one beside it, and one position looked up in both. The parameter count and
// memory are the length and byte length of the table the engine returned.

import { csvRow } from '../../render/export.js';
import { attempt, errorText } from '../methods-shared.js';

/** The biggest learned table the widget builds: 64 MiB of float32. */
export const MAX_ELEMENTS = 1 << 24;
/** Values listed in the lookup readout. */
export const SHOW = 8;
/** Values the CSV export writes at most. */
export const CSV_MAX = 1 << 22;

// the presets: models with learned position tables (GPT-3 Small: context 2048, d_model 768, Brown et al.
// 2020, Table 2.1, with GPT-2's architecture); a model's name stays as it is, `key` would name a message
export const PRESETS = [
  { name: 'BERT base', maxLength: 512, dModel: 768 },
  { name: 'GPT-2', maxLength: 1024, dModel: 768 },
  { name: 'GPT-3 Small', maxLength: 2048, dModel: 768 },
];

/** { p, table, sinusoidal, rows, params, bytes, sinBytes }: both tables, the sinusoidal one `rows` (≥ maxLength) long. */
export function computeLearned(pe, { maxLength, dModel, seed, std, base }, rows) {
  const p = { maxLength, dModel, seed, std };
  const table = pe.learned(p);
  const sinusoidal = pe.sinusoidal({ length: rows, dModel, base });
  // the sinusoidal table of maxLength rows is the first maxLength rows of this one: its bytes, without a third table
  return { p, table, sinusoidal, rows, params: table.length, bytes: table.byteLength, sinBytes: (sinusoidal.byteLength / rows) * maxLength };
}

/** Looks one position up in both tables; the learned lookup may fail (that is the lesson). */
export function lookup(pe, { maxLength, dModel, seed, std, base }, pos) {
  const learned = attempt(() => pe.learned({ maxLength, dModel, seed, std, positions: [pos] }));
  const sinusoidal = attempt(() => pe.sinusoidal({ length: 1, dModel, base, offset: pos }));
  return { position: pos, learned: learned.value ?? null, learnedError: learned.error ? errorText(learned.error) : '', sinusoidal: sinusoidal.value ?? null, sinusoidalError: sinusoidal.error ? errorText(sinusoidal.error) : '' };
}

/** The CSV export: every row of the table, then the engine's message for the first position past it. */
export function csvText(d, past) {
  const { maxLength, dModel: D } = d.p;
  const lines = [csvRow(['position', ...Array.from({ length: D }, (_, c) => `dim${c}`)])];
  for (let r = 0; r < maxLength; r++) lines.push(csvRow([r, ...Array.from(d.table.subarray(r * D, (r + 1) * D))]));
  if (past.learnedError) lines.push(csvRow([maxLength, past.learnedError]));
  return lines.join('\n') + '\n';
}
