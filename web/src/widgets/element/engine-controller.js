// Loads the engine for a widget (a Lit reactive controller). The engine is shared by every widget of the
// page (../engine.js loads it once); this controller hands it to its host when the host is started.
//
// A widget starts when it comes near the viewport (an IntersectionObserver with a margin of a screen above
// and below), so a long lesson on a phone loads and draws the first screen first, and a widget the reader
// never scrolls to costs nothing. `start()` starts it at once: `whenReady()` calls it (scripts, tests,
// exports), and so does the page's `beforeprint`. Started widgets take their first computation one per task,
// so that a screen of widgets becomes many short tasks rather than one long one, except while the page
// prints (./print.js): then every widget starts, and the work runs at once, so that it is drawn on paper.
//
// The host (a PosencElement) receives: `pe` (the engine facade), `_ready` (a reactive state property that
// turns true, so widgets can compute in `willUpdate`/`updated` on `changed.has('_ready')`), then a call to
// `engineReady()`; before that, once it has started and its frame has a size, a call to `engineLoading()`.
// When the engine cannot load, `_error` (reactive, shown by renderError) gets the reason.

import { getEngine } from '../engine.js';
import { onPrint, printing } from './print.js';

// a screen's height above and below the viewport: widgets are drawn before the reader scrolls to them
const NEAR = '100% 0px';

const waiting = new Map();  // element → its controller's start
let near = null;
function watchNear(el, start) {
  near ??= new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) waiting.get(e.target)?.();
  }, { rootMargin: NEAR });
  waiting.set(el, start);
  near.observe(el);
}
function unwatchNear(el) {
  if (waiting.delete(el)) near.unobserve(el);
}
onPrint((on) => {
  if (!on) return;
  [...waiting.values()].forEach((start) => start());
  drain();
});

// Work for many widgets at once (their first renders when the script defines them, their first computations
// when they start), one widget per task, in the order it was asked for: the page can paint and answer in
// between. The work of a widget that has started (near the viewport, or asked for) goes before that of widgets
// still waiting: on a phone, the first screen's widget computes and draws while those further down have
// their first renders queued, not after all of them. A MessageChannel posts a task without setTimeout's 4 ms
// clamp on nested calls. It is made on first use, and unref'd where that exists (Node): importing the
// widgets for server rendering must not keep a process alive with an open port.
const queue = [];  // [host, fn], in the order asked
const started = new WeakSet();  // hosts whose work goes first
let posted = false;
let channel = null;
function post() {
  if (posted) return;
  posted = true;
  // where the browser has a task scheduler, these tasks go before its ordinary ones (a page still loading
  // has many): a widget's first render and computation are what the reader waits for
  if (typeof scheduler === 'object' && typeof scheduler?.postTask === 'function') return void scheduler.postTask(next, { priority: 'user-blocking' });
  if (typeof MessageChannel !== 'function') return void setTimeout(next, 0);
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => next();
    channel.port1.unref?.();
  }
  channel.port2.postMessage(null);
}
/** Runs `fn` in a task of its own, after the work queued before it (after all of it, unless `host` started). */
export function inTurn(fn, host = null) {
  queue.push([host, fn]);
  if (printing()) drain();
  else post();
}
/** Runs every queued piece of work now (the page prints); one that throws does not stop the others. */
function drain() {
  while (queue.length) {
    try {
      next(false);
    } catch (err) {
      setTimeout(() => {
        throw err;
      });
    }
  }
}
function next(more = true) {
  posted = false;
  if (!queue.length) return;  // drained while the page printed
  const first = queue.findIndex(([host]) => host && started.has(host));
  const [[, fn]] = queue.splice(first < 0 ? 0 : first, 1);
  try {
    fn();
  } finally {
    if (more && queue.length) post();
  }
}

const DRAWING = Symbol('drawing');
const SKIPPED = Symbol('skipped');

/**
 * A widget draws its canvases in `updated`. Until it has started (near the viewport, or whenReady()), its
 * template renders but its `updated` waits, so a widget far down the page costs no painting; the changes it
 * would have seen are handed, merged, to the first `updated` after. Wraps the `updated` of `proto` once.
 */
export function updatedOnceStarted(proto) {
  const own = Object.getOwnPropertyDescriptor(proto, 'updated');
  if (!own || typeof own.value !== 'function' || own.value[DRAWING]) return;
  const updated = own.value;
  const waiting = function updatedWhenStarted(changed) {
    if (!this._ready) {
      this[SKIPPED] = new Map([...changed, ...(this[SKIPPED] ?? [])]);
      return undefined;
    }
    for (const [key, old] of this[SKIPPED] ?? []) if (!changed.has(key)) changed.set(key, old);
    this[SKIPPED] = null;
    return updated.call(this, changed);
  };
  waiting[DRAWING] = true;
  proto.updated = waiting;
}

export class EngineController {
  #host;
  #measured;
  #loading = null;
  #resolve;
  #reject;

  /** `measured`: resolves when the host's frame has its size (or cannot have one yet), see FrameController. */
  constructor(host, measured) {
    this.#host = host;
    this.#measured = measured;
    /** Settles once: resolves when the engine is loaded and handed to the host, rejects when it cannot load. */
    this.loaded = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    this.loaded.catch(() => {});  // the error is shown in the widget; whenReady() rejects with it
    host.addController(this);
  }

  hostConnected() {
    if (this.#loading) return;
    if (typeof IntersectionObserver === 'function') watchNear(this.#host, () => this.start());
    else this.start();
  }

  hostDisconnected() {
    unwatchNear(this.#host);
  }

  /** Loads the engine and hands it to the host, now rather than when the host comes near the viewport. */
  start() {
    const host = this.#host;
    unwatchNear(host);
    started.add(host);
    // while the engine is on its way, the widget lays out what does not need it (engineLoading), in an
    // ordinary task: after the engine's own loading steps, which it must not hold up
    if (!this.#loading) this.#measured().then(() => setTimeout(() => host._ready || host.engineLoading(), 0));
    // a widget class's static engineOptions ({ train: true } for <posenc-train>) choose the build it needs
    this.#loading ??= Promise.all([getEngine(host.constructor.engineOptions), this.#measured()]).then(
      ([pe]) =>
        inTurn(() => {
          host.pe = pe;
          host._ready = true;
          host.engineReady();
          this.#resolve();
        }, host),
      (err) => {
        host._error = `The positional-encoding engine could not be loaded: ${err?.message ?? err}`;
        this.#reject(new Error(host._error, { cause: err }));
      },
    );
  }
}
