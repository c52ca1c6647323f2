// What <posenc-heatmap> shows, computed by the engine: rows of the sinusoidal table (pe.sinusoidal, written
// into reused arrays) for the readout, the table fallback and the exports.

import { plain } from '../../render/format.js';
import { csvRow } from '../../render/export.js';
import { describeColumn } from '../sinusoid-info.js';

/** Beyond this many values the CSV and NPY exports refuse (export a smaller table). */
export const CSV_MAX_CELLS = 1 << 22;
/** Beyond this many values a table starts drawing in a task of its own. */
export const BIG_TABLE = 1 << 22;

/** Row `row` of the table `p` (position p.offset + row), written by the engine into `into` (length dModel). */
export const tableRow = (pe, p, row, into) => pe.sinusoidal({ ...p, length: 1, offset: p.offset + row, into });

/** The CSV export: a header naming each column's function, then every row in chunks of about 64 Ki values. */
export function csvText(pe, p) {
  const lines = [csvRow(['position', ...Array.from({ length: p.dModel }, (_, c) => `dim${c}_${describeColumn(c, p).kind}`)])];
  const chunk = Math.max(1, Math.floor(65536 / p.dModel));
  const buf = new Float32Array(chunk * p.dModel);
  for (let r0 = 0; r0 < p.length; r0 += chunk) {
    const n = Math.min(chunk, p.length - r0);
    const t = pe.sinusoidal({ ...p, length: n, offset: p.offset + r0, into: n === chunk ? buf : buf.subarray(0, n * p.dModel) });
    for (let r = 0; r < n; r++) {
      const vals = [];
      for (let c = 0; c < p.dModel; c++) vals.push(plain(t[r * p.dModel + c]));
      lines.push(`${p.offset + r0 + r},${vals.join(',')}`);
    }
  }
  return lines.join('\n') + '\n';
}
