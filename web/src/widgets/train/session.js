// One training run of <posenc-train>: a trainer made by the runner (worker or page), stepped in chunks,
// evaluated at lengths L … 4L every so often and at the end. On the page, each chunk is sized from the
// measured time per step to stay near SLICE_MS and the loop yields to the browser between chunks, so no
// task runs long; in a worker, chunks are longer (the page only receives losses) and pausing still answers
// within one chunk.

// time per chunk: on the page a slice well under the 50 ms of a long task (a busy or throttled CPU stretches
// it), in the worker a progress tick
const SLICE_MS = { page: 8, worker: 120 };
// on the page, the widget redraws at most this often (each redraw is a task of its own)
const REDRAW_MS = 150;

/** Waits for the browser to run other work (input, painting) before the next chunk. */
export const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The test lengths for training length L: L to 4L in (at most) `count` steps, L and 2L included; `even`
 * rounds them to even lengths (recall and addition have pairs or two numbers of equal length).
 */
export function testLengths(L, { max = 64, count = 7, even = false } = {}) {
  const round = even ? (v) => 2 * Math.round(v / 2) : Math.round;
  const hi = Math.min(4 * L, max);
  const out = new Set([L]);
  for (let i = 1; i < count; i++) out.add(round(L + ((hi - L) * i) / (count - 1)));
  out.add(Math.min(2 * L, hi));
  return [...out].sort((a, b) => a - b);
}

const mean = (a) => (a && a.length ? Array.from(a).reduce((s, v) => s + v, 0) / a.length : NaN);

/**
 * The engine's evaluation (per length: exactMatch, greedyAccuracy, teacher-forced accuracy and loss per
 * answer position, the baseline, or supported: false with a reason) as one row per length: { length,
 * supported, reason, exactMatch, accuracy (greedy: what the model writes, mean over positions), positions
 * (greedy, per position), teacherForced (mean), loss (mean), baseline ({ rule, exactMatch, accuracy }) }.
 */
export function lengthRows(result, lengths) {
  const list = Array.isArray(result) ? result : Array.isArray(result?.lengths) ? result.lengths : lengths.map((n) => result?.[n]);
  return list.map((r, i) => {
    const length = r?.length ?? lengths[i];
    if (!r || r.supported === false)
      return { length, supported: false, reason: r?.reason ?? '', exactMatch: NaN, accuracy: NaN, positions: new Float32Array(0), teacherForced: NaN, loss: NaN, baseline: null };
    // the headline is what the model writes (greedy); teacher-forced accuracy is kept under its name
    const positions = r.greedyAccuracy ?? new Float32Array(0);
    const baseline = r.baseline ? { rule: r.baseline.rule, exactMatch: r.baseline.exactMatch, accuracy: mean(r.baseline.accuracy) } : null;
    return { length, supported: true, reason: '', exactMatch: r.exactMatch, accuracy: mean(positions), positions, teacherForced: mean(r.accuracy), loss: mean(r.loss), baseline };
  });
}

export class TrainSession {
  /**
   * @param {object} runner   from startRunner
   * @param {object} o
   * @param {string} [o.method]  the widget's name of the position method
   * @param {object} o.options   pe.train.create options
   * @param {number[]} o.lengths  test lengths
   * @param {number} o.samples    samples per test length
   * @param {(n: number) => object | undefined} [o.scaling]  RoPE scaling at evaluation, per test length n
   * @param {Record<string, (n: number) => object | undefined>} [o.variants]  other methods scored on the same
   *   weights, each with its scaling at test (RoPE trained once, scored as 'rope-ntk' and 'rope-pi' too)
   * @param {Record<string, { options: object, scaling: (n: number) => object | undefined, cost?: number }>} [o.fineTunes]
   *   methods scored on weights fine-tuned after the training: a trainer made with `options` from this one's
   *   weights, stepped options.steps times (each `cost` training steps of work), then evaluated
   * @param {number} [o.evalEvery] steps between evaluations
   */
  constructor(runner, { method, options, lengths, samples, scaling, variants = {}, fineTunes = {}, evalEvery }) {
    this.runner = runner;
    this.method = method;
    this.options = options;
    this.lengths = lengths;
    this.samples = samples;
    this.scaling = scaling;
    /** method → its scaling at test length n: this method's, then the variants' */
    this.scalings = new Map([[method, scaling], ...Object.entries(variants), ...Object.entries(fineTunes).map(([m, f]) => [m, f.scaling])]);
    this.fineTunes = new Map(Object.entries(fineTunes));
    /** method → the id of its fine-tuned trainer */
    this.tuned = new Map();
    /** fine-tune work done, in training steps (for progress and the time left) */
    this.tunedWork = 0;
    this.total = options.steps;
    this.evalEvery = evalEvery ?? Math.max(1, Math.ceil(this.total / 8));
    this.step = 0;
    this.losses = new Float32Array(this.total);
    this.evals = [];  // [{ step, rows, byMethod: Map(method → rows) }]
    this.msPerStep = 0;
    this.longestCall = 0;
    this.state = 'idle';  // idle, running, paused, done, error
    this.error = null;
    this.id = null;
    this.elapsed = 0;  // ms spent training (not paused)
    /** method → (length → { example: { length, prompt, expected, predicted }, attention }) (lookInside) */
    this.insides = new Map([...this.scalings.keys()].map((m) => [m, new Map()]));
  }

  get rows() {
    return this.evals.at(-1)?.rows ?? null;
  }

  /** The last evaluation's rows of `method` (this session's or a variant's), or null. */
  rowsFor(method) {
    return this.evals.at(-1)?.byMethod.get(method) ?? null;
  }

  /** This method's examples and attention by length. */
  get inside() {
    return this.insides.get(this.method);
  }

  /** Runs `call` (a trainer call) and keeps the longest time one took (on the page, each is one task). */
  async #timed(call) {
    const t0 = performance.now();
    const value = await call();
    this.longestCall = Math.max(this.longestCall, performance.now() - t0);
    return value;
  }

  #loop = null;

  /**
   * Runs until every step is done or pause() is called; `onProgress(this)` after each chunk. A run resumed
   * while the paused one still waits for its last call continues that loop rather than starting a second.
   */
  run(onProgress = () => {}) {
    if (this.#loop) {
      if (this.state === 'paused') this.state = 'running';
      return this.#loop;
    }
    this.#loop = this.#run(onProgress).finally(() => (this.#loop = null));
    return this.#loop;
  }

  async #run(onProgress) {
    if (this.state === 'running' || this.state === 'done' || this.state === 'disposed') return this.state;
    this.state = 'running';
    const page = this.runner.kind === 'page';
    let drawn = 0;
    try {
      if (this.id == null) {
        this.id = await this.runner.create(this.options);
        if (page) await yieldToPage();
      }
      while (this.state === 'running' && this.step < this.total) {
        const slice = SLICE_MS[this.runner.kind] ?? SLICE_MS.page;
        // one step first, to measure; then as many as fit in the slice, never past the next evaluation
        const fit = this.msPerStep > 0 ? Math.max(1, Math.floor(slice / this.msPerStep)) : 1;
        const nextEval = (Math.floor(this.step / this.evalEvery) + 1) * this.evalEvery;
        const n = Math.min(fit, this.total - this.step, nextEval - this.step);
        const t0 = performance.now();
        const losses = await this.#timed(() => this.runner.call(this.id, 'step', n));
        const ms = performance.now() - t0;
        this.elapsed += ms;
        this.msPerStep = this.msPerStep ? 0.7 * this.msPerStep + (0.3 * ms) / n : ms / n;
        this.losses.set(losses.subarray(0, n), this.step);
        this.step += n;
        const evaluated = this.step % this.evalEvery === 0 || this.step === this.total;
        if (evaluated) await this.evaluate(page);
        if (this.state === 'disposed') return this.state;
        if (!page) {
          if (evaluated || performance.now() - drawn > REDRAW_MS) {
            onProgress(this);
            drawn = performance.now();
          }
        } else {
          // the step and the redraw in separate tasks: yield, redraw (now and then), yield again
          await yieldToPage();
          if (evaluated || performance.now() - drawn > REDRAW_MS) {
            onProgress(this);
            drawn = performance.now();
            await yieldToPage();
          }
        }
      }
      if (this.state === 'running' && this.step >= this.total) await this.#fineTune(page);
      if (this.state === 'running') this.state = 'done';
    } catch (err) {
      if (this.state === 'disposed') return this.state;
      this.state = 'error';
      this.error = err;
    }
    onProgress(this);
    return this.state;
  }

  /**
   * The fine-tunes, after the training: each a trainer of its own from this one's weights, stepped in
   * slices like the training (not paused: a tenth of the budget), then scored into the last evaluation.
   */
  async #fineTune(page) {
    const last = this.evals.at(-1);
    for (const [method, ft] of this.fineTunes) {
      const id = await this.runner.create(ft.options);
      this.tuned.set(method, id);
      await this.runner.call(id, 'setWeights', await this.runner.call(this.id, 'weights'));
      const cost = ft.cost ?? 1;
      for (let done = 0; done < ft.options.steps; ) {
        if (this.state === 'disposed') return;
        const slice = SLICE_MS[this.runner.kind] ?? SLICE_MS.page;
        const n = Math.min(ft.options.steps - done, this.msPerStep > 0 ? Math.max(1, Math.floor(slice / (this.msPerStep * cost))) : 1);
        await this.#timed(() => this.runner.call(id, 'step', n));
        done += n;
        this.tunedWork += n * cost;
        if (page) await yieldToPage();
      }
      const rows = await this.#evaluateOn(id, method, page);
      if (!rows) return;
      last?.byMethod.set(method, rows);
    }
  }

  /** The evaluation options of `method` at test length n (its RoPE scaling, if any). */
  #scalingAt(n, method = this.method) {
    const scaling = this.scalings.get(method)?.(n);
    return scaling ? { scaling } : {};
  }

  /**
   * Accuracy at every test length now, for this method and each variant: one call for the lengths that
   * share a scaling (in a worker), one length per call on the page, yielding between them.
   */
  async evaluate(page = this.runner.kind === 'page') {
    const byMethod = new Map();
    for (const method of this.scalings.keys()) {
      if (this.fineTunes.has(method)) continue;  // scored on its own weights, after the fine-tune
      const rows = await this.#evaluateOn(this.id, method, page);
      if (!rows) return null;
      byMethod.set(method, rows);
    }
    const rows = byMethod.get(this.method);
    this.evals.push({ step: this.step, rows, byMethod });
    return rows;
  }

  /** `method`'s rows at every test length on trainer `id`, or null once disposed. */
  async #evaluateOn(id, method, page) {
    const groups = new Map();  // the lengths evaluated in one call
    for (const n of this.lengths) {
      const key = page ? n : JSON.stringify(this.#scalingAt(n, method));
      groups.set(key, [...(groups.get(key) ?? []), n]);
    }
    const byLength = new Map();
    for (const lengths of groups.values()) {
      const r = await this.#timed(() => this.runner.call(id, 'evaluate', { lengths, samples: this.samples, ...this.#scalingAt(lengths[0], method) }));
      lengthRows(r, lengths).forEach((row) => byLength.set(row.length, row));
      if (page) await yieldToPage();
      if (this.state === 'disposed') return null;
    }
    return this.lengths.map((n) => byLength.get(n));
  }

  pause() {
    if (this.state === 'running') this.state = 'paused';
  }

  /**
   * One example at sample length n (the first evaluate() scores there), token by token: the prompt, the
   * expected answer, the model's greedy answer (`example`), and the attention weights on it (`attention`),
   * with `method`'s scaling (this session's or a variant's), kept in `insides.get(method)` under n. On the
   * page each call is a task of its own.
   */
  async lookInside(n, method = this.method) {
    const page = this.runner.kind === 'page';
    const options = this.#scalingAt(n, method);
    let example = { length: n, prompt: [], expected: [], predicted: null };
    let attention = null;
    try {
      // a fine-tuned method's own trainer (the same samples: they depend on the seed only)
      const call = (op, ...args) => (this.tuned.has(method) ? this.runner.call(this.tuned.get(method), op, ...args) : this.call(op, ...args));
      const { inputs, targets } = await call('samples', { length: n });
      const start = targets.findIndex((v) => v >= 0);
      example = { length: n, prompt: Array.from(inputs.subarray(0, start + 1)), expected: Array.from(targets.subarray(start)), predicted: null };
      if (page) await yieldToPage();
      example.predicted = Array.from(await call('predict', example.prompt, options));
      if (page) await yieldToPage();
      attention = await call('attention', inputs, options);
    } catch (err) {
      example.error = String(err?.message ?? err);
    }
    this.insides.get(method).set(n, { example, attention });
  }

  /** The trainer's other calls (attention, predict, weights, batch). */
  call(op, ...args) {
    if (this.id == null) return Promise.reject(new Error('posenc-train: nothing trained yet'));
    return this.runner.call(this.id, op, ...args);
  }

  async dispose() {
    const ids = [this.id, ...this.tuned.values()];
    this.state = 'disposed';
    this.id = null;
    this.tuned.clear();
    for (const id of ids) if (id != null) await this.runner.disposeTrainer(id).catch(() => {});
  }
}
