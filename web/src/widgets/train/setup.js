// The length-generalization experiment of part 4, declared once: <posenc-train>'s race and
// scripts/experiment-length.mjs (which writes docs/experiments.md) both train what this file says.

import { testLengths } from './session.js';

/** The model sizes offered (dModel, layers, heads), tiny to small. mini is the race's. */
export const SIZES = {
  tiny: { dModel: 16, layers: 1, heads: 2 },
  // 4 heads: ALiBi's slopes (Press et al.: 2^(−8h/H)) are then 1/4 … 1/256; with 2 heads they are 1/16 and
  // 1/256, biases too weak at these lengths for ALiBi to differ from NoPE
  mini: { dModel: 32, layers: 2, heads: 4 },
  small: { dModel: 64, layers: 2, heads: 4 },
};

/**
 * The default race: copy (Ruoss et al.'s "duplicate string", Kazemnejad et al.'s copy) at L = 8, every method
 * with the same budget. Measured (docs/experiments.md): every method fits the task at L in each seed with it.
 * The budget is the smallest found that does (seeds 1-3): NoPE, the slowest to fit, reached exact match
 * 0.94 / 1.00 / 1.00 at L with 1000 steps at 5e-3, 0.84 / 1.00 / 0.97 with 750 at 6e-3, and 0.41 in seed 1
 * with batches of 16; 1000 steps at 6e-3 fit every method in every seed, in two thirds of 1500 steps' time.
 */
export const RACE = Object.freeze({ task: 'copy', L: 8, size: 'mini', steps: 1000, batch: 32, lr: 6e-3, seeds: [1, 2, 3], samples: 64 });

/** Exact match at L a method must reach in every seed to be ranked past L ("learned the task"). */
export const FIT_AT_L = 0.95;

// tasks whose lengths are even (pairs, two numbers of equal length)
const EVEN_TASKS = ['recall', 'add'];
export const MAX_LENGTH = 64;

/** The test lengths of a task trained at L: L … 4L (even ones for recall and add). */
export const lengthsFor = (task, L) => testLengths(L, { max: MAX_LENGTH, even: EVEN_TASKS.includes(task) });

/** Positions T of a sample of length n (docs/engine.md's task table). */
export const sequenceLength = (task, n) => (task === 'recall' ? n + 3 : task === 'add' ? 1.5 * n + 2 : 2 * n + 1);

/**
 * RoPE's scaling at test length n for the methods that train RoPE as it is and change it only at test:
 * 'rope-ntk', dynamic NTK (Reddit/HF; nothing changes up to the trained length); 'rope-pi', position
 * interpolation (Chen et al. 2023): positions times T_L / T_n, so a longer sample spans the trained range.
 */
export function testScaling(method, task, L, n) {
  if (method === 'rope-ntk') return { type: 'dynamic', factor: 1 };
  const interpolated = method === 'rope-pi' || method === 'rope-pi-ft';
  if (interpolated && n > L) return { type: 'linear', factor: sequenceLength(task, n) / sequenceLength(task, L) };
  // the fine-tuned model's own scaling is 2L's: at L and below, its positions as trained at L
  if (method === 'rope-pi-ft') return { type: 'default' };
  return undefined;
}

/**
 * Chen et al.'s recipe in full: after the race's training, RoPE fine-tuned for a tenth of the budget at 2L,
 * with positions interpolated ('rope-pi-ft', factor T_2L / T_L in training) or as they are ('rope-ft', the
 * control: the same extra steps and data without the technique). Measured (seeds 1-3, 100 steps at 1e-3):
 * with interpolation exact match 1.00 at 8 … 20 in every seed; without, 0 from 12 on.
 */
export const FINE_TUNED = Object.freeze({ 'rope-pi-ft': { interpolate: true }, 'rope-ft': { interpolate: false } });
export const FINE_TUNE = Object.freeze({ share: 0.1, lr: 1e-3 });

/** pe.train.create options of `method`'s fine-tune under settings `s`, or undefined when it has none. */
export function fineTuneOptions(s, method) {
  const ft = FINE_TUNED[method];
  if (!ft) return undefined;
  const longer = Math.min(2 * s.L, lengthsFor(s.task, s.L).at(-1));
  const steps = Math.max(1, Math.round(s.steps * FINE_TUNE.share));
  return {
    ...trainOptions(s, 'rope'),
    trainLength: longer,
    steps,
    warmup: Math.max(1, Math.round(steps / 10)),
    lr: FINE_TUNE.lr,
    ...(ft.interpolate ? { scaling: { type: 'linear', factor: sequenceLength(s.task, longer) / sequenceLength(s.task, s.L) } } : {}),
  };
}

/** The cost of one fine-tune step in training steps at L (its sequences are longer). */
export const fineTuneCost = (s) => sequenceLength(s.task, Math.min(2 * s.L, lengthsFor(s.task, s.L).at(-1))) / sequenceLength(s.task, s.L);

/** The method pe.train trains for a widget method (the rope-* are RoPE at training; -ft ones then fine-tuned). */
export const trainedAs = (method) => (method.startsWith('rope-') ? 'rope' : method);

/** pe.train.create options for `method` under the settings `s` (task, L, size, steps, seed, batch?), every method the same budget. */
export function trainOptions(s, method) {
  const lengths = lengthsFor(s.task, s.L);
  return {
    task: s.task,
    position: trainedAs(method),
    trainLength: s.L,
    ...SIZES[s.size],
    batch: s.batch ?? RACE.batch,
    lr: RACE.lr,
    steps: Math.round(s.steps),
    warmup: Math.max(1, Math.round(s.steps / 10)),
    seed: Math.round(s.seed),
    // the learned table covers the longest test sequence: past L its rows are never trained, so the test
    // shows what an untrained position does (the engine reports lengths past a table as unsupported)
    ...(method === 'learned' ? { maxPositions: Math.min(1024, lengths.at(-1) * 2 + 4) } : {}),
  };
}
