// Every `calls` case of every fixture file ({ call, input?, options?, expected, tolerance? }, tests/fixtures/README.md)
// against every build: a new method's fixture is run by this file, with no test of its own. What a call returns is
// checked against its declaration (web/src/engine/schema.js): the type CALLS gives it, and for a call whose options
// take `into`, the same values written into a target given, which comes back as itself.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { builds, fixture, fixturesDir, assertClose } from './helpers.mjs';
import { CALLS, OPTION_SETS, callSignature, optionsOf } from '../../web/src/engine/schema.js';

const files = readdirSync(fixturesDir).filter((f) => f.endsWith('.json')).sort().filter((f) => 'calls' in fixture(f));

/** null stands for −Infinity in the fixtures (JSON has none), in inputs and options as in results. */
const deNull = (v) => (v === null ? -Infinity : Array.isArray(v) ? v.map(deNull) : typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deNull(x)])) : v);

const TYPES = { Float32Array, Float64Array, Int32Array, FloatTarget: Float32Array };

/** What a call returns (a typed-array class, 'number', or null when not declared) and the class its `into` takes. */
function declared(path) {
  const sets = Object.entries(OPTION_SETS).filter(([, set]) => set.calls?.includes(path));
  const target = sets.flatMap(([name]) => optionsOf(name)).find(([key]) => key === 'into')?.[1].target;
  const returns = CALLS[path] ? callSignature(path).returns : target;
  return { returns: TYPES[returns] ?? (returns === 'number' ? 'number' : null), into: target ? TYPES[target] : null };
}

/** expected: an array, a number, or an object of them (compared key by key); `tolerance` { abs, rel }, exact without. */
function compare(actual, expected, tolerance, label) {
  if (Array.isArray(expected)) return assertClose(actual, expected, tolerance, label);
  if (typeof expected === 'number') {
    assert.equal(typeof actual, 'number', `${label}: a number`);
    return assertClose([actual], [expected], tolerance, label);
  }
  if (expected && typeof expected === 'object') {
    for (const [key, value] of Object.entries(expected)) compare(actual?.[key], value, tolerance, `${label}.${key}`);
    return;
  }
  assert.deepEqual(actual, expected, label);
}

test('the fixtures hold calls, each of a facade function, with what it returns', () => {
  assert.ok(files.includes('alibi.json') && files.includes('t5.json'), `fixture files with calls: ${files}`);
  for (const file of files) {
    const { calls } = fixture(file);
    assert.ok(Array.isArray(calls) && calls.length > 0, `${file}: calls is a non-empty list`);
    for (const c of calls) {
      assert.equal(typeof c.call, 'string', `${file}: every case names its call`);
      assert.ok('expected' in c, `${file}: ${c.call} has an expected result`);
      for (const key of Object.keys(c)) assert.ok(['call', 'input', 'options', 'expected', 'tolerance'].includes(key), `${file}: ${c.call}: ${key} is not a field of a call`);
    }
  }
});

const short = (v) => {
  const text = JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

for (const [buildName, pe] of await builds()) {
  for (const file of files) {
    describe(`${file} [${buildName}]`, () => {
      for (const c of fixture(file).calls) {
        const args = [...('input' in c ? [deNull(c.input)] : []), ...('options' in c ? [deNull(c.options)] : [])];
        test(`${c.call}(${args.map(short).join(', ')})`, () => {
          const fn = c.call.split('.').reduce((o, k) => o?.[k], pe);
          assert.equal(typeof fn, 'function', `pe.${c.call} is a function`);
          const expected = deNull(c.expected);
          const tolerance = c.tolerance ?? {};
          const result = fn(...args);
          const { returns, into } = declared(c.call);
          if (returns === 'number') assert.equal(typeof result, 'number', `pe.${c.call} returns a number`);
          else if (returns) assert.ok(result instanceof returns, `pe.${c.call} returns a ${returns.name}`);
          compare(result, expected, tolerance, c.call);
          if (into && Array.isArray(expected)) {
            const target = new into(expected.length);
            const filled = fn(...args.slice(0, -1), { ...args.at(-1), into: target });
            assert.equal(filled, target, `pe.${c.call} returns the into it was given`);
            compare(filled, expected, tolerance, `${c.call} into`);
          }
        });
      }
    });
  }
}
