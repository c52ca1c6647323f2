import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, assertThrowsNamed } from './helpers.mjs';

function stats(t) {
  let s = 0;
  for (const v of t) s += v;
  const mean = s / t.length;
  let q = 0;
  let in1 = 0;
  let in2 = 0;
  for (const v of t) q += (v - mean) ** 2;
  const std = Math.sqrt(q / t.length);
  for (const v of t) {
    const z = Math.abs(v - mean) / std;
    if (z <= 1) in1++;
    if (z <= 2) in2++;
  }
  return { mean, std, within1: in1 / t.length, within2: in2 / t.length };
}

const all = await builds();

for (const [buildName, pe] of all) {
  describe(`learned [${buildName}]`, () => {
    test('deterministic per seed', () => {
      const a = pe.learned({ maxLength: 64, dModel: 32, seed: 7 });
      const b = pe.learned({ maxLength: 64, dModel: 32, seed: 7 });
      assert.ok(a instanceof Float32Array);
      assert.equal(a.length, 64 * 32);
      assert.notEqual(a, b, 'fresh array per call');
      assert.deepEqual(a, b);
    });

    test('different seeds give different tables', () => {
      const a = pe.learned({ maxLength: 64, dModel: 32, seed: 1 });
      const b = pe.learned({ maxLength: 64, dModel: 32, seed: 2 });
      let same = 0;
      for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
      assert.ok(same < a.length / 100, `${same} of ${a.length} entries identical across seeds`);
    });

    test('defaults: seed 0, std 0.02', () => {
      const a = pe.learned({ maxLength: 16, dModel: 8 });
      const b = pe.learned({ maxLength: 16, dModel: 8, seed: 0, std: 0.02 });
      assert.deepEqual(a, b);
    });

    test('big table (GPT-2 wpe 1024x768): mean ~0, std ~0.02, normal shape', () => {
      const t = pe.learned({ maxLength: 1024, dModel: 768, seed: 123 });
      const s = stats(t);
      assert.ok(Math.abs(s.mean) < 3e-4, `mean ${s.mean}`);
      assert.ok(Math.abs(s.std / 0.02 - 1) < 0.01, `std ${s.std}, expected 0.02`);
      assert.ok(Math.abs(s.within1 - 0.6827) < 0.005, `P(|z|<=1) = ${s.within1}, normal 0.6827`);
      assert.ok(Math.abs(s.within2 - 0.9545) < 0.003, `P(|z|<=2) = ${s.within2}, normal 0.9545`);
      for (const v of t) if (!Number.isFinite(v)) assert.fail(`non-finite value ${v}`);
    });

    test('std parameter scales the table (std 1, 512x512)', () => {
      const t = pe.learned({ maxLength: 512, dModel: 512, seed: 5, std: 1 });
      const s = stats(t);
      assert.ok(Math.abs(s.mean) < 0.01, `mean ${s.mean}`);
      assert.ok(Math.abs(s.std - 1) < 0.01, `std ${s.std}`);
    });

    test('positions: lookup returns the table rows', () => {
      const opts = { maxLength: 50, dModel: 16, seed: 3, std: 0.5 };
      const table = pe.learned(opts);
      const positions = [0, 49, 7, 7, 23];
      for (const pos of [positions, Int32Array.from(positions)]) {
        const rows = pe.learned({ ...opts, positions: pos });
        assert.ok(rows instanceof Float32Array);
        assert.equal(rows.length, positions.length * 16);
        positions.forEach((p, r) => {
          assert.deepEqual(rows.subarray(r * 16, (r + 1) * 16), table.subarray(p * 16, (p + 1) * 16), `row for position ${p}`);
        });
      }
    });

    test('positions at or beyond maxLength (or negative) are a RangeError naming positions', () => {
      const opts = { maxLength: 50, dModel: 16, seed: 3 };
      assertThrowsNamed(() => pe.learned({ ...opts, positions: [0, 50] }), RangeError, /positions/, 'position == maxLength');
      assertThrowsNamed(() => pe.learned({ ...opts, positions: [1024] }), RangeError, /positions/, 'position 1024');
      assertThrowsNamed(() => pe.learned({ ...opts, positions: [-1] }), RangeError, /positions/, 'negative');
      // still works
      assert.equal(pe.learned({ ...opts, positions: [49] }).length, 16);
    });
  });
}

test('learned: SIMD and scalar builds produce the identical table', () => {
  if (all.length < 2) return;
  const [[, a], [, b]] = all;
  const opts = { maxLength: 300, dModel: 77, seed: 99, std: 0.02 };
  assert.deepEqual(a.learned(opts), b.learned(opts));
});
