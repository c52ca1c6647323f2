// Colour scales via d3-scale-chromatic, turned into 256-entry lookup tables for fast canvas rasters.

import {
  interpolateRdBu, interpolatePuOr, interpolateBrBG, interpolatePiYG, interpolateRdYlBu, interpolateSpectral,
  interpolateViridis, interpolateCividis, interpolateMagma, interpolateInferno, interpolatePlasma,
  interpolateTurbo, interpolateBlues,
} from 'd3-scale-chromatic';

export const DIVERGING = {
  RdBu: interpolateRdBu, PuOr: interpolatePuOr, BrBG: interpolateBrBG, PiYG: interpolatePiYG,
  RdYlBu: interpolateRdYlBu, Spectral: interpolateSpectral,
};
export const SEQUENTIAL = {
  viridis: interpolateViridis, cividis: interpolateCividis, magma: interpolateMagma, inferno: interpolateInferno,
  plasma: interpolatePlasma, turbo: interpolateTurbo, Blues: interpolateBlues,
};

/** Categorical colours for curves (Tableau 10), from ./palette.js. */
export { CATEGORICAL } from './palette.js';

// (not Object.hasOwn: Safari 15.0–15.3, which the bundles target, lacks it)
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

/** Resolves a scheme name to an interpolator t∈[0,1] → CSS colour; unknown names fall back. */
export function interpolator(name, fallback = 'RdBu') {
  // own properties only: scheme="constructor" must not reach Object.prototype
  const pick = (n) => (own(DIVERGING, n) ? DIVERGING[n] : own(SEQUENTIAL, n) ? SEQUENTIAL[n] : undefined);
  return pick(name) ?? pick(fallback);
}

/** Every scheme name the `scheme` attributes accept. */
export const SCHEME_NAMES = [...Object.keys(DIVERGING), ...Object.keys(SEQUENTIAL)];

export function isKnownScheme(name) {
  return own(DIVERGING, name) || own(SEQUENTIAL, name);
}

function parseColor(css) {
  // d3 interpolators return "rgb(r, g, b)" (or hex for a few schemes)
  let m = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(css);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css);
  if (m) return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
  return [128, 128, 128];
}

const lutCache = new Map();

/**
 * 256 colours of `name` packed as little-endian RGBA uint32 (what a Uint32Array view of ImageData wants),
 * plus the CSS strings for legends. Cached per scheme.
 */
export function lut(name) {
  let entry = lutCache.get(name);
  if (entry) return entry;
  const f = interpolator(name);
  const packed = new Uint32Array(256);
  const css = new Array(256);
  for (let i = 0; i < 256; i++) {
    const c = f(i / 255);
    const [r, g, b] = parseColor(c);
    packed[i] = (255 << 24) | (b << 16) | (g << 8) | r;
    css[i] = `rgb(${r}, ${g}, ${b})`;
  }
  entry = { packed, css, name };
  lutCache.set(name, entry);
  return entry;
}

/** Packed colour for NaN cells (neutral grey). */
export const NAN_COLOR = (255 << 24) | (128 << 16) | (128 << 8) | 128;

/**
 * Black or white text for a CSS rgb() background: whichever contrasts more. Pure black and white reach at
 * least 4.6:1 on any background (WCAG AA for normal text); #111 would not in the mid-tones.
 */
export function textOn(cssColor) {
  const [r, g, b] = parseColor(cssColor).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const L = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? '#000' : '#fff';
}

/** Draws a horizontal colour legend into ctx at (x, y, w, h) (CSS pixels). */
export function drawLegend(ctx, name, x, y, w, h) {
  const { css } = lut(name);
  const grad = ctx.createLinearGradient(x, 0, x + w, 0);
  for (let i = 0; i <= 16; i++) grad.addColorStop(i / 16, css[Math.round((i / 16) * 255)]);
  ctx.fillStyle = grad;
  ctx.fillRect(x, y, w, h);
}
