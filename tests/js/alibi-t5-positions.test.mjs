import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture } from './helpers.mjs';

// The fixtures' `calls` (ALiBi's slopes and biases, T5's grids) are run by fixture-calls.test.mjs; here what
// they do not say: defaults, exact values, how the results relate, and each bucket of −300…300.
const T = fixture('t5.json');
const P = fixture('position_ids.json');

for (const [buildName, pe] of await builds()) {
  describe(`alibi [${buildName}]`, () => {
    test('power-of-two head counts: slopes are 2^(-8k/n), exact in float32', () => {
      assert.deepEqual(Array.from(pe.alibi.slopes(8)), [1, 2, 3, 4, 5, 6, 7, 8].map((k) => 2 ** -k));
      assert.deepEqual(Array.from(pe.alibi.slopes(4)), [2 ** -2, 2 ** -4, 2 ** -6, 2 ** -8]);
      assert.deepEqual(Array.from(pe.alibi.slopes(1)), [2 ** -8]);
    });

    test('causal defaults to true', () => {
      assert.deepEqual(pe.alibi.bias({ heads: 3, length: 5 }), pe.alibi.bias({ heads: 3, length: 5, causal: true }));
    });

    test('bias entries are -slope*(i-j) with the returned slopes', () => {
      const heads = 12, L = 9;
      const s = pe.alibi.slopes(heads);
      const b = pe.alibi.bias({ heads, length: L, causal: false });
      for (let h = 0; h < heads; h++) {
        for (let i = 0; i < L; i++) {
          for (let j = 0; j < L; j++) {
            const e = -s[h] * Math.abs(i - j);
            const a = b[(h * L + i) * L + j];
            assert.ok(Math.abs(a - e) <= 1.2e-7 * Math.abs(e), `h${h} i${i} j${j}: ${a} vs ${e}`);
          }
        }
      }
    });
  });

  describe(`t5 [${buildName}]`, () => {
    for (const c of T.configs) {
      const { bidirectional, numBuckets, maxDistance } = c;
      test(`bucket: bidirectional ${bidirectional}, numBuckets ${numBuckets}, maxDistance ${maxDistance}`, () => {
        const bad = [];
        T.relativePositions.forEach((rp, i) => {
          const got = pe.t5.bucket(rp, { bidirectional, numBuckets, maxDistance });
          if (got !== c.buckets[i]) bad.push(`rp ${rp}: expected ${c.buckets[i]}, got ${got}`);
        });
        assert.deepEqual(bad, []);
      });
    }

    test('bucket defaults: bidirectional, 32 buckets, maxDistance 128', () => {
      const c = T.configs.find((x) => x.bidirectional && x.numBuckets === 32 && x.maxDistance === 128);
      T.relativePositions.forEach((rp, i) => {
        const got = pe.t5.bucket(rp);
        assert.ok(Number.isInteger(got), `integer result, got ${got}`);
        assert.equal(got, c.buckets[i], `rp ${rp}`);
      });
    });
  });

  describe(`positionIds [${buildName}]`, () => {
    for (const c of P.roberta) {
      test(`roberta ${JSON.stringify(c.ids)} ${JSON.stringify(c.params)}`, () => {
        for (const ids of [c.ids, Int32Array.from(c.ids)]) {
          const out = pe.positionIds(ids, c.params);
          assert.ok(out instanceof Int32Array, 'Int32Array');
          assert.deepEqual(Array.from(out), c.expected);
        }
      });
    }

    test('roberta pastLength defaults to 0', () => {
      const c = P.roberta.find((x) => x.params.pastLength === 0);
      const out = pe.positionIds(c.ids, { convention: 'roberta', padTokenId: c.params.padTokenId });
      assert.deepEqual(Array.from(out), c.expected);
    });

    for (const c of P.generation) {
      test(`generation mask ${JSON.stringify(c.mask)}`, () => {
        for (const mask of [c.mask, Int32Array.from(c.mask), Uint8Array.from(c.mask)]) {
          const out = pe.positionIds(mask, c.params);
          assert.ok(out instanceof Int32Array, 'Int32Array');
          assert.deepEqual(Array.from(out), c.expected);
        }
      });
    }
  });
}
