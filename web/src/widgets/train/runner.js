// Where <posenc-train> trains: in a Web Worker running its own instance of the engine (the page's wasm
// bytes handed over, results sent back with their buffers transferred), or, when the page forbids workers
// (a Content-Security-Policy without `worker-src` for them) or has none, on the page itself. Either way the
// widget sees the same asynchronous trainer calls; on the page, the widget keeps each call short and yields
// between them (session.js), so no task runs long.

import { readEngineWasm } from '../engine.js';
import { spawnTrainWorker, WORKER_SOURCE } from './spawn.js';

// how long a worker may take to load the engine before the page trains instead (a throttled phone CPU
// compiles the wasm in well under this; a worker blocked by the page never answers)
const START_TIMEOUT_MS = 15000;

const errorFrom = ({ name, message }) => {
  const Kind = name === 'RangeError' ? RangeError : name === 'TypeError' ? TypeError : Error;
  const err = new Kind(message);
  if (!(err instanceof RangeError || err instanceof TypeError) && name) err.name = name;
  return err;
};

let trainerIds = 0;
const trainerWasm = new Map();

/**
 * The bytes of the engine's build with the trainer ('simd' or 'scalar'), read once per page (inflating them
 * again for each worker of a race was a long task on a phone); each worker gets its own copy, transferred.
 */
async function trainerWasmCopy(variant) {
  if (!trainerWasm.has(variant)) {
    const read = readEngineWasm(variant, true).then((w) => (w instanceof ArrayBuffer ? w : w.buffer.slice(w.byteOffset, w.byteOffset + w.byteLength)));
    trainerWasm.set(variant, read);
    read.catch(() => trainerWasm.delete(variant));  // a failed read is tried again by the next worker
  }
  return (await trainerWasm.get(variant)).slice(0);
}

/** Trains on the page: the trainer's calls, each answered as a promise (a rejected one for a thrown error). */
class PageRunner {
  kind = 'page';
  #pe;
  #trainers = new Map();

  constructor(pe, reason) {
    this.#pe = pe;
    /** why the page trains: 'blocked' (the page forbids the worker), 'failed' (it did not start), 'off', 'unsupported' */
    this.reason = reason;
  }

  get train() {
    return Boolean(this.#pe.train);
  }

  async create(options) {
    const id = ++trainerIds;
    this.#trainers.set(id, this.#pe.train.create(options));
    return id;
  }

  async call(id, op, ...args) {
    const t = this.#trainers.get(id);
    if (!t) throw new Error(`posenc-train: trainer ${id} was disposed`);
    return t[op](...args);
  }

  async disposeTrainer(id) {
    this.#trainers.get(id)?.dispose();
    this.#trainers.delete(id);
  }

  async diagnostics() {
    return this.#pe.diagnostics();
  }

  dispose() {
    for (const t of this.#trainers.values()) t.dispose();
    this.#trainers.clear();
  }
}

/** Trains in a worker: every call is a message, answered by id. */
class WorkerRunner {
  kind = 'worker';
  reason = '';
  source = WORKER_SOURCE;
  #worker;
  #pending = new Map();
  #next = 0;
  #dead = null;

  constructor(worker) {
    this.#worker = worker;
    worker.onmessage = ({ data }) => {
      const p = this.#pending.get(data.id);
      if (!p) return;
      this.#pending.delete(data.id);
      if (data.ok) p.resolve(data.value);
      else p.reject(errorFrom(data.error));
    };
    const fail = (e) => {
      this.#dead = new Error(`posenc-train worker: ${e?.message || 'it stopped'}`);
      for (const p of this.#pending.values()) p.reject(this.#dead);
      this.#pending.clear();
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      fail(e);
    };
    worker.onmessageerror = fail;
  }

  #send(message, transfer = []) {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id }, transfer);
    });
  }

  async start(wasm, simd) {
    const info = await this.#send({ op: 'init', wasm, simd }, [wasm]);
    this.train = info.train;
    return this;
  }

  async create(options) {
    const id = ++trainerIds;
    await this.#send({ op: 'create', trainer: id, options });
    return id;
  }

  call(id, op, ...args) {
    return this.#send({ op, trainer: id, args });
  }

  disposeTrainer(id) {
    return this.#send({ op: 'dispose', trainer: id });
  }

  diagnostics() {
    return this.#send({ op: 'diagnostics' });
  }

  dispose() {
    this.#worker.terminate();
    const gone = new Error('posenc-train: the worker was stopped');
    for (const p of this.#pending.values()) p.reject(gone);
    this.#pending.clear();
    this.#dead = gone;
  }
}

/**
 * A runner for `pe` (the page's engine): a worker when `worker` is true and the page allows one, else the
 * page. The runner's `kind` ('worker' or 'page') and `reason` say which one ran and why.
 */
export async function startRunner(pe, { worker = true } = {}) {
  if (!worker) return new PageRunner(pe, 'off');
  if (typeof Worker === 'undefined') return new PageRunner(pe, 'unsupported');
  // A page whose policy refuses the worker's script reports it as a violation of worker-src (the worker
  // then fails to load, or on some pages the constructor throws).
  let blocked = false;
  let refuse;
  const refused = new Promise((_, reject) => (refuse = reject));
  const onViolation = (e) => {
    if (e.effectiveDirective !== 'worker-src') return;
    blocked = true;
    refuse(new Error('refused by the page'));
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  let w;
  try {
    w = spawnTrainWorker();
  } catch {
    document.removeEventListener('securitypolicyviolation', onViolation);
    return new PageRunner(pe, 'blocked');
  }
  const runner = new WorkerRunner(w);
  let timer;
  try {
    const bytes = await trainerWasmCopy(pe.simd ? 'simd' : 'scalar');
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), START_TIMEOUT_MS)));
    await Promise.race([runner.start(bytes, pe.simd), timeout, refused]);
    return runner;
  } catch {
    runner.dispose();
    // the violation event may come a moment after the worker's error event
    if (!blocked) await new Promise((resolve) => setTimeout(resolve, 50));
    return new PageRunner(pe, blocked ? 'blocked' : 'failed');
  } finally {
    clearTimeout(timer);
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}
