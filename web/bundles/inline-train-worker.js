// The training worker of <posenc-train> for the classic-script bundles (one-tag script, single files),
// which scripts/build-web.mjs builds with this module in place of web/src/widgets/train/spawn.js: the worker's
// code (train/posenc-train-worker.js with the engine's core and glue) is started from a blob: URL, so it
// needs no other file and works from file://. `source()` gives its text: the engine's modules the page runs
// too, as the source of the function that holds them, then the worker's own code (scripts/build-web-shared.mjs).
// A page whose CSP does not allow blob: workers refuses it; the widget then trains on the page and says so.
import source from 'posenc:train-worker-source';

export const WORKER_SOURCE = 'inline';

// one blob for the page's lifetime: a race starts a worker per core, and building the blob (the engine's
// source, hundreds of KiB) on each start was a long task on a phone's main thread
let url = null;

export function spawnTrainWorker() {
  url ??= URL.createObjectURL(new Blob([source()], { type: 'text/javascript' }));
  return new Worker(url, { name: 'posenc-train' });
}
