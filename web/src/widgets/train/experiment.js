// The state of <posenc-train> and what it computes, apart from the element: where training runs (runner.js),
// the single run and the race (sessions of session.js, one per method), the races kept for comparison, and
// the results as the element shows and exports them. The element (posenc-train.js) gives the settings
// through `host` and is told to render again through `host.changed()`.

import { csvRow } from '../../render/export.js';
import { plain } from '../../render/format.js';
import { startRunner } from './runner.js';
import { TrainSession } from './session.js';
import { RACE, lengthsFor, testScaling, trainOptions } from './setup.js';
import { properties } from './descriptor.js';

export { SIZES, MAX_LENGTH, lengthsFor, trainOptions } from './setup.js';

/**
 * The position methods of the widget: pe.train's positions, and RoPE trained as it is and evaluated with
 * dynamic NTK scaling (`rope-ntk`) or position interpolation (`rope-pi`), which change nothing at L.
 */
export const METHODS = properties.method.values;
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
    this.race = null;     // { settings, entries: [{ method, session }], running, current, seconds }
    this.kept = [];       // earlier races kept for comparison: { settings, entries: [{ method, rows, losses }] }
    this.generation = 0;
    this.error = '';
    this._runnerStart = null;
  }

  get state() {
    if (this.race?.running) return this.race.paused ? 'paused' : 'racing';
    return this.session?.state ?? 'idle';
  }

  get lengths() {
    const s = this.host.settings;
    return lengthsFor(s.task, s.L);
  }

  /** The curves drawn: the race's entries when there is a race, else the single run's. */
  get curves() {
    if (this.race) return this.race.entries.map((e) => ({ method: e.method, session: e.session }));
    if (this.session) return [{ method: this.session.method, session: this.session }];
    return [];
  }

  /** The lengths of the examples looked inside: L (trained) and 2L (never seen; capped at the longest test length). */
  get exampleLengths() {
    const L = this.host.settings.L;
    return [L, Math.min(2 * L, this.lengths.at(-1))];
  }

  /** The session whose examples and attention are shown: `method`'s in a race (else the race's first), or the run. */
  detailsFor(method) {
    const entries = this.race?.entries.filter((e) => e.session.inside.size) ?? [];
    if (entries.length) return (entries.find((e) => e.method === method) ?? entries[0]).session;
    return this.session?.inside.size ? this.session : null;
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
      this.runner = started;
      this.host.changed();
      return started;
    });
    return this._runnerStart;
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
    if (this.race) {
      for (const e of this.race.entries) e.session.dispose();
      this.race = null;
    }
    const s = this.session;
    await s.run(() => this._progress(s));
    if (s.state === 'done' && s === this.session) await this._lookInside(s);
    this.host.changed();
    this.host.finished();
  }

  pause() {
    this.session?.pause();
    if (this.race?.running) this.race.current?.pause();
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
    if (this.race) {
      for (const e of this.race.entries) e.session.dispose();
      this.race.running = false;
      this.race.resume?.();
      this.race = null;
    }
  }

  /**
   * Trains every method of `methods` in turn on the same task, data and seed; each one's trainer is freed
   * when done. A paused race waits in its method; runRace again resumes it.
   */
  async runRace(methods, summary) {
    if (this.race?.paused) {
      this.race.paused = false;
      this.race.resume();
      return;
    }
    if (this.race?.running) return;
    // a race replaces the single run (stopped where it is)
    this.resetRun();
    const gen = this.generation;
    await this.ensureRunner();
    if (gen !== this.generation || !this.host.isConnected) return;
    if (this.race) for (const e of this.race.entries) e.session.dispose();
    const race = { settings: summary, entries: [], running: true, current: null, todo: methods.length };
    this.race = race;
    const started = performance.now();
    for (const method of methods) {
      const session = this._sessionFor(method);
      race.entries.push({ method, session });
      race.current = session;
      let state = await session.run(() => this._progress(session));
      while (state === 'paused' && gen === this.generation) {
        race.paused = true;
        this.host.changed();
        await new Promise((resolve) => (race.resume = resolve));
        if (gen === this.generation) state = await session.run(() => this._progress(session));
      }
      if (session.state === 'done' && gen === this.generation) await this._lookInside(session);
      // results are kept; the trainer's memory goes back at once
      await session.dispose();
      if (gen !== this.generation || !this.host.isConnected) return;
    }
    race.running = false;
    race.current = null;
    race.seconds = (performance.now() - started) / 1000;
    this.host.changed();
    this.host.finished();
  }

  /** Keeps the current race's curves, drawn dashed under the next race's (three at most). */
  keep() {
    const r = this.race;
    if (!r || r.running) return;
    this.kept.push({ settings: r.settings, entries: r.entries.map((e) => ({ method: e.method, rows: e.session.rows, losses: e.session.losses })) });
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
    this.runner = null;
    this._runnerStart = null;
  }

  // ---- results -------------------------------------------------------------------------------------------

  /** The results for scripts and tests: the run's and the race's curves. */
  result(example) {
    const one = (session) => ({
      method: session.method,
      state: session.state,
      step: session.step,
      steps: session.total,
      losses: Array.from(session.losses.subarray(0, session.step)),
      rows: session.rows?.map(({ positions, ...r }) => ({ ...r, positions: Array.from(positions) })) ?? null,
      msPerStep: session.msPerStep,
      longestCall: session.longestCall,
      example: session.inside.get(this.exampleLengths[1])?.example ?? null,
    });
    return {
      runner: this.runner?.kind ?? null,
      reason: this.runner?.reason ?? null,
      run: this.session ? one(this.session) : null,
      race: this.race ? { running: this.race.running, seconds: this.race.seconds ?? null, entries: this.race.entries.map((e) => one(e.session)) } : null,
      kept: this.kept.length,
      example,
    };
  }

  /** Accuracy and exact match per method and length, then the losses. */
  toCSV() {
    const L = this.host.settings.L;
    const lines = [csvRow(['method', 'length', 'trained at', 'accuracy', 'exact match', 'supported'])];
    for (const { method, session } of this.curves)
      for (const r of session.rows ?? []) lines.push(csvRow([method, r.length, L, plain(r.accuracy), plain(r.exactMatch), r.supported ? 'yes' : 'no']));
    lines.push('');
    lines.push(csvRow(['method', 'step', 'loss']));
    for (const { method, session } of this.curves) for (let i = 0; i < session.step; i++) lines.push(csvRow([method, i + 1, plain(session.losses[i])]));
    // before any training: the two tables' headers (nothing trained yet, no rows)
    return lines.join('\n') + '\n';
  }

  /** Accuracy, methods × test lengths (0 × lengths before any evaluation). */
  toArray() {
    const curves = this.curves.filter((c) => c.session.rows);
    const lengths = this.lengths;
    const data = new Float32Array(curves.length * lengths.length);
    curves.forEach((c, i) => c.session.rows.forEach((r, j) => (data[i * lengths.length + j] = r.accuracy)));
    return { data, shape: [curves.length, lengths.length], rows: curves.map((c) => c.method), columns: lengths.map(String) };
  }
}
