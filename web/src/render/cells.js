// Small matrices drawn cell by cell (bucket grids, bias matrices, position-id tables): every cell is exact,
// numbers can be printed inside when the cells are big enough, and masked cells (−∞, missing) get a
// hatched look instead of a colour. For big matrices use raster.js (MatrixRaster) instead.

import { lut, textOn } from './color.js';

/** Index 0…255 of `v` on a colour scale from vmin to vmax (clamped). */
export function colorIndex(v, vmin, vmax) {
  const t = (v - vmin) / (vmax - vmin || 1);
  return Math.max(0, Math.min(255, Math.round(t * 255)));
}

/** CSS colour of `v` on scheme `scheme` between vmin and vmax. */
export function colorOf(scheme, v, vmin, vmax) {
  return lut(scheme).css[colorIndex(v, vmin, vmax)];
}

/** Diagonal hatching inside `rect` (for cells or regions that have no value). */
export function hatch(ctx, { x, y, w, h }, color, spacing = 6) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let s = -h; s < w; s += spacing) {
    ctx.moveTo(x + s, y + h);
    ctx.lineTo(x + s + h, y);
  }
  ctx.stroke();
  ctx.restore();
}

let scratch = null;

/**
 * The cells as a cols × rows image, one pixel per cell (masked ones transparent), on a canvas reused by
 * every call (drawImage copies it at once); null where no canvas can be made.
 */
function cellImage(rows, cols, get, packed, vmin, vmax) {
  scratch ??= typeof document === 'undefined' ? null : document.createElement('canvas');
  const sctx = scratch?.getContext('2d');
  if (!sctx) return null;
  if (scratch.width !== cols) scratch.width = cols;
  if (scratch.height !== rows) scratch.height = rows;
  const img = sctx.createImageData(cols, rows);
  const px = new Uint32Array(img.data.buffer);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = get(r, c);
      px[r * cols + c] = Number.isFinite(v) ? packed[colorIndex(v, vmin, vmax)] : 0;
    }
  }
  sctx.putImageData(img, 0, 0);
  return scratch;
}

/**
 * Draws rows × cols cells into rect.
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} o
 * @param {{x:number,y:number,w:number,h:number}} o.rect
 * @param {number} o.rows
 * @param {number} o.cols
 * @param {(r:number, c:number) => number} o.get   value of a cell; non-finite values are drawn as masked
 * @param {string} o.scheme   colour scheme name (see color.js)
 * @param {number} o.vmin
 * @param {number} o.vmax
 * @param {string} [o.maskColor]   hatching colour of masked cells
 * @param {string} [o.maskFill]    background of masked cells
 * @param {(r:number, c:number, v:number) => string} [o.text]   label printed in a cell (when it fits)
 * @param {string} [o.font]
 * @param {number} [o.gap]   pixels between cells when they are large
 */
export function drawCells(ctx, { rect, rows, cols, get, scheme, vmin, vmax, maskColor = 'rgba(128,128,128,0.6)', maskFill = 'transparent', text, font = '11px system-ui, sans-serif', gap }) {
  const cw = rect.w / cols;
  const ch = rect.h / rows;
  const g = gap ?? (cw > 8 && ch > 8 ? 1 : 0);
  const { css, packed } = lut(scheme);
  const showText = text && cw >= 13 && ch >= 11;
  // without gaps or labels, the cells are one image scaled up (a causal attention grid of a few thousand
  // cells drawn as as many rectangles took ~100 ms of a phone's main thread); masked cells are hatched below
  const image = !showText && g === 0 && cellImage(rows, cols, get, packed, vmin, vmax);
  ctx.save();
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const masked = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = get(r, c);
      const x = rect.x + c * cw;
      const y = rect.y + r * ch;
      if (!Number.isFinite(v)) {
        // a masked cell next to the one before it in its row widens that one's run (a causal mask: one run per row)
        const run = masked[masked.length - 1];
        if (run?.row === r && run.next === c) {
          run.w = x + cw - g / 2 - run.x;
          run.next = c + 1;
        } else masked.push({ row: r, next: c + 1, x: x + g / 2, y: y + g / 2, w: Math.max(0.5, cw - g), h: Math.max(0.5, ch - g) });
        continue;
      }
      if (image) continue;
      const colour = css[colorIndex(v, vmin, vmax)];
      ctx.fillStyle = colour;
      // overlap by a hair when there is no gap so that no seams show between cells
      ctx.fillRect(x + g / 2, y + g / 2, Math.max(0.5, cw - g) + (g ? 0 : 0.5), Math.max(0.5, ch - g) + (g ? 0 : 0.5));
      if (showText) {
        const label = text(r, c, v);
        if (label) {
          ctx.fillStyle = textOn(colour);
          ctx.fillText(label, x + cw / 2, y + ch / 2 + 0.5);
        }
      }
    }
  }
  if (image) {
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(image, rect.x, rect.y, rect.w, rect.h);
  }
  if (masked.length) {
    // the runs of masked cells, hatched through one clip (a clip of one rectangle per cell was the longest part
    // of drawing a causal matrix)
    for (const m of masked) {
      if (maskFill !== 'transparent') {
        ctx.fillStyle = maskFill;
        ctx.fillRect(m.x, m.y, m.w, m.h);
      }
    }
    ctx.save();
    ctx.beginPath();
    for (const m of masked) ctx.rect(m.x, m.y, m.w, m.h);
    ctx.clip();
    hatch(ctx, rect, maskColor, Math.max(4, Math.min(8, cw)));
    ctx.restore();
  }
  ctx.restore();
  return {
    cellW: cw,
    cellH: ch,
    cellAt(px, py) {
      if (px < rect.x || py < rect.y || px >= rect.x + rect.w || py >= rect.y + rect.h) return null;
      return { row: Math.min(rows - 1, Math.floor((py - rect.y) / ch)), col: Math.min(cols - 1, Math.floor((px - rect.x) / cw)) };
    },
  };
}

/** Outline of one cell (cursor) with a light halo so that it shows on any colour. */
export function outlineCell(ctx, rect, rows, cols, { row, col }, color, width = 1.5) {
  const cw = rect.w / cols;
  const ch = rect.h / rows;
  const x = rect.x + col * cw;
  const y = rect.y + row * ch;
  ctx.save();
  ctx.lineWidth = width + 2;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.strokeRect(x - 1, y - 1, Math.max(2, cw) + 2, Math.max(2, ch) + 2);
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.strokeRect(x - 1, y - 1, Math.max(2, cw) + 2, Math.max(2, ch) + 2);
  ctx.restore();
}

/** A horizontal colour bar with end labels (for small multiples that share one scale). */
export function drawColorBar(ctx, { x, y, w, h = 8, scheme, vmin, vmax, labels, color, font }) {
  const { css } = lut(scheme);
  const grad = ctx.createLinearGradient(x, 0, x + w, 0);
  for (let i = 0; i <= 16; i++) grad.addColorStop(i / 16, css[Math.round((i / 16) * 255)]);
  ctx.save();
  ctx.fillStyle = grad;
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = color;
  ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
  if (labels) {
    ctx.fillStyle = color;
    ctx.font = font;
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText(labels[0], x, y + h + 3);
    ctx.textAlign = 'right';
    ctx.fillText(labels[1], x + w, y + h + 3);
  }
  ctx.restore();
}
