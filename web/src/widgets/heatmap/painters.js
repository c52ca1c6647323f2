// <posenc-heatmap>'s canvas: the table's raster (drawn progressively by the element) with its axes, the
// sin/cos strip over the columns, the selected rows, the linked crosshair and the legend (the reader's cursor is
// an element over the canvas: posenc-heatmap.js).
// `host` is the widget (its theme colours, translations and pixel ratio).

import { clearCanvas } from '../../render/canvas.js';
import { drawRaster, drawMatrixAxes, drawRowMarks, drawCrosshair, drawMatrixLegend } from '../../render/matrix-view.js';
import { describeColumn } from '../sinusoid-info.js';

/**
 * The whole picture for the settings `p` (length, dModel, offset, layout) from the raster `image` in the layout
 * `geom`: `positions` outlined (A, B), `hover` (a position another widget hovers) crossed.
 */
export function paintHeatmap(host, canvas, { geom, image, p, scheme, positions, hover }) {
  const theme = host.theme$();
  const ctx = clearCanvas(canvas, geom.width, geom.height, host.ratio);
  drawRaster(ctx, geom, image, host.ratio);
  // rows are positions offset, offset + 1, …: label them so (the left margin is sized for these digits)
  drawMatrixAxes(ctx, geom, theme, { colTitle: host.t('heatmap.axisColumns'), rowTitle: host.t('heatmap.axisRows'), rowOffset: p.offset, rowLabel: (r) => String(p.offset + r) });
  drawSinCosStrip(ctx, geom, theme, p);
  const marks = positions.map((pos, i) => ({ row: pos - p.offset, color: i === 0 ? theme.selectA : theme.selectB, tag: i === 0 ? 'A' : 'B' }));
  drawRowMarks(ctx, geom, marks, `bold ${theme.fontSmall}`);
  if (hover) drawCrosshair(ctx, geom, { row: hover.row - p.offset, col: null }, theme.cursor);
  drawMatrixLegend(ctx, geom, theme, {
    scheme,
    vmin: -1,
    vmax: 1,
    caption: host.t('heatmap.legend'),
    keys: [
      { color: theme.accent, label: host.t('heatmap.sinColumn') },
      { color: theme.muted, label: host.t('heatmap.cosColumn') },
    ],
  });
}

/** The strip over the columns: sin columns in the accent colour, cos columns muted (in runs when narrow). */
function drawSinCosStrip(ctx, geom, theme, p) {
  const { rect, cols } = geom;
  const y = rect.y - 8;
  const colour = (kind) => (kind === 'sin' ? theme.accent : kind === 'cos' ? theme.muted : theme.grid);
  ctx.save();
  if (p.layout === 'split' || geom.cellW < 1.5) {
    // blocks: draw per column kind in runs
    let start = 0;
    let kind = describeColumn(0, p).kind;
    for (let c = 1; c <= cols; c++) {
      const k = c < cols ? describeColumn(c, p).kind : null;
      if (k !== kind) {
        ctx.fillStyle = colour(kind);
        ctx.fillRect(rect.x + start * geom.cellW, y, (c - start) * geom.cellW, 6);
        start = c;
        kind = k;
      }
    }
  } else {
    const inset = geom.cellW > 3 ? 0.5 : 0;
    for (let c = 0; c < cols; c++) {
      ctx.fillStyle = colour(describeColumn(c, p).kind);
      ctx.fillRect(rect.x + c * geom.cellW + inset, y, Math.max(0.5, geom.cellW - 2 * inset), 6);
    }
  }
  ctx.restore();
}
