// Reader of the PyTorch training fixtures (tests/fixtures/train/<position>-<size>.json, written by
// generate_train.py; format in tests/fixtures/README.md) and of the .npy files its --npy mode writes.
// Not a test file itself (`node --test tests/js/` runs *.test.mjs only).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const trainFixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/train');
export const TRAIN_POSITIONS = Object.freeze(['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5']);
export const TRAIN_SIZES = Object.freeze(['A', 'B']);

const VIEWS = { '<f4': Float32Array, '<i4': Int32Array };

/** Little-endian bytes as a typed array (copied, so it is aligned and owns its buffer). */
function littleEndian(bytes, Type) {
  if (bytes.length % 4) throw new RangeError(`${bytes.length} bytes is no whole number of 4-byte values`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Type(bytes.length / 4);
  const get = Type === Float32Array ? (i) => view.getFloat32(4 * i, true) : (i) => view.getInt32(4 * i, true);
  for (let i = 0; i < out.length; i++) out[i] = get(i);
  return out;
}

const fromBase64 = (text, Type) => littleEndian(Buffer.from(text, 'base64'), Type);
const count = (shape) => shape.reduce((a, b) => a * b, 1);

/**
 * One case: { name, config, names (in the fixture's order), shapes, weights and grads ({ name: Float32Array }),
 * zeroGradients (names whose exact gradient is 0), batches ([{ inputs, targets }] of Int32Array [B·T]),
 * losses (Float32Array), options (for pe.train.create) }.
 */
export function trainCase(position, size) {
  const name = `${position}-${size}`;
  const raw = JSON.parse(readFileSync(resolve(trainFixturesDir, `${name}.json`), 'utf8'));
  const { config } = raw;
  const weights = {};
  const grads = {};
  const shapes = {};
  for (const p of raw.params) {
    shapes[p.name] = p.shape;
    weights[p.name] = fromBase64(p.weight, Float32Array);
    grads[p.name] = fromBase64(p.grad, Float32Array);
    if (weights[p.name].length !== count(p.shape) || grads[p.name].length !== count(p.shape))
      throw new RangeError(`${name}: ${p.name} does not hold [${p.shape}] values`);
  }
  const [K, B, T] = raw.batches.shape;
  const inputs = fromBase64(raw.batches.inputs, Int32Array);
  const targets = fromBase64(raw.batches.targets, Int32Array);
  if (inputs.length !== K * B * T || targets.length !== K * B * T) throw new RangeError(`${name}: batches do not hold [${K}, ${B}, ${T}]`);
  const batches = Array.from({ length: K }, (_, k) => ({
    inputs: inputs.slice(k * B * T, (k + 1) * B * T),
    targets: targets.slice(k * B * T, (k + 1) * B * T),
  }));
  return {
    name,
    config,
    names: raw.params.map((p) => p.name),
    shapes,
    weights,
    grads,
    zeroGradients: raw.zeroGradients,
    batches,
    losses: fromBase64(raw.losses, Float32Array),
    options: createOptions(config),
  };
}

/** pe.train.create's options for a fixture's config (the method-specific ones only where they apply). */
export function createOptions(config) {
  const options = {
    task: config.task,
    position: config.position,
    trainLength: config.trainLength,
    vocab: config.vocab,
    dModel: config.dModel,
    heads: config.heads,
    layers: config.layers,
    batch: config.batch,
    steps: config.steps,
    warmup: config.warmup,
    lr: config.lr,
    weightDecay: config.weightDecay,
    clip: config.clip,
    scaleEmbedding: config.scaleEmbedding ?? false,
  };
  if (config.position === 'learned') options.maxPositions = config.maxPositions;
  if (config.position === 't5') Object.assign(options, { t5Buckets: config.t5Buckets, t5MaxDistance: config.t5MaxDistance });
  return options;
}

/** A .npy file's bytes (version 1.0, little-endian float32 or int32, C order) as { shape, data }. */
export function readNpy(bytes) {
  if (bytes.subarray(0, 6).toString('latin1') !== '\x93NUMPY') throw new TypeError('not a .npy file');
  const length = bytes.readUInt16LE(8);
  const header = bytes.subarray(10, 10 + length).toString('latin1');
  const descr = header.match(/'descr': '([^']*)'/)?.[1];
  const Type = VIEWS[descr];
  if (!Type || /'fortran_order': True/.test(header)) throw new TypeError(`unsupported .npy header ${header.trim()}`);
  const shape = header.match(/'shape': \(([\d, ]*)\)/)[1].split(',').filter((v) => v.trim()).map(Number);
  const data = littleEndian(bytes.subarray(10 + length), Type);
  if (data.length !== count(shape)) throw new RangeError(`.npy data does not fill its shape [${shape}]`);
  return { shape, data };
}

/** The largest |a[i] − b[i]| and the largest |b[i]|: a gradient is compared relative to the reference's scale. */
export function gradientError(actual, expected) {
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < expected.length; i++) {
    const d = Math.abs(actual[i] - expected[i]);
    if (!(d <= diff)) diff = d;  // NaN propagates as a failure
    scale = Math.max(scale, Math.abs(expected[i]));
  }
  return { diff, scale };
}
