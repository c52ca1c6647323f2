// Shared helpers for the engine tests (not a test file itself: `node --test tests/js/` only runs *.test.mjs).
//
// The engine is imported through the package's own "exports" map (`import ... from 'posenc'`), exactly as users
// import it. POSENC_ENGINE=/path/to/module.js overrides that (e.g. to run the suite against another build).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const fixturesDir = resolve(here, '../fixtures');

export async function importEngine() {
  const override = process.env.POSENC_ENGINE;
  return override ? import(pathToFileURL(resolve(override)).href) : import('posenc');
}

let enginePromise;
/** The default instance (`load()`), loaded once per test file. */
export async function engine() {
  enginePromise ??= importEngine().then((m) => m.load());
  return enginePromise;
}

const buildsPromises = new Map();
/**
 * Every build to run the fixture suites against: the default one (SIMD when available) and the scalar one
 * (`load({ simd: false })`). When the default is already scalar, only that one. `{ train: true }`: the
 * builds with the trainer (`load({ train: true })`), for the pe.train suites.
 */
export async function builds({ train = false } = {}) {
  if (!buildsPromises.has(train))
    buildsPromises.set(train, (async () => {
      const { load } = await importEngine();
      const pe = await load(train ? { train } : undefined);
      const out = [[pe.simd ? 'simd' : 'scalar', pe]];
      if (pe.simd) out.push(['scalar', await load(train ? { simd: false, train } : { simd: false })]);
      return out;
    })());
  return buildsPromises.get(train);
}

const fixtureCache = new Map();
export function fixture(name) {
  if (!fixtureCache.has(name)) {
    fixtureCache.set(name, JSON.parse(readFileSync(resolve(fixturesDir, name), 'utf8')));
  }
  return fixtureCache.get(name);
}

/** null in the fixtures stands for -Infinity (JSON has none). */
export const deNull = (arr) => arr.map((v) => (v === null ? -Infinity : v));

/**
 * Assert |actual[i] - expected[i]| <= abs + rel * |expected[i]| for all i; infinities must match exactly.
 * On failure reports the first offending index, expected vs actual, and the maximum error.
 */
export function assertClose(actual, expected, { abs = 0, rel = 0 } = {}, label = '') {
  assert.equal(actual.length, expected.length, `${label}: length ${actual.length}, expected ${expected.length}`);
  let maxErr = 0;
  let maxAt = -1;
  let firstBad = -1;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i];
    const a = actual[i];
    if (!Number.isFinite(e)) {
      if (a !== e && firstBad < 0) firstBad = i;
      continue;
    }
    const err = Math.abs(a - e);
    if (!(err <= abs + rel * Math.abs(e))) {
      if (firstBad < 0) firstBad = i;
    }
    if (!(err <= maxErr)) {
      maxErr = err;
      maxAt = i;
    }
  }
  if (firstBad >= 0) {
    assert.fail(
      `${label}: element ${firstBad}: expected ${expected[firstBad]}, got ${actual[firstBad]} ` +
        `(tolerance abs ${abs} rel ${rel}); max |error| ${maxErr} at ${maxAt} ` +
        `(expected ${expected[maxAt]}, got ${actual[maxAt]})`,
    );
  }
  return maxErr;
}

export function maxAbsDiff(a, b) {
  assert.equal(a.length, b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= m)) m = d;
  }
  return m;
}

/** Deterministic PRNG (mulberry32) for test inputs. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Float32Array of n values uniform in [-1, 1) from a seed. */
export function randomF32(n, seed) {
  const r = rng(seed);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = 2 * r() - 1;
  return out;
}

/** Exact-in-double sinusoidal reference (angles below 2^20 are accurate to ~1e-10 in double). */
export function sinusoidalRef({ length, dModel, base = 10000, offset = 0, layout = 'interleaved' }) {
  const out = new Float64Array(length * dModel);
  const ns = Math.ceil(dModel / 2);
  for (let r = 0; r < length; r++) {
    const p = offset + r;
    for (let k = 0; k < dModel; k++) {
      let v;
      if (layout === 'interleaved') {
        const w = Math.pow(base, (-2 * Math.floor(k / 2)) / dModel);
        v = k % 2 === 0 ? Math.sin(p * w) : Math.cos(p * w);
      } else {
        const i = k < ns ? k : k - ns;
        const w = Math.pow(base, (-2 * i) / dModel);
        v = k < ns ? Math.sin(p * w) : Math.cos(p * w);
      }
      out[r * dModel + k] = v;
    }
  }
  return out;
}

/**
 * assert.throws with an error class (or a list of acceptable classes) and a message pattern naming the parameter.
 * Reports what was thrown (or that nothing was) precisely.
 */
export function assertThrowsNamed(fn, classes, pattern, label = '') {
  const list = Array.isArray(classes) ? classes : [classes];
  let threw = false;
  let err;
  try {
    fn();
  } catch (e) {
    threw = true;
    err = e;
  }
  if (!threw) assert.fail(`${label}: expected ${list.map((c) => c.name).join(' or ')} matching ${pattern}, nothing thrown`);
  const okClass = list.some((c) => err instanceof c);
  const desc = err && err.constructor ? `${err.constructor.name}: ${err.message}` : String(err);
  assert.ok(okClass, `${label}: expected ${list.map((c) => c.name).join(' or ')}, got ${desc}`);
  assert.match(String(err.message), pattern, `${label}: message does not name the parameter ${pattern}: "${err.message}"`);
  return err;
}

export const EITHER = [RangeError, TypeError];
