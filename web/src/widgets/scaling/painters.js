// <posenc-scaling>'s canvas: every type's wavelength (or inverse frequency) per pair on a log scale, the
// selected type bold, the original and the served context marked, the cursor on the selected pair. `host` is
// the widget (its theme colours, translations, locale, pixel ratio and compact layout).

import { clearCanvas, fillTextFitted } from '../../render/canvas.js';
import { formatSci } from '../../i18n/index.js';
import { drawXYPlot, drawCursor, extent } from '../../render/xyplot.js';
import { CATEGORICAL } from '../../render/color.js';
import { SCALING_TYPES } from './model.js';

const TWO_PI = 2 * Math.PI;

/**
 * The plot of `view.data` (computeScaling) for `type`, `pair` under the cursor, `width` wide; `marks` are
 * { original, target } with their labels; `solo` draws the type and the default only, `frequency` θ instead of
 * the wavelength. Returns { plot, rect } for reading the pointer, or null without data.
 */
export function paintScaling(host, canvas, { data: d, type: sel, pair: i, width: w, frequency, solo, focused, marks }) {
  const h = host.compact ? 270 : 340;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  if (!d) return null;
  const t = host.theme$();
  const wave = !frequency;
  const key = wave ? 'wavelength' : 'invFreq';
  const colour = (ty) => CATEGORICAL[SCALING_TYPES.indexOf(ty)];
  const shown = solo ? [sel, ...(sel === 'default' ? [] : ['default'])] : SCALING_TYPES;
  const [lo, hi] = extent(shown.map((ty) => d.curves[ty][key]), { positive: true });
  const lengths = [marks.original.value, marks.target.value];
  const yLo = wave ? Math.min(lo, ...lengths) / 1.5 : lo / 1.5;
  const yHi = wave ? Math.max(hi, ...lengths) * 1.5 : Math.max(hi, TWO_PI / Math.min(...lengths)) * 1.5;
  const series = shown
    .filter((ty) => ty !== sel)
    .map((ty) => ({ x: d.x, y: d.curves[ty][key], color: colour(ty), width: 1.25, alpha: 0.7, dash: ty === 'default' ? [5, 3] : undefined }));
  series.push({ x: d.x, y: d.curves[sel][key], color: colour(sel), width: 3 });
  const markValue = (v) => (wave ? v : TWO_PI / v);
  const wavelengthLabel = (v) => `λ ${formatSci(host.locale, TWO_PI / v, 2)}`;
  // the frequency view writes wavelengths at the right: as wide as its widest end (12 px text on a phone)
  ctx.font = t.fontSmall;
  const right = wave ? 14 : Math.max(70, 10 + Math.max(...[yLo, yHi].map((v) => ctx.measureText(wavelengthLabel(v)).width)));
  const rect = { x: 58, y: 12, w: w - 58 - right, h: h - 50 };
  const plot = drawXYPlot(ctx, {
    rect,
    xDomain: [-0.5, d.half - 0.5],
    yDomain: [yLo, yHi],
    yLog: true,
    theme: t,
    series,
    lines: [
      { axis: 'y', value: markValue(marks.original.value), color: t.selectB, label: marks.original.label, align: 'start' },
      { axis: 'y', value: markValue(marks.target.value), color: t.selectA, label: marks.target.label, align: 'start', dash: [2, 3] },
    ],
    xLabel: host.t('scaling.axisPair'),
    yLabel: host.t(wave ? 'scaling.axisWavelength' : 'scaling.axisFrequency'),
    yLabelOffset: 46,
    yRight: wave ? undefined : wavelengthLabel,
  });
  drawCursor(ctx, plot, rect, i, [{ y: d.curves.default[key][i], color: t.muted }, { y: d.curves[sel][key][i], color: colour(sel) }], focused ? t.cursor : t.muted);
  ctx.save();
  ctx.font = t.fontSmall;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'right';
  ctx.textBaseline = wave ? 'top' : 'bottom';
  // inside the plot: wrapped onto more lines when the plot is too narrow for one
  let caption = host.t(wave ? 'scaling.captionAbove' : 'scaling.captionBelow');
  // lines break at spaces; a caption without any (Chinese) may also break after its full-width punctuation
  if (!/\s/.test(caption) && ctx.measureText(caption).width > rect.w - 8) caption = caption.replace(/([：，；])/gu, '$1 ');
  fillTextFitted(ctx, caption, rect.x + rect.w - 4, wave ? rect.y + 3 : rect.y + rect.h - 3, rect.w - 8, { lineHeight: 13 });
  ctx.restore();
  return { plot, rect };
}
