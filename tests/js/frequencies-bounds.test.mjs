// pe.frequencies (the ω the widgets label) and the [-1, 1] bound of every sinusoidal value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { builds } from './helpers.mjs';

for (const [name, pe] of await builds()) {
  test(`frequencies match base^(-2i/d), odd widths included [${name}]`, () => {
    const w = pe.frequencies({ dModel: 5, base: 100 });
    assert.equal(w.length, 3);
    [1, 100 ** (-2 / 5), 100 ** (-4 / 5)].forEach((x, i) => assert.ok(Math.abs(w[i] - x) <= 1e-15 * x));
    assert.throws(() => pe.frequencies({ dModel: 0 }), (e) => e instanceof RangeError && /dModel/.test(e.message));
    assert.throws(() => pe.frequencies({ dModel: 4, base: 1 }), (e) => e instanceof RangeError && /base/.test(e.message));
  });

  test(`every value of a big table lies in [-1, 1] (rounding may not push past 1) [${name}]`, () => {
    for (const layout of ['interleaved', 'split']) {
      const t = pe.sinusoidal({ length: 8192, dModel: 1024, layout });
      let lo = 0, hi = 0;
      for (let i = 0; i < t.length; i++) {
        if (t[i] < lo) lo = t[i];
        if (t[i] > hi) hi = t[i];
      }
      assert.ok(lo >= -1 && hi <= 1, `${layout}: range [${lo}, ${hi}]`);
    }
  });
}
