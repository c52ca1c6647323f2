// Starts the training worker of <posenc-train> (ES module builds): posenc-train-worker.js next to this
// module, as a module worker. Bundlers that follow `new Worker(new URL(…, import.meta.url))` (Vite, webpack)
// emit it; scripts/build-web.mjs writes a bundled copy next to dist/posenc-widgets.js. The classic-script
// bundles (one-tag script, single files) replace this module by web/bundles/inline-train-worker.js, which
// starts the same worker from its inlined source. Throws when the page forbids it (CSP `worker-src`).

/** How this build starts its worker: 'module' (a file next to the module) or 'inline' (a blob). */
export const WORKER_SOURCE = 'module';

export function spawnTrainWorker() {
  return new Worker(new URL('./posenc-train-worker.js', import.meta.url), { type: 'module', name: 'posenc-train' });
}
