// The option table (web/src/engine/schema.js) says what the engine does: for every option set, each
// required option is required, each option's type is checked, each bound holds (the value just outside is
// refused, naming the option), each named value is accepted and an unknown one refused, each default is
// what the engine uses when the option is left out, and no option the engine takes is missing from the
// table. The places generated from the table (index.d.ts, docs/engine.md) are current.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from './helpers.mjs';
import { CALLS, NAMES, OPTION_SETS, callSignature, optionsOf, valuesOf } from '../../web/src/engine/schema.js';
import { generated } from '../../scripts/gen-schema.mjs';

const pe = await engine();

/** The facade function a call name points at ('rope.apply' → pe.rope.apply). */
const fn = (call) => call.split('.').reduce((o, k) => o[k], pe);

/**
 * Calls `call` of an option set with `options` (the scaling set is tried through rope.invFreq); returns the
 * result or the error thrown.
 */
function attempt(setName, options) {
  const set = OPTION_SETS[setName];
  try {
    if (set.nested) return pe.rope.invFreq({ headDim: 8, scaling: options });
    const f = fn(set.calls[0]);
    const input = set.input;
    if (!input) return f(options);
    // an input the size the options ask for (options out of range are refused before the input is read)
    const n = input.length?.(options);
    const value = input.length ? new Float32Array(Number.isSafeInteger(n) && n > 0 && n <= 2 ** 24 ? n : 1) : input.value;
    return f(value, options);
  } catch (err) {
    return err;
  }
}

// the scaling options are tried with Llama 3's recipe, which reads the most of them
const LLAMA3 = { type: 'llama3', factor: 8, originalMaxPositionEmbeddings: 64, lowFreqFactor: 1, highFreqFactor: 4 };
const examples = Object.entries(OPTION_SETS).map(([name, set]) => [name, set.nested ? LLAMA3 : set.example]);
const path = (setName, key) => (OPTION_SETS[setName].nested ? `scaling.${key}` : key);

function refused(setName, options, key, Kind, what) {
  const r = attempt(setName, options);
  assert.ok(r instanceof Kind, `${setName}: ${what} → ${r instanceof Error ? `${r.constructor.name}: ${r.message}` : 'accepted'}, expected a ${Kind.name}`);
  assert.ok(r.message.startsWith(path(setName, key)), `${setName}: ${what}: the message names ${path(setName, key)}: ${r.message}`);
}

test('every example in the table is a valid call', () => {
  for (const [name, example] of examples) {
    const r = attempt(name, example);
    assert.ok(!(r instanceof Error), `${name}: ${r?.message}`);
  }
});

test('required options are required, and each option\'s type is checked', () => {
  for (const [name, example] of examples) {
    for (const [key, o] of optionsOf(name)) {
      if (o.required && !o.literal) {
        const { [key]: _, ...rest } = example;
        const r = attempt(name, rest);
        assert.ok(r instanceof Error && r.message.includes(path(name, key)), `${name}: leaving out ${key} → ${r?.message ?? 'accepted'}`);
      }
      if (o.literal) continue;
      const wrong = o.kind === 'boolean' || o.kind === 'name' ? 7 : o.kind === 'object' ? 7 : 'x';
      refused(name, { ...example, [key]: wrong }, key, TypeError, `${key}: ${JSON.stringify(wrong)}`);
    }
  }
});

test('bounds: the value just outside each bound is a RangeError naming the option; integers must be whole', () => {
  for (const [name, example] of examples) {
    for (const [key, o] of optionsOf(name)) {
      if (o.kind !== 'integer' && o.kind !== 'number') continue;
      if (o.min !== undefined) refused(name, { ...example, [key]: o.min - (o.kind === 'integer' ? 1 : Math.max(1e-9, Math.abs(o.min) * 1e-9)) }, key, RangeError, `${key} below ${o.min}`);
      if (o.above !== undefined) refused(name, { ...example, [key]: o.above }, key, RangeError, `${key} = ${o.above}`);
      if (o.max !== undefined) refused(name, { ...example, [key]: o.kind === 'integer' ? o.max + 1 : o.max * (1 + 1e-9) }, key, RangeError, `${key} above ${o.max}`);
      if (o.kind === 'integer') refused(name, { ...example, [key]: 2.5 }, key, RangeError, `${key} = 2.5`);
    }
  }
});

test('named values: each one is accepted, any other is a RangeError listing them', () => {
  for (const [name, example] of examples) {
    for (const [key, o] of optionsOf(name)) {
      if (o.kind !== 'name' || o.literal) continue;
      for (const v of valuesOf(o)) {
        const options = { ...example, [key]: v };
        if (name === 'RopeScaling') Object.assign(options, { shortFactor: [1, 1, 1, 1], longFactor: [1, 1, 1, 1] });
        const r = attempt(name, options);
        assert.ok(!(r instanceof Error), `${name}.${key} = '${v}': ${r?.message}`);
      }
      const r = attempt(name, { ...example, [key]: 'nope' });
      assert.ok(r instanceof RangeError, `${name}.${key} = 'nope': ${r?.message ?? 'accepted'}`);
      const listed = /one of (.*) \(got/.exec(r.message)?.[1];
      assert.equal(listed, valuesOf(o).map((v) => `'${v}'`).join(', '), `${name}.${key}: the engine's names are the table's`);
    }
  }
});

test('named values: an option names a list of names.js or holds its own, with its TypeScript name, never both', () => {
  for (const name of Object.keys(OPTION_SETS))
    for (const [key, o] of Object.entries(OPTION_SETS[name].options)) {
      if (o.kind !== 'name') continue;
      const where = `${name}.${key}`;
      assert.ok(Boolean(o.names) !== Boolean(o.values), `${where}: a named value has names (a list of names.js) or values, one of them`);
      if (o.names) assert.ok(NAMES[o.names], `${where}: names ${o.names} is no list of web/src/engine/names.js`);
      else assert.match(o.typeName ?? '', /^[A-Z]\w+$/, `${where}: own values need a typeName, the TypeScript type they make`);
      assert.ok(valuesOf(o).length > 0 && valuesOf(o).every((v) => typeof v === 'string'), where);
    }
});

test('defaults: leaving an option out gives what its default gives', () => {
  for (const [name, example] of examples) {
    for (const [key, o] of optionsOf(name)) {
      if (o.default === undefined || o.literal) continue;
      const { [key]: _, ...without } = example;
      const a = attempt(name, without);
      const b = attempt(name, { ...without, [key]: o.default });
      assert.ok(!(a instanceof Error) && !(b instanceof Error), `${name}.${key}: ${a?.message ?? b?.message}`);
      assert.deepEqual(a, b, `${name}.${key}: default ${o.default}`);
    }
  }
});

test('the table lists every option the engine takes: a key outside it is refused', () => {
  for (const [name, example] of examples) {
    refused(name, { ...example, notAnOption: 1 }, 'notAnOption', TypeError, 'an unknown key');
  }
});

test('index.d.ts and docs/engine.md show the table as it is (node scripts/gen-schema.mjs rewrites them)', () => {
  for (const g of generated()) assert.ok(g.current === g.wanted, `${g.file} is not current: run node scripts/gen-schema.mjs`);
});

test('every call of CALLS is made from the table: its arguments reach the engine, an into comes back', () => {
  for (const path of Object.keys(CALLS)) {
    const c = callSignature(path);
    const f = fn(path);
    assert.equal(typeof f, 'function', `pe.${path}`);
    if (path.includes('.')) assert.ok(Object.isFrozen(pe[path.split('.')[0]]), `pe.${path.split('.')[0]} is frozen`);
    if (c.inputs.length && !c.options) continue;  // outside the option table: tried by random-args and their own tests
    const set = OPTION_SETS[c.sets[0]];
    const input = set.input && (set.input.length ? new Float32Array(set.input.length(set.example)) : set.input.value);
    const args = set.input ? [input] : [];
    const out = f(...args, { ...set.example });
    if (c.into) {
      const into = new (c.into === 'Int32Array' ? Int32Array : Float32Array)(out.length);
      assert.equal(f(...args, { ...set.example, into }), into, `pe.${path} returns its into`);
      assert.deepEqual(into, out, `pe.${path}: the same values in the into`);
    }
    // the options reach the engine: an unknown key is refused by name
    assert.throws(() => f(...args, { ...set.example, notAnOption: 1 }), /notAnOption/, `pe.${path} passes its options on`);
  }
});
