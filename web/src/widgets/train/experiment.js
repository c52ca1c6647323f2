// The state of <posenc-train> and what it computes, apart from the element: where training runs (runner.js),
// the single run and the race (sessions of session.js, one per method), the races kept for comparison, and
// the results as the element shows and exports them. The element (posenc-train.js) gives the settings
// through `host` and is told to render again through `host.changed()`.

import { csvRow } from '../../render/export.js';
import { plain } from '../../render/format.js';
import { startRunner } from './runner.js';
import { TrainSession } from './session.js';
import { Race, summarize, baselineRows, workerCount, trainedMethods } from './race.js';
import { FINE_TUNED, RACE, lengthsFor, testScaling, trainOptions } from './setup.js';
import { properties } from './descriptor.js';

export { SIZES, MAX_LENGTH, lengthsFor, trainOptions } from './setup.js';

/**
 * The position methods of the widget: pe.train's positions, and RoPE trained as it is and evaluated with
 * dynamic NTK scaling (`rope-ntk`) or position interpolation (`rope-pi`), which change nothing at L.
 */
export const METHODS = properties.method.values;
/** A race's methods: these, and RoPE fine-tuned after the race's training at 2L (setup.js FINE_TUNED). */
export const RACE_METHODS = [...METHODS, ...Object.keys(FINE_TUNED)];
const SAMPLES = RACE.samples;

/** How a token is shown: the three special symbols by name, content symbols as letters A, B, …. */
export function symbolName(tok) {
  if (tok === 0) return '<s>';
  if (tok === 1) return '|';
  if (tok === 2) return '_';
  return tok >= 3 && tok < 29 ? String.fromCharCode(62 + tok) : String(tok);
}

export class TrainExperiment {
  /**
   * @param {object} host  the element: `pe`, `noWorker`, `isConnected`, `settings` ({ task, L, size, steps,
   *   seed }), `changed()` (render again) and `finished()` (a run or race ended)
   */
  constructor(host) {
    this.host = host;
    this.runner = null;
    this.session = null;  // the single run
    this.race = null;     // a Race (race.js)
    this.extraRunners = [];  // the race's other workers (the first is `runner`)
    this.kept = [];       // earlier races kept for comparison: { settings, lengths, table }
    this.generation = 0;
    this.error = '';
    this._runnerStart = null;
  }

  get state() {
    if (this.race?.running) return this.race.paused ? 'paused' : 'racing';
    return this.session?.state ?? 'idle';
  }

  /** Each method's results (race.js summarize): the race's over its seeds, or the single run's. */
  get table() {
    if (this.race) return this.race.table();
    const s = this.session;
    return s?.rows ? [summarize(s.method, [s.rows], this.lengths, this.host.settings.L)] : [];
  }

  /** The baseline per length (the race's over every run, or the single run's), or null before any evaluation. */
  get baseline() {
    if (this.race) return this.race.baseline();
    return this.session?.rows ? baselineRows([this.session.rows], this.lengths) : null;
  }

  get lengths() {
    const s = this.host.settings;
    return lengthsFor(s.task, s.L);
  }

  /** The loss curves drawn: one per trained session (a race's, each seed), else the single run's. */
  get curves() {
    if (this.race) return this.race.jobs.filter((j) => j.session).map((j) => ({ method: j.main, seed: j.seed, session: j.session }));
    if (this.session) return [{ method: this.session.method, session: this.session }];
    return [];
  }

  /** The lengths of the examples looked inside: L (trained) and 2L (never seen; capped at the longest test length). */
  get exampleLengths() {
    const L = this.host.settings.L;
    return [L, Math.min(2 * L, this.lengths.at(-1))];
  }

  /**
   * The examples and attention shown, { method, inside }: `method`'s in a race (its first seed; else the
   * race's first looked inside), or the run's.
   */
  detailsFor(method) {
    if (this.race) return this.race.detailsFor(method) ?? this.race.methods.map((m) => this.race.detailsFor(m)).find(Boolean) ?? null;
    return this.session?.inside.size ? { method: this.session.method, inside: this.session.inside } : null;
  }

  // ---- runner --------------------------------------------------------------------------------------------

  async ensureRunner() {
    const wantWorker = !this.host.noWorker;
    const r = this.runner;
    if (r && (r.kind === 'worker') === wantWorker) return r;
    if (r && r.kind === 'page' && r.reason !== 'off' && wantWorker) return r;
    this._runnerStart ??= startRunner(this.host.pe, { worker: wantWorker }).then((started) => {
      this._runnerStart = null;
      // removed while the worker started: it goes at once
      if (!this.host.isConnected) {
        started.dispose();
        return started;
      }
      this.runner?.dispose();
      for (const r of this.extraRunners.splice(0)) r.dispose();
      this.runner = started;
      this.host.changed();
      return started;
    });
    return this._runnerStart;
  }

  /** `count` runners for a race: the first, then more workers (none more when training runs on the page). */
  async ensureRunners(count) {
    const first = await this.ensureRunner();
    if (first.kind !== 'worker') return [first];
    while (this.extraRunners.length < count - 1) {
      const r = await startRunner(this.host.pe, { worker: true });
      if (r.kind !== 'worker' || !this.host.isConnected || this.runner !== first) {
        r.dispose();
        break;
      }
      this.extraRunners.push(r);
    }
    return [first, ...this.extraRunners.slice(0, count - 1)];
  }

  _sessionFor(method) {
    return new TrainSession(this.runner, {
      method,
      options: trainOptions(this.host.settings, method),
      lengths: this.lengths,
      samples: SAMPLES,
      scaling: (n) => testScaling(method, this.host.settings.task, this.host.settings.L, n),
    });
  }

  _progress(session) {
    if (session.state === 'error') this.error = `${session.error?.name ?? 'Error'}: ${session.error?.message ?? session.error}`;
    else if (this.error && session.step > 0) this.error = '';
    this.host.changed();
  }

  /** Looks inside a trained session: its examples at L and 2L and their attention. */
  async _lookInside(session) {
    for (const n of this.exampleLengths) await session.lookInside(n);
  }

  // ---- actions -------------------------------------------------------------------------------------------

  /** Trains `method` alone (or resumes its paused run); a race shown is dropped. */
  async train(method) {
    if (this.race?.running) return;
    const gen = this.generation;
    await this.ensureRunner();
    if (gen !== this.generation || !this.host.isConnected) return;
    if (!this.session || this.session.state === 'done' || this.session.state === 'error' || this.session.method !== method) {
      await this.session?.dispose();
      this.session = this._sessionFor(method);
    }
    this.race?.stop();
    this.race = null;
    const s = this.session;
    await s.run(() => this._progress(s));
    if (s.state === 'done' && s === this.session) await this._lookInside(s);
    this.host.changed();
    this.host.finished();
  }

  pause() {
    this.session?.pause();
    this.race?.pause();
    this.host.changed();
  }

  /** Stops and forgets the single run (the race and the kept races stay). */
  resetRun() {
    this.generation++;
    this.session?.dispose();
    this.session = null;
  }

  /** Stops and forgets the run and the race. */
  reset() {
    this.resetRun();
    this.race?.stop();
    this.race = null;
  }

  /**
   * Races `methods` over `seeds` (race.js) on a pool of workers; each trainer is freed when done. A paused
   * race holds; runRace again resumes it.
   */
  async runRace(methods, seeds, summary) {
    if (this.race?.paused) {
      this.race.resume();
      this.host.changed();
      return;
    }
    if (this.race?.running) return;
    // a race replaces the single run (stopped where it is)
    this.resetRun();
    const gen = this.generation;
    const alive = () => gen === this.generation && this.host.isConnected;
    const runners = await this.ensureRunners(workerCount(trainedMethods(methods).length));
    if (!alive()) return;
    this.race?.stop();
    const s = this.host.settings;
    const race = new Race({ methods, seeds, settings: s, lengths: this.lengths, samples: SAMPLES, exampleLengths: this.exampleLengths, summary });
    this.race = race;
    // the race runs before the widget is told: a running race's first drawing then waits for a frame of its
    // own instead of sharing the task that starts the workers' jobs (one long task on a phone)
    const running = race.run(runners, (session) => this._progress(session), alive);
    this.host.changed();
    // the time left counts down each second, also while a run evaluates (no progress comes then)
    const tick = setInterval(() => this.host.changed(), 1000);
    try {
      await running;
    } finally {
      clearInterval(tick);
    }
    if (!alive()) return;
    this.host.changed();
    this.host.finished();
  }

  /** Keeps the current race's results, drawn dashed under the next race's (three at most). */
  keep() {
    const r = this.race;
    if (!r || r.running) return;
    this.kept.push({ settings: r.summary, lengths: r.lengths, table: r.table() });
    if (this.kept.length > 3) this.kept.shift();
    this.host.changed();
  }

  clearKept() {
    this.kept = [];
    this.host.changed();
  }

  /** Removed from the page: stop, free every trainer and the worker. */
  dispose() {
    this.reset();
    this.runner?.dispose();
    for (const r of this.extraRunners.splice(0)) r.dispose();
    this.runner = null;
    this._runnerStart = null;
  }

  // ---- results -------------------------------------------------------------------------------------------

  /** The results for scripts and tests: the run, and the race per method and seed with its summary. */
  result(example) {
    const one = (session, method = session.method, seed = this.host.settings.seed) => ({
      method,
      seed,
      state: session.state,
      step: session.step,
      steps: session.total,
      losses: Array.from(session.losses.subarray(0, session.step)),
      rows: session.rowsFor(method)?.map(({ positions, ...r }) => ({ ...r, positions: Array.from(positions) })) ?? null,
      fineTuned: session.fineTunes.has(method),
      msPerStep: session.msPerStep,
      longestCall: session.longestCall,
      example: session.insides.get(method)?.get(this.exampleLengths[1])?.example ?? null,
    });
    const r = this.race;
    return {
      runner: this.runner?.kind ?? null,
      reason: this.runner?.reason ?? null,
      run: this.session ? one(this.session) : null,
      race: r
        ? {
            running: r.running,
            seconds: r.seconds ?? null,
            workers: r.workers,
            seeds: [...r.seeds],
            entries: r.jobs.filter((j) => j.session).flatMap((j) => j.methods.map((m) => one(j.session, m, j.seed))),
            table: r.table(),
            baseline: r.baseline(),
          }
        : null,
      kept: this.kept.length,
      example,
    };
  }

  /** Per method (and seed in a race) and length: what the model writes, teacher-forced accuracy, the baseline; then the losses. */
  *#runs() {
    if (this.race) {
      for (const j of this.race.jobs) if (j.session) for (const m of j.methods) yield { method: m, seed: j.seed, session: j.session };
    } else if (this.session) yield { method: this.session.method, seed: this.host.settings.seed, session: this.session };
  }

  toCSV() {
    const L = this.host.settings.L;
    const head = ['method', 'seed', 'length', 'trained at', 'exact match (greedy)', 'token accuracy (greedy)', 'token accuracy (teacher-forced)', 'baseline rule', 'baseline exact match', 'baseline token accuracy', 'supported'];
    const lines = [csvRow(head)];
    for (const { method, seed, session } of this.#runs())
      for (const r of session.rowsFor(method) ?? [])
        lines.push(csvRow([method, seed, r.length, L, plain(r.exactMatch), plain(r.accuracy), plain(r.teacherForced), r.baseline?.rule ?? '', plain(r.baseline?.exactMatch ?? NaN), plain(r.baseline?.accuracy ?? NaN), r.supported ? 'yes' : 'no']));
    lines.push('');
    lines.push(csvRow(['method', 'seed', 'step', 'loss']));
    for (const { method, seed, session } of this.curves.map((c) => ({ ...c, seed: c.seed ?? this.host.settings.seed })))
      for (let i = 0; i < session.step; i++) lines.push(csvRow([method, seed, i + 1, plain(session.losses[i])]));
    // before any training: the two tables' headers (nothing trained yet, no rows)
    return lines.join('\n') + '\n';
  }

  /**
   * Runs × test lengths × [exact match (greedy), token accuracy (greedy), token accuracy (teacher-forced)],
   * one run per method and seed, then the baseline (its accuracy in both accuracy columns); 0 runs before
   * any evaluation.
   */
  toArray() {
    const lengths = this.lengths;
    const runs = [...this.#runs()].filter((r) => r.session.rowsFor(r.method));
    const base = this.baseline;
    const labels = runs.map((r) => `${r.method} seed ${r.seed}`);
    const cells = runs.map((r) => r.session.rowsFor(r.method).map((x) => [x.exactMatch, x.accuracy, x.teacherForced]));
    if (base && runs.length) {
      labels.push(`baseline (${base.map((b) => b.rule).join(', ')})`);
      cells.push(base.map((b) => [b.exactMatch, b.accuracy, b.accuracy]));
    }
    const data = Float32Array.from(cells.flat(2));
    return { data, shape: [labels.length, lengths.length, 3], rows: labels, columns: lengths.map(String) };
  }
}
