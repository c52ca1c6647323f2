// The race of <posenc-train>: every method of `methods` trained in every seed on one budget, spread over a
// pool of runners (one worker per trained method up to hardwareConcurrency − 1, at least two; the page's
// thread only paints), then summarised per method and test length over the seeds (mean and range of what the model
// writes), beside the baseline, with the methods that did not learn the task at L marked. Methods that
// share RoPE's training ('rope', 'rope-ntk', 'rope-pi') are one trained RoPE per seed, scored with each one's
// scaling at test. The engine's batches depend only on the seed, so every method sees the same data per seed.

import { TrainSession } from './session.js';
import { FIT_AT_L, fineTuneCost, fineTuneOptions, testScaling, trainOptions, trainedAs } from './setup.js';

/**
 * Workers for a race of `trained` trained methods on a machine of `cores` threads: one per method, one core
 * left for the page; but two on 2 cores, since the page's thread only paints (a frame at most per result):
 * on 2 cores one worker would leave half the machine idle for a thread that needs a few ms a second.
 */
export function workerCount(trained, cores = globalThis.navigator?.hardwareConcurrency) {
  const n = Number(cores) || 2;
  return Math.max(1, Math.min(trained, Math.max(Math.min(2, n), n - 1)));
}

/** The methods trained for `methods`: each once, RoPE's variants as RoPE. */
export const trainedMethods = (methods) => [...new Set(methods.map(trainedAs))];

const stats = (values) => {
  const v = values.filter(Number.isFinite);
  if (!v.length) return { mean: NaN, min: NaN, max: NaN, n: 0 };
  return { mean: v.reduce((s, x) => s + x, 0) / v.length, min: Math.min(...v), max: Math.max(...v), n: v.length };
};

/**
 * One method's results over the seeds done: per length { length, supported, seeds, exactMatch, accuracy,
 * teacherForced } (each { mean, min, max, n }), and `fit`: null before any seed is done, false when exact
 * match at L is below FIT_AT_L in any seed, else true.
 */
export function summarize(method, rowsBySeed, lengths, L) {
  const done = rowsBySeed.filter(Boolean);
  const rows = lengths.map((length, i) => {
    const rs = done.map((rows) => rows[i]).filter((r) => r?.supported);
    return {
      length,
      supported: !done.length || rs.length > 0,
      seeds: rs.length,
      exactMatch: stats(rs.map((r) => r.exactMatch)),
      accuracy: stats(rs.map((r) => r.accuracy)),
      teacherForced: stats(rs.map((r) => r.teacherForced)),
    };
  });
  const atL = lengths.indexOf(L);
  const fit = !done.length ? null : done.every((rows) => rows[atL]?.supported && rows[atL].exactMatch >= FIT_AT_L);
  return { method, seeds: done.length, rows, fit };
}

/** The baseline per length over every run done: { length, rule, exactMatch, accuracy } (means), or null. */
export function baselineRows(allRows, lengths) {
  return lengths.map((length, i) => {
    const bs = allRows.map((rows) => rows?.[i]?.baseline).filter(Boolean);
    if (!bs.length) return { length, rule: null, exactMatch: NaN, accuracy: NaN };
    const count = new Map();
    for (const b of bs) count.set(b.rule, (count.get(b.rule) ?? 0) + 1);
    const rule = [...count].sort((a, b) => b[1] - a[1])[0][0];
    return { length, rule, exactMatch: stats(bs.map((b) => b.exactMatch)).mean, accuracy: stats(bs.map((b) => b.accuracy)).mean };
  });
}

export class Race {
  /**
   * @param {object} o
   * @param {string[]} o.methods    the race's methods
   * @param {number[]} o.seeds      its seeds
   * @param {object} o.settings     { task, L, size, steps } (the seed comes from `seeds`)
   * @param {number[]} o.lengths    test lengths
   * @param {number} o.samples      samples per test length
   * @param {number[]} o.exampleLengths  lengths of the examples looked inside (first seed)
   * @param {string} o.summary      the settings in words (kept races are named by it)
   */
  constructor({ methods, seeds, settings, lengths, samples, exampleLengths, summary }) {
    Object.assign(this, { methods, seeds, settings, lengths, samples, exampleLengths, summary });
    this.running = false;
    this.paused = false;
    this.seconds = null;
    this.workers = 0;
    // seed-major: the first seed of every method comes first, so the table fills method by method
    this.jobs = seeds.flatMap((seed) =>
      trainedMethods(methods).map((trained) => {
        const scored = methods.filter((m) => trainedAs(m) === trained);
        const main = scored.includes(trained) ? trained : scored.find((m) => !fineTuneOptions(settings, m)) ?? trained;
        return { trained, seed, methods: scored, main, session: null };
      }),
    );
    this.stepsTotal = this.jobs.length * Math.round(settings.steps);
    this._queue = [...this.jobs];
    this._waiters = [];
    this._active = 0;  // ms spent running (not paused)
    this._since = null;
    this._left = null;
    this._leftAt = 0;
  }

  /** The sessions made so far. */
  get sessions() {
    return this.jobs.map((j) => j.session).filter(Boolean);
  }

  get stepsDone() {
    return this.sessions.reduce((s, x) => s + x.step, 0);
  }

  /** The trained sessions of `method` by seed (null for a seed not done). */
  rowsBySeed(method) {
    return this.seeds.map((seed) => this.jobs.find((j) => j.seed === seed && j.methods.includes(method))?.session?.rowsFor(method) ?? null);
  }

  /** Every method's summary over the seeds done (see summarize). */
  table() {
    const L = this.settings.L;
    return this.methods.map((m) => summarize(m, this.rowsBySeed(m), this.lengths, L));
  }

  /** The baseline per length, over every run evaluated. */
  baseline() {
    return baselineRows(this.methods.flatMap((m) => this.rowsBySeed(m)), this.lengths);
  }

  /** The session whose example and attention `method` shows: its first seed's, once looked inside. */
  detailsFor(method) {
    const job = this.jobs.find((j) => j.seed === this.seeds[0] && j.methods.includes(method));
    const inside = job?.session?.insides.get(method);
    return inside?.size ? { method, inside } : null;
  }

  /** Milliseconds spent running (paused time left out). */
  #ms(now) {
    return this._active + (this._since != null ? now - this._since : 0);
  }

  /** Steps per second of every worker together since the start. */
  rate(now = performance.now()) {
    const ms = this.#ms(now);
    return ms > 0 ? (1000 * this.stepsDone) / ms : 0;
  }

  /**
   * The work done, in runs: a finished run counts 1, a run in training the share of its steps done times the
   * share of a run's time spent training (measured on the runs finished: the evaluation at the end, greedy up
   * to 4L, is a good part of a run).
   */
  #work() {
    const finished = this.jobs.filter((j) => j.finishedAt != null);
    const evalShare = finished.length
      ? finished.reduce((a, j) => a + (j.finishedAt - j.trainedAt) / Math.max(1, j.finishedAt - j.startedAt), 0) / finished.length
      : 0.3;
    return this.jobs.reduce((a, j) => a + (j.finishedAt != null ? 1 : j.session ? ((1 - evalShare) * j.session.step) / j.session.total : 0), 0);
  }

  /**
   * Seconds left: the runs still to do at the pace of every worker together since the start (paused time
   * left out), smoothed and counting down between updates (once a second), so it does not jump.
   */
  secondsLeft(now = performance.now()) {
    const done = this.#work();
    const ms = this.#ms(now);
    if (!done || ms < 500) return null;
    const since = this._left == null ? 0 : (now - this._leftAt) / 1000;
    if (this._left != null && since < 1) return Math.max(0, this._left - since);
    const raw = ((this.jobs.length - done) * ms) / done / 1000;
    const counted = this._left == null ? raw : Math.max(0, this._left - since);
    this._left = this._left == null ? raw : 0.7 * counted + 0.3 * raw;
    this._leftAt = now;
    return this._left;
  }

  /** Trains every job on `runners` (one job at a time each); `onProgress()` after each chunk. */
  async run(runners, onProgress, alive = () => true) {
    this.running = true;
    this.workers = runners.length;
    this._since = performance.now();
    const started = performance.now();
    await Promise.all(runners.map((runner) => this.#drain(runner, onProgress, alive)));
    if (!alive() || this.stopped) return;
    this.#clock();
    this.running = false;
    this.seconds = (performance.now() - started) / 1000;
  }

  async #drain(runner, onProgress, alive) {
    for (;;) {
      // a paused race starts no new job
      while (this.paused && alive() && !this.stopped) await new Promise((resolve) => this._waiters.push(resolve));
      const job = alive() && !this.stopped ? this._queue.shift() : null;
      if (!job) return;
      const s = this.settings;
      const session = new TrainSession(runner, {
        method: job.main,
        options: trainOptions({ ...s, seed: job.seed }, job.main),
        lengths: this.lengths,
        samples: this.samples,
        scaling: (n) => testScaling(job.main, s.task, s.L, n),
        variants: Object.fromEntries(job.methods.filter((m) => m !== job.main && !fineTuneOptions(s, m)).map((m) => [m, (n) => testScaling(m, s.task, s.L, n)])),
        fineTunes: Object.fromEntries(job.methods.filter((m) => fineTuneOptions(s, m)).map((m) => [m, { options: fineTuneOptions({ ...s, seed: job.seed }, m), scaling: (n) => testScaling(m, s.task, s.L, n), cost: fineTuneCost(s) }])),
        // scored once, at the end: evaluating (greedy, up to 4L) costs as much as hundreds of steps
        evalEvery: Math.round(s.steps),
      });
      job.session = session;
      job.startedAt = performance.now();
      let state = await session.run(onProgress);
      while (state === 'paused' && alive() && !this.stopped) {
        await new Promise((resolve) => this._waiters.push(resolve));
        if (!alive() || this.stopped) break;
        state = await session.run(onProgress);
      }
      job.trainedAt = session.evals.length ? job.startedAt + session.elapsed : performance.now();
      if (session.state === 'done' && job.seed === this.seeds[0] && alive() && !this.stopped)
        for (const m of job.methods) for (const n of this.exampleLengths) await session.lookInside(n, m);
      // the results stay; the trainer's memory goes back at once
      await session.dispose();
      if (session.evals.length) job.finishedAt = performance.now();
      onProgress(session);
    }
  }

  #clock() {
    if (this._since != null) this._active += performance.now() - this._since;
    this._since = null;
  }

  pause() {
    if (!this.running || this.paused) return;
    this.paused = true;
    this.#clock();
    for (const s of this.sessions) s.pause();
  }

  resume() {
    if (!this.paused) return;
    this.paused = false;
    this._since = performance.now();
    this._left = null;
    for (const w of this._waiters.splice(0)) w();
  }

  /** Stops every run and frees its trainer. */
  stop() {
    this.stopped = true;
    this.running = false;
    for (const s of this.sessions) s.dispose();
    for (const w of this._waiters.splice(0)) w();
  }
}
