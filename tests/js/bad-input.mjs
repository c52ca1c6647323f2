// The harness of the bad-input tests (bad-input*.test.mjs). Every parameter is validated: each bad input
// throws a RangeError or TypeError whose message names the parameter, and the module keeps computing
// correctly afterwards (no WASM abort, no hang, no silent NaN).
//
// Classes: a value of the wrong JS type (string, object, undefined/missing, null) must be a TypeError; a number
// out of range (zero/negative sizes, base <= 1, out-of-table positions, wrong array lengths, sizes that would not
// fit in memory) must be a RangeError. For NaN/Infinity, non-integers and unknown enum strings either class is
// accepted (both readings are common).
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertClose, assertThrowsNamed, EITHER } from './helpers.mjs';

export { EITHER };
export const T = TypeError, R = RangeError;

const SIN = fixture('sinusoidal.json').cases.find((c) => c.name.startsWith('20x32 base 10000 (interleaved)'));

/**
 * For each build of the engine, a suite `${title} [build]` whose `body({ pe, bad, check })` declares its
 * tests. bad(label, fn, classes, pattern) asserts the throw, then that the module still computes correctly;
 * check(name, body) is a test that collects the failures of its bad() calls, so that one report lists every
 * bad input a function lets through.
 */
export async function badInputSuites(title, body) {
  for (const [buildName, pe] of await builds()) {
    const healthy = (label) => {
      const out = pe.sinusoidal(SIN.params);
      assertClose(out, SIN.expected, { abs: 2.5e-7 }, `still correct after: ${label}`);
    };
    let fails = [];
    const bad = (label, fn, classes, pattern) => {
      try {
        assertThrowsNamed(fn, classes, pattern, label);
      } catch (e) {
        fails.push(e.message);
      }
      healthy(label);
    };
    const check = (name, checks) =>
      test(name, () => {
        fails = [];
        checks();
        assert.deepEqual(fails, [], `${fails.length} bad input(s) not rejected as expected:\n  ${fails.join('\n  ')}`);
      });
    describe(`${title} [${buildName}]`, { timeout: 60_000 }, () => body({ pe, bad, check }));
    after(() => healthy(`all ${title} tests`));
  }
}
