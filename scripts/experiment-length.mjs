// The length-generalization experiment of part 4 in Node, on the engine's wasm build: every method of the
// race (web/src/widgets/train/setup.js) trained on one budget in each seed, then scored at L … 4L by what the
// model writes (greedy), beside the baseline; RoPE's trained weights are also scored with dynamic NTK and with
// position interpolation at test. Prints the results as JSON; `--docs` writes docs/experiments.md from them.
//
//   node scripts/experiment-length.mjs [--seeds 1,2,3] [--steps 1500] [--methods none,rope] [--docs] [--out file.json]
//   node scripts/experiment-length.mjs --from seed1.json,seed2.json --docs   (runs made apart, joined)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from '../web/src/engine/node.js';
import { FINE_TUNE, FIT_AT_L, RACE, fineTuneOptions, lengthsFor, testScaling, trainOptions, trainedAs } from '../web/src/widgets/train/setup.js';
import { experimentsMarkdown } from './experiment-docs.mjs';
import { root } from './toolchain.mjs';

/** Every method the race shows, and the ones trained (the rope-* are RoPE's weights at test). */
export const RACE_METHODS = ['none', 'sinusoidal', 'learned', 'rope', 'rope-ntk', 'rope-pi', 'rope-pi-ft', 'rope-ft', 'alibi', 't5'];

/**
 * Trains and scores the race. `settings`: RACE's fields (task, L, size, steps, batch, seeds, samples);
 * `methods`: a subset of RACE_METHODS. Returns { settings, lengths, runs: [{ method, seed, loss, rows }] }
 * where rows are per length { length, supported, exactMatch, accuracy (greedy, mean), teacherForced, baseline }.
 */
export async function runExperiment(pe, settings = RACE, methods = RACE_METHODS, log = () => {}) {
  const lengths = lengthsFor(settings.task, settings.L);
  const runs = [];
  const mean = (a) => Array.from(a).reduce((s, v) => s + v, 0) / a.length;
  for (const seed of settings.seeds) {
    for (const trained of [...new Set(methods.map(trainedAs))]) {
      const t0 = Date.now();
      const trainer = pe.train.create(trainOptions({ ...settings, seed }, trained));
      try {
        const losses = trainer.step(settings.steps);
        const loss = mean(losses.subarray(-50));
        for (const method of methods.filter((m) => trainedAs(m) === trained)) {
          // a fine-tuned method: its own trainer from these weights, stepped at 2L, then scored
          const tuneOptions = fineTuneOptions({ ...settings, seed }, method);
          const scored = tuneOptions ? pe.train.create(tuneOptions) : trainer;
          if (tuneOptions) {
            scored.setWeights(trainer.weights());
            scored.step(tuneOptions.steps);
          }
          const rows = lengths.map((n) => {
            const scaling = testScaling(method, settings.task, settings.L, n);
            const [r] = scored.evaluate({ lengths: [n], samples: settings.samples, ...(scaling ? { scaling } : {}) });
            if (!r.supported) return { length: n, supported: false, reason: r.reason };
            return {
              length: n,
              supported: true,
              exactMatch: r.exactMatch,
              accuracy: mean(r.greedyAccuracy),
              teacherForced: mean(r.accuracy),
              baseline: { rule: r.baseline.rule, exactMatch: r.baseline.exactMatch, accuracy: mean(r.baseline.accuracy) },
            };
          });
          if (tuneOptions) scored.dispose();
          runs.push({ method, seed, loss, rows });
          log(`${method} seed ${seed}: loss ${loss.toFixed(4)}, exact match ${rows.map((r) => (r.supported ? r.exactMatch.toFixed(2) : '—')).join(' ')} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        }
      } finally {
        trainer.dispose();
      }
    }
  }
  const fineTune = { steps: Math.max(1, Math.round(settings.steps * FINE_TUNE.share)), lr: FINE_TUNE.lr, share: FINE_TUNE.share };
  return { settings: { ...settings, fitAtL: FIT_AT_L, fineTune }, lengths, runs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const settings = {
    ...RACE,
    ...(arg('seeds') ? { seeds: arg('seeds').split(',').map(Number) } : {}),
    ...(arg('steps') ? { steps: Number(arg('steps')) } : {}),
    ...(arg('samples') ? { samples: Number(arg('samples')) } : {}),
  };
  const methods = arg('methods') ? arg('methods').split(',') : RACE_METHODS;
  let result;
  if (arg('from')) {
    // results of runs made apart (one seed per process, on several cores) joined into one
    const parts = arg('from').split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')));
    result = { ...parts[0], runs: parts.flatMap((p) => p.runs) };
    result.settings = { ...result.settings, seeds: [...new Set(parts.flatMap((p) => p.settings.seeds))] };
    result.engine = { ...result.engine, seconds: Math.max(...parts.map((p) => p.engine.seconds)) };
  } else {
    const pe = await load({ train: true });
    const started = Date.now();
    result = await runExperiment(pe, settings, methods, (line) => console.error(line));
    result.engine = { build: pe.build, seconds: Math.round((Date.now() - started) / 1000) };
  }
  const json = JSON.stringify(result, null, 1);
  if (arg('out')) writeFileSync(arg('out'), json + '\n');
  else console.log(json);
  if (process.argv.includes('--docs')) writeFileSync(join(root, 'docs/experiments.md'), experimentsMarkdown(result));
}
