// <posenc-similarity>'s canvas: the matrix (a raster drawn progressively by render/raster.js), its axes and
// legend, the selected pair, a linked widget's hover and the reader's cursor. `host` is the widget (its theme
// colours, translations, pixel ratio, width and compact layout).

import { clearCanvas } from '../../render/canvas.js';
import { matrixLayout, drawRaster, drawMatrixAxes, drawCellCursor, drawCrosshair, drawMatrixLegend } from '../../render/matrix-view.js';

/** The geometry of an L × L matrix: square cells, room on the left for the row numbers. */
export function similarityLayout(host, L) {
  const geom = matrixLayout({ width: Math.min(host.contentWidth, 560), rows: L, cols: L, square: true, maxHeight: host.compact ? host.compactHeight(0.32, 240, 400) : 480, top: 40, left: 30 + 7 * String(L - 1).length });
  // the normal layout spans the frame; the compact one leaves the space beside the matrix to the readouts
  geom.width = host.compact ? Math.max(geom.rect.x + geom.rect.w + 10, 300) : host.contentWidth;
  return geom;
}

/**
 * The raster `image` in `geom` with axes and legend; the selected pair `selection` outlined in both symmetric
 * cells (one position: its crosshair), the crosshair of a linked widget's hovered row and the cursor cell.
 */
export function paintSimilarity(host, canvas, { geom, image, length, selection: [a, b], linkedRow, cursor, range, scheme, caption }) {
  const t = host.theme$();
  const ctx = clearCanvas(canvas, geom.width, geom.height, host.ratio);
  drawRaster(ctx, geom, image, host.ratio);
  drawMatrixAxes(ctx, geom, t, { colTitle: host.t('similarity.axisColumns'), rowTitle: host.t('similarity.axisRows') });
  if (a != null && b != null && a < length && b < length) {
    for (const [r, c] of [[a, b], [b, a]]) {
      const x = geom.rect.x + c * geom.cellW;
      const y = geom.rect.y + r * geom.cellH;
      ctx.save();
      ctx.lineWidth = 2;
      ctx.strokeStyle = t.selectA;
      ctx.strokeRect(x - 1, y - 1, Math.max(3, geom.cellW) + 2, Math.max(3, geom.cellH) + 2);
      ctx.restore();
    }
    drawCrosshair(ctx, geom, { row: a, col: b }, t.selectA);
  } else if (a != null && a < length) {
    drawCrosshair(ctx, geom, { row: a, col: a }, t.selectA);
  }
  if (linkedRow != null) drawCrosshair(ctx, geom, { row: linkedRow, col: linkedRow }, t.cursor);
  if (cursor) drawCellCursor(ctx, geom, cursor, t.cursor);
  drawMatrixLegend(ctx, geom, t, { scheme, vmin: range[0], vmax: range[1], caption });
}
