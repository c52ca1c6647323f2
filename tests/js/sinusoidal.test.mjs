import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertClose, sinusoidalRef, rng } from './helpers.mjs';

const F = fixture('sinusoidal.json');
const BOUND = 2.5e-7; // documented: every float32 output within 2.5e-7 of the exact value below 2^20

for (const [buildName, pe] of await builds()) {
  describe(`sinusoidal [${buildName}]`, () => {
    for (const c of F.cases) {
      test(`fixture: ${c.name}`, () => {
        const out = pe.sinusoidal(c.params);
        assert.ok(out instanceof Float32Array, 'returns a Float32Array');
        assert.equal(out.length, c.params.length * c.params.dModel);
        assertClose(out, c.expected, { abs: c.tolerance }, c.name);
      });
    }

    test('position 1e6: within 2.5e-7 where float32 PyTorch code is off by ~5e-2', () => {
      const c = F.float32;
      const out = pe.sinusoidal(c.params);
      const err = assertClose(out, c.expected, { abs: BOUND }, c.name);
      assert.ok(c.float32TorchMaxError > 1e-2, `fixture shows float32 error ${c.float32TorchMaxError}`);
      assert.ok(err * 1e4 < c.float32TorchMaxError, `posenc error ${err} vs float32 ${c.float32TorchMaxError}`);
    });

    test('exact rows at spot positions across [0, 2^20)', () => {
      for (const s of F.spots) {
        const out = pe.sinusoidal({ length: 1, dModel: s.dModel, base: s.base, offset: s.position });
        assertClose(out, s.interleaved, { abs: BOUND }, `position ${s.position} base ${s.base}`);
      }
    });

    test('accuracy sweep: 120 random offsets below 2^20, both layouts, bases 10000/100/2.5/500000', () => {
      const r = rng(42);
      let worst = 0;
      for (let n = 0; n < 120; n++) {
        const length = 16;
        const offset = Math.floor(r() * (2 ** 20 - length));
        const base = [10000, 100, 2.5, 500000][n % 4];
        const layout = n % 2 ? 'split' : 'interleaved';
        const dModel = [64, 33, 128, 7][(n >> 1) % 4];
        const params = { length, dModel, base, offset, layout };
        const out = pe.sinusoidal(params);
        worst = Math.max(worst, assertClose(out, sinusoidalRef(params), { abs: BOUND }, JSON.stringify(params)));
      }
      assert.ok(worst <= BOUND);
    });

    test('last positions below 2^20 (2^20-64 .. 2^20-1), d=512', () => {
      const params = { length: 64, dModel: 512, offset: 2 ** 20 - 64 };
      assertClose(pe.sinusoidal(params), sinusoidalRef(params), { abs: BOUND }, 'tail below 2^20');
    });

    test('defaults: base 10000, offset 0, interleaved', () => {
      const a = pe.sinusoidal({ length: 20, dModel: 32 });
      const b = pe.sinusoidal({ length: 20, dModel: 32, base: 10000, offset: 0, layout: 'interleaved' });
      assert.deepEqual(a, b);
    });

    test('row 0 is [0, 1, 0, 1, ...] (interleaved) and [0.., 1..] (split)', () => {
      const d = 10;
      const a = pe.sinusoidal({ length: 1, dModel: d });
      assertClose(a, [0, 1, 0, 1, 0, 1, 0, 1, 0, 1], { abs: 0 }, 'interleaved row 0');
      const b = pe.sinusoidal({ length: 1, dModel: d, layout: 'split' });
      assertClose(b, [0, 0, 0, 0, 0, 1, 1, 1, 1, 1], { abs: 0 }, 'split row 0');
    });

    test('odd dModel: interleaved ends on a lone sine, split is ceil(d/2) sines then floor(d/2) cosines', () => {
      const d = 5;
      const p = 3;
      const w = (i) => Math.pow(10000, (-2 * i) / d);
      const a = pe.sinusoidal({ length: 1, dModel: d, offset: p });
      assertClose(a, [Math.sin(p), Math.cos(p), Math.sin(p * w(1)), Math.cos(p * w(1)), Math.sin(p * w(2))],
        { abs: BOUND }, 'interleaved odd');
      const b = pe.sinusoidal({ length: 1, dModel: d, offset: p, layout: 'split' });
      assertClose(b, [Math.sin(p), Math.sin(p * w(1)), Math.sin(p * w(2)), Math.cos(p), Math.cos(p * w(1))],
        { abs: BOUND }, 'split odd');
    });

    test('offset shifts rows: table(offset 100) == rows 100.. of table(offset 0)', () => {
      const big = pe.sinusoidal({ length: 140, dModel: 48, base: 100 });
      const part = pe.sinusoidal({ length: 40, dModel: 48, base: 100, offset: 100 });
      assertClose(part, big.subarray(100 * 48), { abs: 2 * BOUND }, 'offset');
    });

    test('values bounded in [-1, 1] and every row has norm sqrt(d/2)', () => {
      for (const params of [
        { length: 512, dModel: 256, offset: 0 },
        { length: 256, dModel: 128, offset: 1_000_000, base: 2.5 },
        { length: 128, dModel: 64, offset: 2 ** 20 - 128, layout: 'split', base: 500000 },
      ]) {
        const t = pe.sinusoidal(params);
        for (let i = 0; i < t.length; i++) {
          if (!(t[i] >= -1 && t[i] <= 1)) assert.fail(`value ${t[i]} at ${i} out of [-1, 1] for ${JSON.stringify(params)}`);
        }
        const d = params.dModel;
        for (let r = 0; r < params.length; r++) {
          let s = 0;
          for (let k = 0; k < d; k++) s += t[r * d + k] ** 2;
          assert.ok(Math.abs(s - d / 2) < 1e-4, `row ${r} squared norm ${s}, expected ${d / 2}`);
        }
      }
    });

    test('beyond 2^20: position 2^24-4 still within 1e-6 (informative: outside the documented bound)', () => {
      const params = { length: 4, dModel: 256, offset: 2 ** 24 - 4 };
      // double reference: angle error ~ 2^24 * 2^-52 = 4e-9, far below 1e-6
      assertClose(pe.sinusoidal(params), sinusoidalRef(params), { abs: 1e-6 }, '2^24');
    });
  });
}
