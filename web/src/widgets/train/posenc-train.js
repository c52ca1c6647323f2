// <posenc-train>: train short, test long. A small decoder-only transformer (pe.train, the engine's own
// forward and backward) learns a task at training length L in the page; the widget tests it at L … 4L as it
// trains and races the position methods on the same data and seed. Training runs in a worker where the page
// allows one, else on the page in short slices (runner.js, session.js); the widget says which.

import { html, css, nothing } from 'lit';
import { PosencElement, baseStyles } from '../base.js';
import { checkRanges } from '../ranges.js';
import { numberAttr, stringListAttr } from '../../state/attributes.js';
import { clearCanvas, pointerIn } from '../../render/canvas.js';
import { drawXYPlot } from '../../render/xyplot.js';
import { drawCells } from '../../render/cells.js';
import { CATEGORICAL } from '../../render/color.js';
import { copyText, csvRow } from '../../render/export.js';
import { plain } from '../../render/format.js';
import { styleProps } from '../../render/style-props.js';
import { formatNumber } from '../../i18n/index.js';
import { startRunner } from './runner.js';
import { TrainSession, testLengths } from './session.js';
import { trainCode } from './pytorch.js';

/** The model sizes offered (dModel, layers, heads), tiny to small. */
export const SIZES = {
  tiny: { dModel: 16, layers: 1, heads: 2 },
  mini: { dModel: 32, layers: 2, heads: 2 },
  small: { dModel: 64, layers: 2, heads: 4 },
};

/**
 * The position methods of the widget: pe.train's positions, and RoPE trained as it is and evaluated with
 * dynamic NTK scaling (`rope-ntk`), which changes nothing at or below the training length.
 */
export const METHODS = ['none', 'sinusoidal', 'learned', 'rope', 'rope-ntk', 'alibi', 't5'];
const NTK = { type: 'dynamic', factor: 1 };
const SAMPLES = 32;
const BATCH = 16;
// tasks whose lengths are even (pairs, two numbers of equal length)
const EVEN_TASKS = ['recall', 'add'];
const MAX_LENGTH = 64;
const colorOf = (method) => CATEGORICAL[METHODS.indexOf(method) % CATEGORICAL.length];

export class PosencTrain extends PosencElement {
  static properties = {
    task: { type: String, reflect: true },
    method: { type: String, reflect: true, values: METHODS },
    methods: { reflect: true, converter: stringListAttr(['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5']) },
    trainLength: { type: Number, attribute: 'train-length', reflect: true, converter: numberAttr(8), range: { min: 4, max: 16 } },
    size: { type: String, reflect: true, values: Object.keys(SIZES) },
    steps: { type: Number, reflect: true, converter: numberAttr(1000), range: { min: 10, max: 5000 } },
    seed: { type: Number, reflect: true, converter: numberAttr(0), range: { min: 0, max: 2 ** 31 - 1 } },
    // true: train on the page even where a worker could run (to compare; the widget always falls back itself)
    noWorker: { type: Boolean, attribute: 'no-worker', reflect: true },
    _tick: { state: true },
  };

  static styles = [
    baseStyles,
    css`
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        margin: 6px 0;
      }
      .buttons button {
        min-height: 32px;
      }
      .progress {
        font-variant-numeric: tabular-nums;
      }
      canvas.plot {
        display: block;
        max-width: 100%;
        touch-action: pan-y;
      }
      .tokens {
        display: flex;
        flex-wrap: wrap;
        gap: 2px;
        padding: 0;
        margin: 4px 0;
        list-style: none;
        font-family: var(--_mono);
        font-size: 0.85em;
      }
      .tokens li {
        min-width: 1.6em;
        text-align: center;
        border: 1px solid var(--_border);
        border-radius: 3px;
        padding: 1px 2px;
      }
      .tokens li.right {
        border-color: var(--_ok, #1a7f37);
        background: color-mix(in srgb, var(--_ok, #1a7f37) 18%, transparent);
      }
      .tokens li.wrong {
        border-color: var(--_bad, #cf222e);
        background: color-mix(in srgb, var(--_bad, #cf222e) 22%, transparent);
        text-decoration: line-through;
      }
      .tokens li.prompt {
        color: var(--_muted);
      }
      table.results {
        border-collapse: collapse;
        font-size: 0.85em;
        font-variant-numeric: tabular-nums;
      }
      table.results th,
      table.results td {
        border: 1px solid var(--_border);
        padding: 2px 6px;
        text-align: right;
      }
      table.results th[scope='row'] {
        text-align: left;
      }
      table.results td {
        white-space: nowrap;
      }
      .table-wrap {
        overflow-x: auto;
        max-width: 100%;
      }
      /* compact (slides): the loss and the accuracy side by side, shorter plots */
      :host([compact]) .race-methods {
        margin: 2px 0;
        padding: 2px 8px;
      }
      /* a method's colour: a box drawn by CSS (a glyph such as ■ would send the browser looking through its
         fonts for one the first time a legend appears, a long task on machines with many fonts) */
      .swatch {
        display: inline-block;
        width: 0.75em;
        height: 0.75em;
        border-radius: 2px;
        vertical-align: baseline;
      }
      .legend .key {
        white-space: nowrap;
        margin-right: 8px;
      }
      .attention {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
      }
    `,
  ];

  constructor() {
    super();
    // the default race (demo part 4): sorting, where absolute and relative methods part ways past L within a
    // minute of training on a phone-sized model
    this.task = 'sort';
    this.method = 'alibi';
    this.methods = ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'];
    this.trainLength = 8;
    this.size = 'tiny';
    this.steps = 1000;
    this.seed = 0;
    this.noWorker = false;
    this.label = '';
    this._tick = 0;
    this._runner = null;
    this._runnerStart = null;
    this._session = null;
    this._race = null;  // { settings, entries: [{ method, session }], running }
    this._kept = [];    // earlier races kept for comparison: { settings, entries: [{ method, rows, losses }] }
    this._hover = null; // { length } under the pointer or the keyboard
    this._example = null;
    this._attention = null;
    this._generation = 0;
  }

  // ---- settings ------------------------------------------------------------------------------------------

  /** The tasks of the engine (pe.train.tasks). */
  get tasks() {
    return this.pe?.train ? Array.from(this.pe.train.tasks) : ['copy'];
  }

  /** A task's name in the reader's language (the engine's own name for a task the catalogues do not know). */
  _taskName(task) {
    try {
      return this.t(`train.task.${task}`);
    } catch {
      return task;
    }
  }

  get _L() {
    return this.trainLength;
  }

  get _lengths() {
    return testLengths(this._L, { max: MAX_LENGTH, even: EVEN_TASKS.includes(this.task) });
  }

  /** pe.train.create options for `method`, every other setting shared (the race's one budget). */
  optionsFor(method) {
    const size = SIZES[this.choice('size')];
    const L = this._L;
    return {
      task: this.task,
      position: method === 'rope-ntk' ? 'rope' : method,
      trainLength: L,
      ...size,
      batch: BATCH,
      steps: Math.round(this.steps),
      warmup: Math.max(1, Math.round(this.steps / 10)),
      seed: Math.round(this.seed),
      // the learned table covers the longest test sequence: past L its rows are never trained, so the test
      // shows what an untrained position does (the engine reports lengths past a table as unsupported)
      ...(method === 'learned' ? { maxPositions: Math.min(1024, this._lengths.at(-1) * 2 + 4) } : {}),
    };
  }

  _sessionFor(method) {
    return new TrainSession(this._runner, {
      options: this.optionsFor(method),
      lengths: this._lengths,
      samples: SAMPLES,
      scaling: method === 'rope-ntk' ? NTK : undefined,
    });
  }

  /** What the runs depend on: a change resets them. */
  get _settingsKey() {
    return [this.task, this._L, this.choice('size'), this.steps, this.seed, this.noWorker].join('|');
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    // a setting out of its range (or a task the engine does not have) is a message naming it, and nothing
    // trains until it is fixed
    this._settingsError = '';
    try {
      checkRanges(this);
      if (this.pe?.train && !this.tasks.includes(this.task))
        throw new RangeError(this.t('message.mustBe', { attribute: 'task', expected: this.tasks.join(', '), value: JSON.stringify(this.task) }));
    } catch (err) {
      this._settingsError = `${err.name}: ${err.localized ?? err.message}`;
    }
    this._settingsOk = !this._settingsError;
    const key = this._settingsKey + '|' + this.choice('method');
    if (this._lastKey !== undefined && key !== this._lastKey) this._resetSession();
    this._lastKey = key;
  }

  // ---- runner --------------------------------------------------------------------------------------------

  /** Where training runs: 'worker' or 'page' (null before the first run). */
  get runnerKind() {
    return this._runner?.kind ?? null;
  }

  /** Why training runs on the page: 'blocked', 'failed', 'off', 'unsupported' ('' in a worker). */
  get runnerReason() {
    return this._runner?.reason ?? null;
  }

  /**
   * Starts the worker (or settles on the page) ahead of the first run; resolves to { kind, reason }, as
   * `runnerKind` and `runnerReason` then read.
   */
  async prepare() {
    await this.whenReady();
    const r = await this._ensureRunner();
    return { kind: r.kind, reason: r.reason };
  }

  async _ensureRunner() {
    const wantWorker = !this.noWorker;
    if (this._runner && (this._runner.kind === 'worker') === wantWorker) return this._runner;
    if (this._runner && this._runner.kind === 'page' && this._runner.reason !== 'off' && wantWorker) return this._runner;
    this._runnerStart ??= startRunner(this.pe, { worker: wantWorker }).then((r) => {
      this._runnerStart = null;
      // removed while the worker started: it goes at once
      if (!this.isConnected) {
        r.dispose();
        return r;
      }
      this._runner?.dispose();
      this._runner = r;
      this.requestUpdate();
      return r;
    });
    return this._runnerStart;
  }

  // ---- actions -------------------------------------------------------------------------------------------

  get state() {
    if (this._race?.running) return 'racing';
    return this._session?.state ?? 'idle';
  }

  async train() {
    if (!this.pe?.train || !this._settingsOk) return;
    if (this._race?.running) return;
    const gen = this._generation;
    await this._ensureRunner();
    if (gen !== this._generation || !this.isConnected) return;
    if (!this._session || this._session.state === 'done' || this._session.state === 'error') {
      await this._session?.dispose();
      this._session = this._sessionFor(this.choice('method'));
      this._example = null;
      this._attention = null;
    }
    if (this._race) {
      for (const e of this._race.entries) e.session.dispose();
      this._race = null;
    }
    const s = this._session;
    await s.run(() => this._progress(s));
    if (s.state === 'done' && s === this._session) await this._lookInside(s);
    this._emit();
  }

  pause() {
    this._session?.pause();
    if (this._race?.running) this._race.current?.pause();
    this.requestUpdate();
  }

  async reset() {
    this._resetSession();
    this.requestUpdate();
  }

  _resetSession() {
    this._generation++;
    this._session?.dispose();
    this._session = null;
    if (this._race) {
      for (const e of this._race.entries) e.session.dispose();
      this._race.running = false;
      this._race = null;
    }
    this._example = null;
    this._attention = null;
  }

  /** Trains every method of `methods` in turn on the same task, data and seed, and overlays their curves. */
  async race() {
    if (!this.pe?.train || !this._settingsOk) return;
    if (this._race?.running) return;
    // a race replaces a single run in progress (it stops where it is)
    this._session?.pause();
    const gen = ++this._generation;
    await this._ensureRunner();
    if (gen !== this._generation || !this.isConnected) return;
    if (this._race) for (const e of this._race.entries) e.session.dispose();
    const methods = this.methods.filter((m) => METHODS.includes(m));
    const race = { settings: this._settingsSummary(), entries: [], running: true, current: null };
    this._race = race;
    this._raceStarted = performance.now();
    for (const method of methods) {
      const session = this._sessionFor(method);
      race.entries.push({ method, session });
      race.current = session;
      await session.run(() => this._progress(session));
      // results are kept; the trainer's memory goes back at once
      await session.dispose();
      if (gen !== this._generation || !this.isConnected) return;
      if (session.state === 'disposed' && session.step < session.total && race.current !== session) break;
    }
    race.running = false;
    race.current = null;
    race.seconds = (performance.now() - this._raceStarted) / 1000;
    this.requestUpdate();
    this._emit();
  }

  /** Keeps the current race's curves, drawn dashed under the next race's. */
  keep() {
    const r = this._race;
    if (!r || r.running) return;
    this._kept.push({ settings: r.settings, entries: r.entries.map((e) => ({ method: e.method, rows: e.session.rows, losses: e.session.losses })) });
    if (this._kept.length > 3) this._kept.shift();
    this.requestUpdate();
  }

  clearKept() {
    this._kept = [];
    this.requestUpdate();
  }

  _settingsSummary() {
    const size = this.choice('size');
    return this.t('train.settingsSummary', { task: this._taskName(this.task), length: this._L, size: this.t(`train.size.${size}`), steps: this.steps, seed: this.seed });
  }

  _progress(session) {
    this._tick++;
    if (session.state === 'error') this._error = `${session.error?.name ?? 'Error'}: ${session.error?.message ?? session.error}`;
    else if (this._error && session.step > 0) this._error = '';
    this.requestUpdate();
  }

  _emit() {
    this.dispatchEvent(new CustomEvent('posenc-change', { detail: { state: this.state, result: this.result }, bubbles: true, composed: true }));
  }

  // ---- look inside: one example at 2L, token by token, and its attention -----------------------------------

  /** An example of length 2L for the trained model: { prompt, expected, predicted } (tasks with a fixed answer). */
  async _lookInside(session) {
    const L = this._L;
    const example = exampleFor(this.task, Math.min(2 * L, MAX_LENGTH), session.options.vocab ?? 16, session.options.seed + 1);
    if (!example) return;
    try {
      const predicted = await session.call('predict', example.prompt);
      const tokens = Int32Array.from([...example.prompt, ...example.expected.slice(0, -1)]);
      const attention = await session.call('attention', tokens);
      if (session !== this._session) return;
      this._example = { ...example, predicted: Array.from(predicted) };
      this._attention = attention;
    } catch (err) {
      this._example = { ...example, predicted: null, error: String(err?.message ?? err) };
    }
    this.requestUpdate();
  }

  // ---- results -------------------------------------------------------------------------------------------

  /** The current results for scripts and tests: the run's and the race's curves. */
  get result() {
    const s = this._session;
    const one = (session) => ({
      method: session === s ? this.choice('method') : undefined,
      state: session.state,
      step: session.step,
      steps: session.total,
      losses: Array.from(session.losses.subarray(0, session.step)),
      rows: session.rows?.map(({ positions, ...r }) => ({ ...r, positions: Array.from(positions) })) ?? null,
      msPerStep: session.msPerStep,
      longestCall: session.longestCall,
    });
    return {
      runner: this.runnerKind,
      reason: this.runnerReason,
      run: s ? one(s) : null,
      race: this._race
        ? { running: this._race.running, seconds: this._race.seconds ?? null, entries: this._race.entries.map((e) => ({ ...one(e.session), method: e.method })) }
        : null,
      kept: this._kept.length,
      example: this._example,
    };
  }

  /** The rows drawn: the race's entries when there is a race, else the single run. */
  get _curves() {
    if (this._race) return this._race.entries.map((e) => ({ method: e.method, session: e.session }));
    if (this._session) return [{ method: this.choice('method'), session: this._session }];
    return [];
  }

  toCSV() {
    const lines = [csvRow(['method', 'length', 'trained at', 'accuracy', 'exact match', 'supported'])];
    for (const { method, session } of this._curves)
      for (const r of session.rows ?? []) lines.push(csvRow([method, r.length, this._L, plain(r.accuracy), plain(r.exactMatch), r.supported ? 'yes' : 'no']));
    lines.push('');
    lines.push(csvRow(['method', 'step', 'loss']));
    for (const { method, session } of this._curves) for (let i = 0; i < session.step; i++) lines.push(csvRow([method, i + 1, plain(session.losses[i])]));
    // before any training: the two tables' headers (nothing trained yet, no rows)
    return lines.join('\n') + '\n';
  }

  toArray() {
    // methods × test lengths (0 × lengths before any evaluation)
    const curves = this._curves.filter((c) => c.session.rows);
    const lengths = this._lengths;
    const data = new Float32Array(curves.length * lengths.length);
    curves.forEach((c, i) => c.session.rows.forEach((r, j) => (data[i * lengths.length + j] = r.accuracy)));
    return { data, shape: [curves.length, lengths.length], rows: curves.map((c) => c.method), columns: lengths.map(String) };
  }

  async toPyTorchAsync() {
    const method = this.choice('method');
    const options = this.optionsFor(method);
    return trainCode(this._runner ?? (await this._ensureRunner()), options, { steps: Math.min(50, options.steps) });
  }

  async exportCanvas() {
    await this.updateComplete;
    await this.renderComplete;
    // before any training: the empty plots, titled (what the widget shows)
    const parts = ['canvas.loss', 'canvas.accuracy', 'canvas.heads'].map((s) => this.renderRoot.querySelector(s)).filter((c) => c && c.width > 0);
    return this.picture(parts, this.t('train.picture', { summary: this._settingsSummary() }));
  }

  // ---- drawing -------------------------------------------------------------------------------------------

  // The canvases are drawn in a task of their own after each update, so that an update while training (DOM)
  // and its drawing (canvas) are two short tasks rather than one long one.
  updated() {
    if (this._drawing) return;
    this._drawing = new Promise((resolve) =>
      setTimeout(() => {
        this._drawing = null;
        this._draw();
        resolve();
      }, 0),
    );
  }

  /** Resolves when the canvases show the current state (whenReady waits for it). */
  get renderComplete() {
    return this._drawing ?? Promise.resolve();
  }

  redraw() {
    this._draw();
  }

  _draw() {
    this._drawLoss();
    this._drawAccuracy();
    this._drawHeads();
  }

  _drawLoss() {
    const canvas = this.renderRoot?.querySelector('canvas.loss');
    if (!canvas) return;
    const w = this.widthIn(this.renderRoot.querySelector('.loss-pane'));
    const h = this.compact ? 140 : 180;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    const t = this.theme$();
    const curves = this._curves.filter((c) => c.session.step > 0);
    const total = Math.max(1, ...curves.map((c) => c.session.total));
    let top = 0;
    let low = Infinity;
    for (const c of curves)
      for (let i = 0; i < c.session.step; i++) {
        const v = c.session.losses[i];
        if (Number.isFinite(v)) {
          top = Math.max(top, v);
          low = Math.min(low, v);
        }
      }
    const series = curves.map((c) => ({
      x: Float32Array.from({ length: c.session.step }, (_, i) => i + 1),
      y: c.session.losses.subarray(0, c.session.step),
      color: colorOf(c.method),
      width: 1.5,
    }));
    drawXYPlot(ctx, {
      rect: { x: 52, y: 10, w: w - 52 - 12, h: h - 46 },
      xDomain: [0, total],
      yDomain: low < Infinity ? [Math.max(1e-4, low * 0.8), Math.max(top * 1.1, low * 2)] : [0.01, 10],
      yLog: true,
      theme: t,
      series,
      xLabel: this.t('train.axisStep'),
      yLabel: this.t('train.axisLoss'),
    });
  }

  _drawAccuracy() {
    const canvas = this.renderRoot?.querySelector('canvas.accuracy');
    if (!canvas) return;
    const w = this.widthIn(this.renderRoot.querySelector('.accuracy-pane'));
    const h = this.compact ? 170 : 230;
    const ctx = clearCanvas(canvas, w, h, this.ratio);
    const t = this.theme$();
    const L = this._L;
    const lengths = this._lengths;
    const series = [];
    const curve = (rows, color, dash, width = 2) => {
      const ok = rows.filter((r) => r.supported);
      if (ok.length) series.push({ x: ok.map((r) => r.length), y: ok.map((r) => r.accuracy), color, width, dash, points: true, radius: 3 });
    };
    for (const k of this._kept) for (const e of k.entries) if (e.rows) curve(e.rows, colorOf(e.method), [5, 4], 1.2);
    for (const c of this._curves) if (c.session.rows) curve(c.session.rows, colorOf(c.method));
    const rect = { x: 52, y: 12, w: w - 52 - 12, h: h - 48 };
    const plot = drawXYPlot(ctx, {
      rect,
      xDomain: [lengths[0] - 0.5, lengths.at(-1) + 0.5],
      yDomain: [0, 1],
      theme: t,
      xTicks: lengths,
      series,
      lines: [{ axis: 'x', value: L, color: t.muted, dash: [3, 3], label: this.t('train.trainedHere', { length: L }), align: 'start' }],
      xLabel: this.t('train.axisLength'),
      yLabel: this.t('train.axisAccuracy'),
    });
    this._accPlot = { plot, rect };
    if (this._hover) {
      const x = plot.sx(this._hover.length);
      ctx.strokeStyle = t.cursor;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(x + 0.5, rect.y);
      ctx.lineTo(x + 0.5, rect.y + rect.h);
      ctx.stroke();
    }
  }

  _drawHeads() {
    const canvas = this.renderRoot?.querySelector('canvas.heads');
    if (!canvas) return;
    const a = this._attention;
    const w = this.contentWidth;
    // redrawn only when the example, the width or the colours changed (not on every training tick)
    const key = [w, this.resolvedTheme, this.ratio];
    if (a === this._headsDrawn?.a && key.join() === this._headsDrawn.key) return;
    this._headsDrawn = { a, key: key.join() };
    if (!a) {
      clearCanvas(canvas, 0, 0, this.ratio);
      return;
    }
    const T = a.length;
    const n = a.layers * a.heads;
    const cols = Math.max(1, Math.min(a.heads, Math.floor(w / 120)));
    const size = Math.min(180, Math.floor((w - (cols - 1) * 10) / cols));
    const rows = Math.ceil(n / cols);
    const ctx = clearCanvas(canvas, w, rows * (size + 20), this.ratio);
    const t = this.theme$();
    for (let k = 0; k < n; k++) {
      const layer = Math.floor(k / a.heads);
      const head = k % a.heads;
      const x = (k % cols) * (size + 10);
      const y = Math.floor(k / cols) * (size + 20);
      ctx.font = t.fontSmall;
      ctx.fillStyle = t.muted;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(this.t('train.layerHead', { layer, head }), x, y + 2);
      const base = k * T * T;
      drawCells(ctx, { rect: { x, y: y + 16, w: size, h: size }, rows: T, cols: T, get: (i, j) => (j > i ? NaN : a.weights[base + i * T + j]), scheme: 'viridis', vmin: 0, vmax: 1, maskColor: t.grid, gap: 0 });
    }
  }

  // ---- interaction ---------------------------------------------------------------------------------------

  _hoverAt(length) {
    this._hover = length == null ? null : { length };
    this.requestUpdate();
  }

  _onAccuracyMove(e) {
    const p = this._accPlot;
    if (!p) return;
    const { x } = pointerIn(e);
    const v = p.plot.sx.invert(x);
    const lengths = this._lengths;
    let best = lengths[0];
    for (const n of lengths) if (Math.abs(n - v) < Math.abs(best - v)) best = n;
    this._hoverAt(best);
  }

  _onAccuracyKey(e) {
    const lengths = this._lengths;
    let i = lengths.indexOf(this._hover?.length ?? lengths[0]);
    if (e.key === 'ArrowRight') i = Math.min(lengths.length - 1, i + 1);
    else if (e.key === 'ArrowLeft') i = Math.max(0, i - 1);
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = lengths.length - 1;
    else if (e.key === 'Escape') return this._hoverAt(null);
    else return;
    e.preventDefault();
    this._hoverAt(lengths[i]);
  }

  _copyTorch = async () => {
    try {
      const code = await this.toPyTorchAsync();
      const ok = await copyText(code);
      this._torchCode = ok ? null : code;
      this.notify(this.t(ok ? 'toolbar.pytorchCopied' : 'toolbar.pytorchCopyBelow'));
    } catch (err) {
      this.notify(this.t('toolbar.noPytorch', { error: String(err?.message ?? err) }));
    }
    this.requestUpdate();
  };

  disconnectedCallback() {
    super.disconnectedCallback();
    // removed from the page: stop, free every trainer and the worker
    this._resetSession();
    this._runner?.dispose();
    this._runner = null;
    this._runnerStart = null;
  }

  // ---- template ------------------------------------------------------------------------------------------

  _hoverReadout() {
    const n = this._hover?.length;
    if (n == null) return this.t('train.hoverHint');
    const parts = [];
    for (const c of this._curves) {
      const r = c.session.rows?.find((row) => row.length === n);
      if (!r) continue;
      parts.push(
        r.supported
          ? this.t('train.readout', { method: this.t(`train.method.${c.method}`), accuracy: formatNumber(this.locale, r.accuracy * 100, 1), exact: formatNumber(this.locale, r.exactMatch * 100, 1), positions: Array.from(r.positions, (v) => formatNumber(this.locale, v * 100, 0)).join(' ') })
          : this.t('train.readoutUnsupported', { method: this.t(`train.method.${c.method}`) }),
      );
    }
    return [this.t('train.readoutLength', { length: n, times: formatNumber(this.locale, n / this._L, 2) }), ...parts].join(' ');
  }

  _progressText() {
    const race = this._race;
    if (race && !race.running && race.seconds != null)
      return this.t('train.raceDone', { count: race.entries.length, steps: race.entries[0]?.session.total ?? 0, seconds: formatNumber(this.locale, race.seconds, 1) });
    const s = race?.current ?? this._session;
    if (!s || s.step === 0) return this.t('train.notStarted');
    // a race: the steps of this method and of the methods still to come, at this method's pace
    const later = this._race?.running ? Math.max(0, this.methods.filter((m) => METHODS.includes(m)).length - this._race.entries.length) * s.total : 0;
    const left = (s.msPerStep * (s.total - s.step + later)) / 1000;
    return this.t('train.progress', {
      method: this.t(`train.method.${this._race?.current ? this._race.entries.at(-1).method : this.choice('method')}`),
      step: s.step,
      steps: s.total,
      rate: formatNumber(this.locale, s.msPerStep > 0 ? 1000 / s.msPerStep : 0, 0),
      left: formatNumber(this.locale, left, 0),
    });
  }

  _runnerNote() {
    const r = this._runner;
    if (!r) return nothing;
    const key = r.kind === 'worker' ? 'train.inWorker' : `train.onPage.${r.reason}`;
    return html`<p class="note" data-role="runner" data-kind=${r.kind}>${this.t(key)}</p>`;
  }

  _table() {
    const curves = this._curves.filter((c) => c.session.rows);
    if (!curves.length) return nothing;
    const lengths = this._lengths;
    const L = this._L;
    const pct = (v) => (Number.isFinite(v) ? formatNumber(this.locale, v * 100, 0) : '—');
    return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${this.t('train.tableLabel')}>
      <table class="results">
        <caption class="sr-only">${this.t('train.tableCaption', { length: L })}</caption>
        <thead>
          <tr>
            <th scope="col">${this.t('train.method')}</th>
            ${lengths.map((n) => html`<th scope="col">${n === L ? this.t('train.lengthTrained', { length: n }) : n}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${curves.map(
            (c) => html`<tr data-method=${c.method}>
              <th scope="row"><span class="swatch" aria-hidden="true" style=${styleProps({ background: colorOf(c.method) })}></span> ${this.t(`train.method.${c.method}`)}</th>
              ${c.session.rows.map((r) => html`<td data-length=${r.length} data-value=${plain(r.accuracy)} title=${r.supported ? this.t('train.cellTitle', { exact: pct(r.exactMatch) }) : r.reason}>${r.supported ? `${pct(r.accuracy)} %` : this.t('train.unsupported')}</td>`)}
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  _exampleView() {
    const ex = this._example;
    if (!ex) return nothing;
    const name = (tok) => symbolName(tok);
    return html`<p class="panel-title">${this.t('train.exampleTitle', { length: ex.expected.length })}</p>
      ${ex.error ? html`<p class="error">${ex.error}</p>` : nothing}
      <ol class="tokens" aria-label=${this.t('train.examplePrompt')}>
        ${ex.prompt.map((tok) => html`<li class="prompt">${name(tok)}</li>`)}
      </ol>
      <ol class="tokens" aria-label=${this.t('train.exampleAnswer')}>
        ${ex.expected.map((tok, i) => {
          const got = ex.predicted?.[i];
          const right = got === tok;
          return html`<li class=${right ? 'right' : 'wrong'} data-right=${right ? 'true' : 'false'} title=${right ? this.t('train.tokenRight') : this.t('train.tokenWrong', { expected: name(tok) })}>
            ${got === undefined ? '·' : name(got)}<span class="sr-only">${right ? this.t('train.tokenRight') : this.t('train.tokenWrong', { expected: name(tok) })}</span>
          </li>`;
        })}
      </ol>`;
  }

  render() {
    const title = this.label || this.t('train.title');
    if (this._ready && !this.pe.train) return html`${this.renderHead(title)}<p class="error" role="alert">${this.t('train.noEngine')}</p>`;
    const state = this.state;
    const running = state === 'running' || state === 'racing';
    const option = (value, text, current) => html`<option value=${value} ?selected=${value === current}>${text}</option>`;
    const methodsChosen = new Set(this.methods);
    return html`
      ${this.renderHead(title)}
      ${this._settingsError ? html`<p class="error" role="alert" data-role="settings">${this._settingsError}</p>` : nothing}
      <div class="controls">
        <label>${this.t('train.taskLabel')}
          <select .value=${this.task} @change=${(e) => (this.task = e.target.value)} ?disabled=${running}>
            ${this.tasks.map((k) => option(k, this._taskName(k), this.task))}
          </select></label>
        <label>${this.t('train.method')}
          <select .value=${this.choice('method')} @change=${(e) => (this.method = e.target.value)} ?disabled=${running}>
            ${METHODS.map((m) => option(m, this.t(`train.method.${m}`), this.choice('method')))}
          </select></label>
        <label>${this.t('train.lengthLabel')}
          <input type="number" min="4" max="16" .value=${String(this._L)} ?disabled=${running} @change=${(e) => (this.trainLength = Number(e.target.value))} /></label>
        <label>${this.t('train.sizeLabel')}
          <select .value=${this.choice('size')} @change=${(e) => (this.size = e.target.value)} ?disabled=${running}>
            ${Object.keys(SIZES).map((k) => option(k, this.t(`train.size.${k}`), this.choice('size')))}
          </select></label>
        <label>${this.t('train.stepsLabel')}
          <input type="number" min="10" max="5000" step="10" .value=${String(this.steps)} ?disabled=${running} @change=${(e) => (this.steps = Number(e.target.value))} /></label>
        <label>${this.t('train.seedLabel')}
          <input type="number" min="0" .value=${String(this.seed)} ?disabled=${running} @change=${(e) => (this.seed = Number(e.target.value))} /></label>
      </div>
      <fieldset class="controls race-methods" ?disabled=${running}>
        <legend>${this.t('train.raceMethods')}</legend>
        ${METHODS.map((m) => html`<label><input type="checkbox" value=${m} .checked=${methodsChosen.has(m)} @change=${(e) => (this.methods = METHODS.filter((x) => (x === m ? e.target.checked : methodsChosen.has(x))))} /> ${this.t(`train.method.${m}`)}</label>`)}
      </fieldset>
      <div class="buttons">
        <button type="button" data-action="train" ?disabled=${running || !this._ready || !this._settingsOk} @click=${() => this.train()}>${this.t(this._session?.state === 'paused' ? 'train.resume' : 'train.train')}</button>
        <button type="button" data-action="pause" ?disabled=${!running} @click=${() => this.pause()}>${this.t('train.pause')}</button>
        <button type="button" data-action="reset" ?disabled=${!this._session && !this._race} @click=${() => this.reset()}>${this.t('train.reset')}</button>
        <button type="button" data-action="race" ?disabled=${state === 'racing' || !this._ready || !this._settingsOk} @click=${() => this.race()}>${this.t('train.race')}</button>
        <button type="button" data-action="keep" ?disabled=${!this._race || this._race.running} @click=${() => this.keep()}>${this.t('train.keep')}</button>
        ${this._kept.length ? html`<button type="button" data-action="clear-kept" @click=${() => this.clearKept()}>${this.t('train.clearKept', { count: this._kept.length })}</button>` : nothing}
        <button type="button" data-action="pytorch" ?disabled=${!this._ready} @click=${this._copyTorch}>${this.t('train.copyTorch')}</button>
      </div>
      <p class="readout progress" role="status" aria-live="polite" data-state=${state}>${this._progressText()}</p>
      ${this._runnerNote()}
      ${this._torchCode
        ? html`<div class="embed"><label class="note" for="torch-code">${this.t('toolbar.pytorchLabel')}</label><textarea id="torch-code" readonly rows="6" dir="ltr" .value=${this._torchCode}></textarea></div>`
        : nothing}
      <div class="split">
      <div class="pane loss-pane">
      <p class="panel-title">${this.t('train.lossTitle')}</p>
      <canvas class="plot loss" role="img" aria-label=${this.t('train.lossAria')}></canvas>
      </div>
      <div class="pane accuracy-pane">
      <p class="panel-title">${this.t('train.accuracyTitle')}</p>
      ${this._curves.length
        ? html`<p class="note legend">${this._curves.map((c) => html`<span class="key"><span class="swatch" aria-hidden="true" style=${styleProps({ background: colorOf(c.method) })}></span> ${this.t(`train.method.${c.method}`)}</span> `)}</p>`
        : nothing}
      <canvas
        class="plot accuracy"
        tabindex="0"
        role="img"
        aria-label=${this.t('train.accuracyAria', { length: this._L })}
        aria-describedby="acc-readout"
        @pointermove=${this._onAccuracyMove}
        @pointerdown=${this._onAccuracyMove}
        @pointerleave=${(e) => e.pointerType === 'mouse' && this._hoverAt(null)}
        @keydown=${this._onAccuracyKey}
      ></canvas>
      <p id="acc-readout" class="readout" role="status" aria-live="polite">${this._hoverReadout()}</p>
      </div>
      </div>
      ${this._kept.length ? html`<p class="note" data-role="kept">${this.t('train.keptNote', { list: this._kept.map((k) => k.settings).join('; ') })}</p>` : nothing}
      ${this._table()}
      ${this._exampleView()}
      ${this._attention ? html`<p class="panel-title">${this.t('train.attentionTitle')}</p>` : nothing}
      <canvas class="plot heads" role="img" aria-label=${this.t('train.attentionAria')}></canvas>
      <p class="note lesson">${this.t('train.lesson')}</p>
    `;
  }
}

/** How a token is shown: the three special symbols by name, content symbols as letters A, B, …. */
export function symbolName(tok) {
  if (tok === 0) return '<s>';
  if (tok === 1) return '|';
  if (tok === 2) return '_';
  return tok >= 3 && tok < 29 ? String.fromCharCode(62 + tok) : String(tok);
}

/**
 * A worked example of `task` at length n in the format of pe.train's tasks ([BOS, x, SEP] then the answer)
 * for the tasks whose answer follows from the input alone (copy, reverse, sort); null for the others.
 * The content symbols come from a small seeded generator: the example is an illustration, the accuracy
 * figures come from the engine's own evaluation.
 */
export function exampleFor(task, n, vocab, seed) {
  if (!['copy', 'reverse', 'sort'].includes(task)) return null;
  let s = (seed * 2654435761 + 1) >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s / 2 ** 32);
  const x = Array.from({ length: n }, () => 3 + Math.floor(next() * (vocab - 3)));
  const y = task === 'copy' ? x.slice() : task === 'reverse' ? x.slice().reverse() : x.slice().sort((a, b) => a - b);
  return { prompt: [0, ...x, 1], expected: y };
}

customElements.get('posenc-train') || customElements.define('posenc-train', PosencTrain);
