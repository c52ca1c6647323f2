// Progressive matrix raster: turns a rows × cols matrix, delivered in row chunks by a `fill` callback
// (the engine writing `into` a reused Float32Array), into an RGBA image of at most imgW × imgH pixels.
//
// - When the matrix fits (rows <= imgH and cols <= imgW) every cell is one pixel; the caller scales the
//   image up with smoothing off, so cells stay crisp.
// - Otherwise cells are box-averaged: each image pixel shows the mean of the block of cells it covers
//   (point sampling would alias the fast dimensions into fake stripes).
// - Work is sliced by time: after `budgetMs` the partial image is published and the job yields to the
//   browser, so even 8192 × 4096 never freezes the page. Starting a new job cancels the previous one.

import { NAN_COLOR, lut } from './color.js';
import { nextFrame } from './canvas.js';

const CHUNK_FLOATS = 1 << 20; // 4 MiB of float32 per engine call: each call has a fixed set-up cost, so few big calls

export class MatrixRaster {
  constructor() {
    /** the image, imgW × imgH; draw it with ctx.drawImage */
    this.canvas = document.createElement('canvas');
    this.canvas.width = 1;
    this.canvas.height = 1;
    this._ctx = this.canvas.getContext('2d');
    this._job = 0;
    this._buffer = new Float32Array(0); // reused engine output (the `into` path)
    this._acc = new Float64Array(0);
    this._image = null;
    /** statistics of the last finished job */
    this.stats = { ms: 0, frames: 0, rows: 0, cols: 0, imgW: 0, imgH: 0, min: NaN, max: NaN };
  }

  /** Cancels the running job (if any). */
  cancel() {
    this._job++;
  }

  /**
   * @param {object} o
   * @param {number} o.rows
   * @param {number} o.cols
   * @param {number} o.maxW  largest image width wanted (device pixels of the plot)
   * @param {number} o.maxH
   * @param {(offset:number, count:number, into:Float32Array) => void} o.fill  writes rows [offset, offset+count)
   * @param {Uint32Array} o.palette  256 packed colours
   * @param {number} o.vmin
   * @param {number} o.vmax
   * @param {number} [o.budgetMs]
   * @param {number} [o.maxCells]  beyond this many cells, rows are sampled with a stride
   * @param {(fraction:number) => void} [o.onProgress]  called after each published slice
   * @returns {Promise<boolean>} true when finished, false when cancelled
   */
  async render({ rows, cols, maxW, maxH, fill, palette, vmin, vmax, budgetMs = 12, maxCells = 1 << 26, onProgress }) {
    const job = ++this._job;
    const t0 = performance.now();
    const imgW = Math.max(1, Math.min(cols, Math.floor(maxW)));
    const imgH = Math.max(1, Math.min(rows, Math.floor(maxH)));
    if (this.canvas.width !== imgW) this.canvas.width = imgW;
    if (this.canvas.height !== imgH) this.canvas.height = imgH;
    if (!this._image || this._image.width !== imgW || this._image.height !== imgH) {
      this._image = this._ctx.createImageData(imgW, imgH);
    }
    const image = this._image;
    const pixels = new Uint32Array(image.data.buffer);
    pixels.fill(0);

    // A table that fits in one engine call is done in one go (the common, interactive sizes). Bigger ones
    // are sliced with chunks sized from the measured speed, so each chunk takes about a third of the budget.
    const single = rows * cols <= CHUNK_FLOATS;
    const maxChunkRows = Math.max(1, Math.min(rows, Math.floor(CHUNK_FLOATS / cols)));
    let chunkRows = single ? rows : Math.max(1, Math.min(maxChunkRows, Math.floor((1 << 15) / cols)));
    if (this._buffer.length < maxChunkRows * cols) this._buffer = new Float32Array(maxChunkRows * cols);
    const exact = imgW === cols && imgH === rows;
    const scale = 255 / (vmax - vmin || 1);
    let min = Infinity;
    let max = -Infinity;

    // Column → image column map and the number of source columns per image column.
    let colMap = null;
    let colCount = null;
    if (!exact) {
      colMap = new Int32Array(cols);
      colCount = new Float32Array(imgW);
      for (let c = 0; c < cols; c++) {
        const x = Math.min(imgW - 1, Math.floor((c * imgW) / cols));
        colMap[c] = x;
        colCount[x]++;
      }
      if (this._acc.length < imgW) this._acc = new Float64Array(imgW);
    }
    const acc = this._acc;
    if (!exact) acc.fill(0);
    const sameCols = imgW === cols; // only rows are averaged: the column map is the identity
    let accRows = 0; // source rows accumulated into the current image row
    let curY = exact ? 0 : 0;

    const flushRow = (y) => {
      // finalise image row y from the accumulator
      const base = y * imgW;
      for (let x = 0; x < imgW; x++) {
        const v = acc[x] / (accRows * colCount[x]);
        if (v < min) min = v;
        if (v > max) max = v;
        if (v !== v) pixels[base + x] = NAN_COLOR;
        else {
          let i = ((v - vmin) * scale + 0.5) | 0;
          i = i < 0 ? 0 : i > 255 ? 255 : i;
          pixels[base + x] = palette[i];
        }
        acc[x] = 0;
      }
      accRows = 0;
    };

    let frames = 0;
    let sliceStart = performance.now();
    let dirtyFrom = 0; // first image row not yet published
    let doneRows = 0;
    // Past `maxCells` the rows are sampled with a stride (each image row still averages several of them).
    const stride = exact ? 1 : Math.max(1, Math.ceil((rows * cols) / maxCells));
    if (!single) {
      // allocation of the image and buffers above was this task's work; the drawing starts in the next
      await nextFrame();
      if (job !== this._job) return false;
      sliceStart = performance.now();
    }
    let offset = 0;
    while (offset < rows) {
      const count = stride === 1 ? Math.min(chunkRows, rows - offset) : 1;
      const into = count * cols === this._buffer.length ? this._buffer : this._buffer.subarray(0, count * cols);
      const chunkStart = performance.now();
      fill(offset, count, into);
      if (exact) {
        let p = offset * cols;
        for (let k = 0, n = count * cols; k < n; k++, p++) {
          const v = into[k];
          if (v !== v) {
            pixels[p] = NAN_COLOR;
            continue;
          }
          if (v < min) min = v;
          if (v > max) max = v;
          let i = ((v - vmin) * scale + 0.5) | 0;
          i = i < 0 ? 0 : i > 255 ? 255 : i;
          pixels[p] = palette[i];
        }
      } else {
        for (let r = 0; r < count; r++) {
          const src = offset + r;
          const y = Math.min(imgH - 1, Math.floor((src * imgH) / rows));
          if (y !== curY) {
            flushRow(curY);
            curY = y;
          }
          const rowBase = r * cols;
          if (sameCols) {
            for (let c = 0; c < cols; c++) acc[c] += into[rowBase + c];
          } else {
            for (let c = 0; c < cols; c++) acc[colMap[c]] += into[rowBase + c];
          }
          accRows++;
        }
      }
      offset += stride === 1 ? count : stride;
      doneRows = Math.min(rows, offset);
      if (!single && stride === 1) {
        // adapt the next chunk to about a third of the slice budget
        const perRow = (performance.now() - chunkStart) / count;
        chunkRows = Math.max(1, Math.min(maxChunkRows, Math.floor(budgetMs / 3 / Math.max(perRow, 1e-4))));
      }
      if (performance.now() - sliceStart > budgetMs && doneRows < rows) {
        const upto = exact ? doneRows : curY; // rows [dirtyFrom, upto) are final
        this._publish(dirtyFrom, upto);
        dirtyFrom = upto;
        frames++;
        onProgress?.(doneRows / rows);
        await nextFrame();
        if (job !== this._job) return false;
        sliceStart = performance.now();
      }
    }
    if (!exact && accRows > 0) flushRow(curY);
    this._publish(dirtyFrom, imgH);
    frames++;
    this.stats = { ms: performance.now() - t0, frames, rows, cols, imgW, imgH, min, max, stride };
    onProgress?.(1);
    return true;
  }

  _publish(fromRow, toRow) {
    if (toRow <= fromRow) return;
    this._ctx.putImageData(this._image, 0, 0, 0, fromRow, this._image.width, toRow - fromRow);
  }
}

/**
 * Rasterises the rows × cols of `layout` (see matrix-view.js: matrixLayout) into `raster` at the plot
 * rectangle's device size, coloured by `scheme` from vmin to vmax. Resolves as render() does. The canvas the
 * picture goes to is sized where it is painted, not here: resized now, it would stay blank until then, and a
 * phone would spend a frame sending the blank canvas to the screen (at 3 pixels per CSS pixel, 70 ms at CPU x4).
 */
export function rasterizeLayout(raster, layout, ratio, { scheme, vmin, vmax, fill, onProgress }) {
  const { rows, cols, rect } = layout;
  return raster.render({ rows, cols, maxW: rect.w * ratio, maxH: rect.h * ratio, palette: lut(scheme).packed, vmin, vmax, fill, onProgress });
}

/**
 * When a widget's progressive drawing is finished (what its `renderComplete` waits for): begin() as a drawing
 * starts, end() when the latest one is done. A drawing that replaces an unfinished one keeps its promise, so
 * whoever waits for the first waits for what replaced it.
 */
export class Completion {
  #promise = Promise.resolve();
  #resolve = null;

  get promise() {
    return this.#promise;
  }

  begin() {
    if (!this.#resolve) this.#promise = new Promise((r) => (this.#resolve = r));
  }

  end() {
    const r = this.#resolve;
    this.#resolve = null;
    r?.();
  }
}
