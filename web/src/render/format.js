// Number formatting for readouts, axes and exports. Display text uses the true minus sign (U+2212);
// `plain*` variants keep ASCII for CSV and machine-readable attributes.

const MINUS = '\u2212';

/** Fixed decimals with a typographic minus; -0 shows as 0. */
export function fixed(v, digits = 4) {
  if (v == null || Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+\u221e';
  if (v === -Infinity) return `${MINUS}\u221e`;
  let s = Number(v).toFixed(digits);
  if (/^-0(\.0*)?$/.test(s)) s = s.slice(1);
  return s.replace('-', MINUS);
}

/** Like fixed() but with an explicit + for positive values (for deltas and signed values in lists). */
export function signed(v, digits = 4) {
  const s = fixed(v, digits);
  return v > 0 && !s.startsWith('+') && Number(s.replace(MINUS, '-')) !== 0 ? `+${s}` : s;
}

/** Short scientific notation for errors and tiny numbers: 1.2e-7 -> "1.2 × 10⁻⁷". */
export function sci(v, digits = 2) {
  if (v === 0) return '0';
  if (!Number.isFinite(v)) return fixed(v);
  const [m, e] = Number(v).toExponential(digits - 1).split('e');
  const exp = Number(e);
  if (exp >= -3 && exp <= 4) return fixed(v, Math.max(0, digits - 1 - exp));
  const sup = String(exp).replace('-', '\u207b').replace(/\d/g, (d) => '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079'[d]);
  return `${m.replace('-', MINUS)} \u00d7 10${sup}`;
}

/** Integers with thin thousands separators: 8192 -> "8 192"; locale independent on purpose. */
export function int(v) {
  const s = String(Math.round(v));
  const neg = s.startsWith('-');
  const digits = neg ? s.slice(1) : s;
  const grouped = digits.length > 4 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009') : digits;
  return (neg ? MINUS : '') + grouped;
}

/** Compact value for axis ticks: up to 3 significant digits, no trailing zeros. */
export function tick(v) {
  if (v === 0) return '0';
  const a = Math.abs(v);
  let s;
  if (a >= 1e5 || a < 1e-3) s = v.toExponential(1).replace('e+', 'e');
  else if (Number.isInteger(v)) s = String(v);
  else s = String(Number(v.toPrecision(3)));
  return s.replace('-', MINUS);
}

/** ASCII representation for CSV: shortest round-trip text of the float32 value. */
export function plain(v) {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
  return String(v);
}

/** Parses text produced by fixed()/signed() back into a number (used by tests and copy helpers). */
export function parseDisplayed(s) {
  return Number(String(s).replace(MINUS, '-').replace(/[\u2009\s+]/g, ''));
}
