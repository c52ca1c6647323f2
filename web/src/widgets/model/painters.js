// <posenc-model>'s canvas: every pair's wavelength with the config's scaling (solid) and without it (dashed) on
// a log scale, the trained and the extended context marked, the cursor on the pair. `host` is the widget (its
// theme colours, translations, pixel ratio and compact layout).

import { clearCanvas } from '../../render/canvas.js';
import { drawXYPlot, drawCursor, extent } from '../../render/xyplot.js';

/** The wavelengths of `view.data` (computeModel), `pair` under the cursor; { plot, rect } for the pointer, or null. */
export function paintWavelengths(host, canvas, { data: d, pair: i, width: w, focused }) {
  const h = host.compact ? 250 : 320;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  if (!d?.r) return null;
  const t = host.theme$();
  const x = d.wavelength.map((_, j) => j);
  const marks = [d.trained, d.longest].filter(Boolean);
  const [lo, hi] = extent([d.wavelength, d.defaultWavelength], { positive: true });
  const rect = { x: 58, y: 12, w: w - 58 - 14, h: h - 50 };
  const plot = drawXYPlot(ctx, {
    rect,
    xDomain: [-0.5, x.length - 0.5],
    yDomain: [Math.min(lo, ...marks) / 1.5, Math.max(hi, ...marks) * 1.5],
    yLog: true,
    theme: t,
    series: [
      { x, y: d.defaultWavelength, color: t.muted, width: 1.25, dash: [5, 3] },
      { x, y: d.wavelength, color: t.accent, width: 2.5, points: x.length <= 64 },
    ],
    lines: [
      ...(d.trained ? [{ axis: 'y', value: d.trained, color: t.selectB, label: host.t('model.trainedMark', { value: host.whole(d.trained) }), align: 'start' }] : []),
      ...(d.longest !== d.trained ? [{ axis: 'y', value: d.longest, color: t.selectA, label: host.t('model.extendedMark', { value: host.whole(d.longest) }), align: 'start', dash: [2, 3] }] : []),
    ],
    xLabel: host.t('model.axisPair'),
    yLabel: host.t('model.axisWavelength'),
    yLabelOffset: 46,
  });
  drawCursor(ctx, plot, rect, i, [{ y: d.defaultWavelength[i], color: t.muted }, { y: d.wavelength[i], color: t.accent }], focused ? t.cursor : t.muted);
  return { plot, rect };
}
