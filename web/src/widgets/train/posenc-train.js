// <posenc-train>: train short, test long. A small decoder-only transformer (pe.train, the engine's own
// forward and backward) learns a task at training length L in the page; the widget tests it at L … 4L as it
// trains and races the position methods on the same data and seed. Training runs in a worker where the page
// allows one, else on the page in short slices (runner.js, session.js); the widget says which. The state
// and results are in experiment.js, the canvases in painters.js, the markup in view.js; `method` is
// shared with the widgets of the same `group` (<posenc-methods>).

import { PosencElement, baseStyles, elementProperties } from '../base.js';
import { checkRanges } from '../ranges.js';
import { copyText } from '../../render/export.js';
import { trainCode } from './pytorch.js';
import { TrainExperiment, METHODS, RACE_METHODS, SIZES, symbolName, trainOptions } from './experiment.js';
import { drawInTasks, paintLoss, paintAccuracy, paintHeads, themeId } from './painters.js';
import { lengthAtPointer, lengthForKey } from './table.js';
import { trainView } from './view.js';
import { trainStyles } from './styles.js';
import { warmUp, warmWhenIdle } from './warm.js';
import { properties, tag } from './descriptor.js';
import { shipCatalogues } from '../../i18n/index.js';
import { en as messages } from './messages.js';

// its English travels with it (a page that loads this widget later loads these then)
shipCatalogues({ en: messages });

export { SIZES, METHODS, symbolName };

export class PosencTrain extends PosencElement {
  static properties = elementProperties(properties);

  static groupShared = ['method'];
  /** The engine build with the trainer (load({ train: true })). */
  static engineOptions = Object.freeze({ train: true });

  static styles = [baseStyles, trainStyles];

  // the defaults (descriptor.js) are the default race of demo part 4: sorting, where absolute and relative
  // methods part ways past L within a minute of training on a phone-sized model
  constructor() {
    super();
    this._hover = null; // the test length under the pointer or the keyboard
    this._exampleAt = 1; // the example shown: 0 at L, 1 at 2L
    this._metric = 'exactMatch'; // what the table and the plot show: exactMatch, accuracy (greedy), teacherForced
    /** the runs, the race and their results (experiment.js) */
    this.experiment = new TrainExperiment(this);
  }

  // ---- settings ------------------------------------------------------------------------------------------

  /**
   * The plots' backing stores are at most twice their CSS size: at a phone's 3 they took 2.25 times the
   * pixels to clear, draw and hand to the compositor, several times a second during a race, on the page's
   * thread; lines and labels at 2 look the same at a phone's viewing distance.
   */
  get ratio() {
    return Math.min(2, super.ratio);
  }

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

  /** What the runs depend on, as experiment.js reads it. */
  get settings() {
    return { task: this.task, L: this.trainLength, size: this.choice('size'), steps: this.steps, seed: this.seed };
  }

  /** pe.train.create options for `method`, every other setting shared (the race's one budget). */
  optionsFor(method) {
    return trainOptions(this.settings, method);
  }

  /** A change of method from the group: taken, except while a run of another method is under way. */
  constrainShared(name, value) {
    if (name !== 'method' || !METHODS.includes(value)) return undefined;
    const s = this.experiment.session;
    if (s && (s.state === 'running' || s.state === 'paused') && s.method !== value) {
      this.notify(this.t('train.methodKept', { chosen: this.t(`train.method.${value}`), method: this.t(`train.method.${s.method}`) }));
      return undefined;
    }
    return value;
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    this._results = null;
    // a setting out of its range (or a task the engine does not have) is a message naming it, and nothing
    // trains until it is fixed
    this._settingsError = '';
    try {
      checkRanges(this);
      const seeds = this.seeds;
      if (!Array.isArray(seeds) || seeds.length < 1 || seeds.length > 8 || !seeds.every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** 31))
        throw new RangeError(this.t('message.mustBe', { attribute: 'seeds', expected: '1 to 8 integers 0 … 2147483647', value: JSON.stringify(seeds) }));
      if (this.pe?.train && !this.tasks.includes(this.task))
        throw new RangeError(this.t('message.mustBe', { attribute: 'task', expected: this.tasks.join(', '), value: JSON.stringify(this.task) }));
    } catch (err) {
      this._settingsError = `${err.name}: ${err.localized ?? err.message}`;
    }
    this._settingsOk = !this._settingsError;
    // another task, length, size, budget or seed: every result goes; another method: the single run only
    // (a race stays, and the method picks whose example and attention are shown)
    const key = [this.task, this.trainLength, this.choice('size'), this.steps, this.seed, String(this.seeds), this.noWorker].join('|');
    if (this._lastKey !== undefined && key !== this._lastKey) this.experiment.reset();
    else if (changed.has('method') && this.experiment.session && this.experiment.session.method !== this.choice('method')) this.experiment.resetRun();
    this._lastKey = key;
  }

  // ---- runner and actions --------------------------------------------------------------------------------

  /** Where training runs: 'worker' or 'page' (null before the first run). */
  get runnerKind() {
    return this.experiment.runner?.kind ?? null;
  }

  /** Why training runs on the page: 'blocked', 'failed', 'off', 'unsupported' ('' in a worker). */
  get runnerReason() {
    return this.experiment.runner?.reason ?? null;
  }

  /**
   * Starts the worker (or settles on the page) ahead of the first run, and lays out the race's results once
   * off screen (warm.js); resolves to { kind, reason }.
   */
  async prepare() {
    await this.whenReady();
    const r = await this.experiment.ensureRunner();
    await warmUp(this);
    return { kind: r.kind, reason: r.reason };
  }

  get state() {
    return this.experiment.state;
  }

  get _canRun() {
    return Boolean(this.pe?.train && this._settingsOk);
  }

  /** Trains the chosen method (or resumes it). */
  async train() {
    if (this._canRun) await this.experiment.train(this.choice('method'));
  }

  pause() {
    this.experiment.pause();
  }

  async reset() {
    this.experiment.reset();
    this.requestUpdate();
  }

  /** Trains every method of `methods` in every seed of `seeds` on one budget, in parallel workers. */
  async race() {
    if (this._canRun) await this.experiment.runRace(this.methods.filter((m) => RACE_METHODS.includes(m)), [...this.seeds], this._settingsSummary());
  }

  /** The results this update shows, { table, baseline, lengths }: the legend, table, readout and accuracy plot's. */
  get results$() {
    const x = this.experiment;
    return (this._results ??= { table: x.table, baseline: x.baseline, lengths: x.lengths });
  }

  /** What the table and the accuracy plot show: 'exactMatch', 'accuracy' (greedy) or 'teacherForced'. */
  showMetric(metric) {
    this._metric = metric;
    this.requestUpdate();
  }

  /** Keeps the current race's curves, drawn dashed under the next race's. */
  keep() {
    this.experiment.keep();
  }

  clearKept() {
    this.experiment.clearKept();
  }

  _settingsSummary() {
    return this.t('train.settingsSummary', { task: this._taskName(this.task), length: this.trainLength, size: this.t(`train.size.${this.choice('size')}`), steps: this.steps, seed: this.seed });
  }

  /**
   * experiment.js: something to show changed. Progress from several workers comes in many small messages:
   * one update per frame at most, and during a race at most four a second (each update and its drawing are
   * tasks on the page's thread, which a phone runs four times slower), each in a task of its own: an update
   * run from a frame's callback shared that frame's task with its style, layout and paint.
   */
  changed() {
    const x = this.experiment;
    if (!x.race?.running && x.session?.state !== 'running') {
      // nothing trains (an action, or the end of a run): now
      this._changePending = false;
      this.requestUpdate();
      return;
    }
    if (this._changePending) return;
    this._changePending = true;
    const wait = x.race?.running ? Math.max(0, 250 - (performance.now() - (this._changedAt ?? 0))) : 0;
    const go = () => {
      if (!this._changePending) return;
      this._changePending = false;
      this._changedAt = performance.now();
      this.requestUpdate();
    };
    // a run's at the next frame (a hidden page has none: 100 ms at most)
    setTimeout(x.race?.running ? go : () => (requestAnimationFrame(go), setTimeout(go, 100)), wait);
  }

  /** experiment.js: a run or a race ended. */
  finished() {
    // the result (every curve of a race) is built when a listener reads it, and the event is told apart from
    // the last by the run it ends: building and comparing it here took ~60 ms of a phone's main thread
    let result;
    const widget = this;
    this._finishedCount = (this._finishedCount ?? 0) + 1;
    this.announce(
      {
        state: this.state,
        get result() {
          return (result ??= widget.result);
        },
      },
      `finished ${this._finishedCount}`,
    );
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    // removed from the page: stop, free every trainer and the worker
    this.experiment.dispose();
  }

  // ---- results and exports -------------------------------------------------------------------------------

  /** The examples and attention shown, { method, inside } (the chosen method's in a race). */
  get _details() {
    return this.experiment.detailsFor(this.choice('method'));
  }

  /** What the example panel shows: { example, attention } at the length chosen, or undefined. */
  get _shown() {
    // during a race, the example and its attention wait for the end (their drawing is the longest paint)
    if (this.experiment.race?.running) return undefined;
    return this._details?.inside.get(this.experiment.exampleLengths[this._exampleAt]);
  }

  /** Shows the example at L (0) or 2L (1). */
  showExampleAt(which) {
    this._exampleAt = which ? 1 : 0;
    this.requestUpdate();
  }

  /** The current results for scripts and tests: the run's and the race's curves, and the example shown. */
  get result() {
    return this.experiment.result(this._shown?.example ?? null);
  }

  toCSV() {
    return this.experiment.toCSV();
  }

  toArray() {
    return this.experiment.toArray();
  }

  async toPyTorchAsync() {
    const options = this.optionsFor(this.choice('method'));
    return trainCode(this.experiment.runner ?? (await this.experiment.ensureRunner()), options, { steps: Math.min(50, options.steps) });
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
  // and its drawing (canvas) are two short tasks rather than one long one, and the attention grid in a third
  // (drawn with the plots, the end of a race was one long task on a phone); each canvas is repainted only
  // when what it shows changed (painters.js keys).
  updated() {
    if (this._ready) warmWhenIdle(this);
    if (this._drawing) return;
    this._drawing = new Promise((resolve) =>
      setTimeout(() => {
        this._drawing = null;
        this._draw({ heads: false });
        setTimeout(() => this.timed(() => this._drawHeads())?.then(resolve) ?? resolve(), 0);
      }, 0),
    );
  }

  /** Paints `canvas` with `paint` unless `key` (what it shows) is the one painted last. */
  _paintIf(canvas, key, paint) {
    if (!canvas) return;
    const k = [key, canvas.width, themeId(this.theme$()), this.ratio, this.locale, this.compact].join('|');
    if (!this._force && canvas.__painted === k) return;
    canvas.__painted = k;
    paint();
  }

  /** Resolves when the canvases show the current state (whenReady waits for it). */
  get renderComplete() {
    return this._drawing ?? Promise.resolve();
  }

  redraw() {
    this._force = true;
    this._draw();
    this._force = false;
  }

  _draw({ heads = true } = {}) {
    this.timed(() => {
      const root = this.renderRoot;
      const x = this.experiment;
      const current = this.choice('method');
      const curves = x.curves;
      const lossW = this.paneWidth('.loss-pane');
      const lossKey = [lossW, current, curves.map((c) => `${c.method}${c.seed}:${c.session.step}`)].join();
      this._paintIf(root?.querySelector('canvas.loss'), lossKey, () => paintLoss(this, root.querySelector('canvas.loss'), { curves, current, width: lossW }));
      const accW = this.paneWidth('.accuracy-pane');
      const table = this.results$.table;
      const accKey = JSON.stringify([accW, current, this._metric, this._hover, x.lengths, table, x.kept.length]);
      this._paintIf(root?.querySelector('canvas.accuracy'), accKey, () => {
        this._accPlot = paintAccuracy(this, root.querySelector('canvas.accuracy'), { table, kept: x.kept, current, metric: this._metric, lengths: x.lengths, L: this.trainLength, hover: this._hover, width: accW });
      });
      if (heads) this._drawHeads();
    });
  }

  _drawHeads() {
    const canvas = this.renderRoot?.querySelector('canvas.heads');
    if (!canvas) return;
    const attention = this._shown?.attention ?? null;
    const width = this.contentWidth;
    // redrawn only when the example, the width or the colours changed (not on every training tick)
    const key = [width, themeId(this.theme$()), this.ratio, this.locale].join();
    if (attention === this._headsDrawn?.attention && key === this._headsDrawn.key) return;
    this._headsDrawn = { attention, key };
    // the canvas sized, then a head per task (a forced redraw: all now); a later drawing of the grid stops this one
    const token = (this._headsToken = {});
    return drawInTasks(paintHeads(this, canvas, { attention, width }), { now: this._force, wanted: () => this._headsToken === token });
  }

  // ---- interaction ---------------------------------------------------------------------------------------

  _hoverAt(length) {
    this._hover = length;
    this.requestUpdate();
  }

  _onAccuracyMove(e) {
    const n = lengthAtPointer(this, e);
    if (n !== undefined) this._hoverAt(n);
  }

  _onAccuracyKey(e) {
    const n = lengthForKey(this, e);
    if (n !== undefined) this._hoverAt(n);
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

  // ---- template ------------------------------------------------------------------------------------------

  render() {
    return trainView(this);
  }
}

customElements.get(tag) || customElements.define(tag, PosencTrain);
