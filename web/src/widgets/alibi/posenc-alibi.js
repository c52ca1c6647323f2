// <posenc-alibi>: attention with linear biases. Slopes per head (pe.alibi.slopes, any head count), each
// head's bias matrix (pe.alibi.bias) and the attention weights the bias alone produces when every score is
// equal: the recency each head imposes. Settings in ./descriptor.js, the computation in ./model.js, the
// canvases in ./painters.js; this element holds the view state, the template and the reader's input.

import { checkRanges } from '../ranges.js';
import { PosencElement, baseStyles, TapController, elementProperties } from '../base.js';
import { moveCellCursor } from '../grid-keys.js';
import { pointerIn } from '../../render/canvas.js';
import { csvRow } from '../../render/export.js';
import { clampInt, methodStyles } from '../methods-shared.js';
import { alibiCode } from '../pytorch.js';
import { properties, tag } from './descriptor.js';
import { at, computeAlibi, row } from './model.js';
import { paintHeads, paintSlopes, paintWeights } from './painters.js';
import { alibiStyles } from './styles.js';
import { alibiView } from './view.js';
import { shipCatalogues } from '../../i18n/index.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export class PosencAlibi extends PosencElement {
  static properties = {
    ...elementProperties(properties),
    _cursor: { state: true },
    // the head whose cell a tap read (its bias is in the readout until selected), or null
    _readHead: { state: true },
  };

  static styles = [baseStyles, methodStyles, alibiStyles];

  // a tap on a head reads a cell; a second tap on it, or the Select button, selects the head and that query
  // row (element/tap-controller.js)
  _tap = new TapController(this, () => this._selectCell(this._readHead ?? this.head, true));

  constructor() {
    super();
    this._cursor = { row: 0, col: 0 };
    this._readHead = null;
    this._data = null;
  }

  /** The query row whose weights are plotted: the attribute, or the last position. */
  get _q() {
    return this.query >= 0 && this.query < this.length ? this.query : this.length - 1;
  }

  engineReady() {
    this.requestUpdate();
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.pe) return;
    this._data = this.guard(() => {
      checkRanges(this);
      const data = this.cached('alibi', [this.heads, this.length, this.symmetric], () => computeAlibi(this.pe, this));
      if (!Number.isInteger(this.head) || this.head < 0 || this.head >= data.H) this.head = clampInt(this.head, 0, data.H - 1);
      this._cursor = { row: Math.min(this._cursor.row, data.L - 1), col: Math.min(this._cursor.col, data.L - 1) };
      return data;
    }, { main: true }) ?? null;
  }

  updated(changed) {
    this.timed(() => this._draw());
    if (this._data && (changed.has('head') || changed.has('heads') || changed.has('_ready'))) {
      this.announce({ head: this.head, slope: this._data.slopes[this.head], slopes: Array.from(this._data.slopes) });
    }
  }

  redraw() {
    this._draw();
  }

  /** Slopes, the selected head's bias and weights (for scripts and tests). */
  get result() {
    const d = this._data;
    if (!d) return null;
    const { head, _q: query } = this;
    return { slopes: Array.from(d.slopes), head, slope: d.slopes[head], query, biasRow: Array.from(row(d, 'bias', head, query)), weightsRow: Array.from(row(d, 'weights', head, query)) };
  }

  biasAt(h, i, j) {
    return at(this._data, 'bias', h, i, j);
  }

  weightAt(h, i, j) {
    return at(this._data, 'weights', h, i, j);
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  _canvas(name) {
    return this.renderRoot?.querySelector(`canvas.${name}`);
  }

  _draw() {
    this._drawSlopes();
    this._drawHeads();
    this._drawWeights();
  }

  _drawSlopes() {
    const canvas = this._canvas('slopes-plot');
    if (canvas) paintSlopes(this, canvas, { data: this._data, head: this.head, width: this.paneWidth('.slopes-pane') });
  }

  _drawHeads() {
    const canvas = this._canvas('heads');
    if (!canvas) return;
    // the cursor shows on the head a tap read, else on the selected head while the grid has the focus
    const cursorHead = this._readHead ?? (this._focusHeads ? this.head : null);
    this._headRects = paintHeads(this, canvas, { data: this._data, head: this.head, scale: this.scale, cursor: this._cursor, cursorHead, width: this.contentWidth });
  }

  _drawWeights() {
    const canvas = this._canvas('weights');
    if (canvas) this._weightsPlot = paintWeights(this, canvas, { data: this._data, head: this.head, query: this._q, hoverKey: this._hoverKey, width: this.paneWidth('.weights-pane') });
  }

  // ---- interaction -------------------------------------------------------------------------------------------

  _selectHead(h) {
    if (this._data) this.head = clampInt(h, 0, this._data.H - 1);
  }

  _onHeadsClick(e) {
    const { x, y } = pointerIn(e);
    (this._headRects ?? []).forEach((rect, h) => {
      if (x < rect.x || x >= rect.x + rect.w || y < rect.y - 16 || y >= rect.y + rect.h) return;
      const inCells = y >= rect.y;
      if (inCells) {
        const L = this._data.L;
        this._cursor = { row: Math.min(L - 1, Math.floor(((y - rect.y) / rect.h) * L)), col: Math.min(L - 1, Math.floor(((x - rect.x) / rect.w) * L)) };
      }
      if (this._tap.selects(e, inCells ? `${h},${this._cursor.row},${this._cursor.col}` : `${h}`)) this._selectCell(h, inCells);
      else this._readHead = h;
    });
  }

  /** Selects head `h`, and with `query` the cursor's row as the query. */
  _selectCell(h, query) {
    this._readHead = null;
    this.head = h;
    if (query) this.query = this._cursor.row;
  }

  _onHeadsKey(e) {
    const d = this._data;
    if (!d) return;
    this._tap.clear();
    this._readHead = null;
    if (e.key === 'PageUp' || e.key === 'PageDown') {
      this._selectHead(this.head + (e.key === 'PageUp' ? -1 : 1));
      e.preventDefault();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.query = this._cursor.row;
      e.preventDefault();
    } else {
      const next = moveCellCursor(e, this._cursor, d.L, d.L, { homeEnd: false });
      if (!next) return;
      e.preventDefault();
      this._cursor = next;
    }
  }

  _onWeightsMove(e) {
    const wp = this._weightsPlot;
    if (!wp) return;
    const j = Math.round(wp.plot.sx.invert(pointerIn(e).x));
    this._hoverKey = j >= 0 && j < (this._data?.L ?? 0) ? j : null;
    this._drawWeights();
    this.requestUpdate();
  }

  _onWeightsKey(e) {
    const L = this._data?.L ?? 0;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    let j = this._hoverKey ?? this._q;
    if (e.key in moves) j += moves[e.key];
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = L - 1;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') return (this._selectHead(this.head + (e.key === 'ArrowUp' ? -1 : 1)), e.preventDefault());
    else return;
    e.preventDefault();
    this._hoverKey = clampInt(j, 0, L - 1);
    this._drawWeights();
    this.requestUpdate();
  }

  _onSlopeKey(e, i) {
    const H = this._data?.H ?? 1;
    const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: H - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.head = clampInt(next, 0, H - 1);
    this.updateComplete.then(() => this.renderRoot.querySelector(`.slopes button[data-head="${this.head}"]`)?.focus());
  }

  // ---- exports -----------------------------------------------------------------------------------------------

  /** Every head's bias, float32 [heads, length, length] (−Infinity above the diagonal when causal). */
  toArray() {
    const d = this._data;
    return d ? { data: d.bias.slice(), shape: [d.H, d.L, d.L] } : null;
  }

  toPyTorch() {
    return alibiCode({ heads: this.heads, length: this.length, causal: !this.symmetric });
  }

  toCSV() {
    const d = this._data;
    if (!d) return '';
    const q = this._q;
    const lines = [csvRow(['head', 'slope']), ...Array.from(d.slopes, (s, h) => csvRow([h, s]))];
    lines.push('', csvRow(['head', 'query', 'key', 'bias', 'weight_on_equal_scores']));
    for (let h = 0; h < d.H; h++) for (let j = 0; j < d.L; j++) lines.push(csvRow([h, q, j, this.biasAt(h, q, j), this.weightAt(h, q, j)]));
    return lines.join('\n') + '\n';
  }

  async exportCanvas() {
    await this.updateComplete;
    const parts = ['slopes-plot', 'heads', 'weights'].map((name) => this._canvas(name)).filter(Boolean);
    if (!parts.length || !this._data) return null;
    return this.picture(parts, this.t('alibi.picture', { heads: this.heads, length: this.length, symmetric: this.symmetric ? this.t('alibi.pictureSymmetric') : '' }));
  }

  render() {
    return alibiView(this);
  }
}

customElements.get(tag) || customElements.define(tag, PosencAlibi);
