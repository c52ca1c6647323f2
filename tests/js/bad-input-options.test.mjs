// Options as callers write them: unknown keys named with the option meant (transformers' snake_case names,
// typos), before any value error; null, getters, classes and Proxies; no caller code run inside the engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from './helpers.mjs';
import { badInputSuites, T } from './bad-input.mjs';

await badInputSuites('bad input, option names', ({ pe, bad, check }) => {
  check('unknown option keys: a TypeError naming the key, the likely meant option and the call\'s options', () => {
    const x = new Float32Array(8);
    const cases = [
      ['llama3 config pasted from transformers', () => pe.rope.invFreq({ headDim: 8, scaling: { rope_type: 'llama3', factor: 8 } }), /^scaling\.rope_type is not an option; did you mean scaling\.type\? \(the options here are type, factor, /],
      ['snake_case length key', () => pe.rope.invFreq({ headDim: 8, scaling: { type: 'yarn', factor: 4, original_max_position_embeddings: 4096 } }), /scaling\.original_max_position_embeddings is not an option; did you mean scaling\.originalMaxPositionEmbeddings\?/],
      ['rope_theta', () => pe.rope.apply(x, { seqLen: 1, heads: 1, headDim: 8, rope_theta: 5e5 }), /^rope_theta is not an option; did you mean base\?/],
      ['a typo', () => pe.alibi.bias({ heads: 2, length: 3, casual: false }), /^casual is not an option; did you mean causal\? \(the options here are heads, length, causal, into\)/],
      ['into where there is none', () => pe.attention({ q: x, k: x, v: x, seqLen: 1, heads: 1, headDim: 8, into: x }), /^into is not an option \(/],
      ['sinusoidal', () => pe.sinusoidal({ length: 2, dModel: 4, layuot: 'split' }), /^layuot is not an option; did you mean layout\?/],
      ['learned', () => pe.learned({ maxLength: 2, dModel: 4, sd: 1 }), /^sd is not an option; did you mean std\?/],
      ['similarity', () => pe.similarity(x, { length: 2, dModel: 4, metrc: 'dot' }), /^metrc is not an option; did you mean metric\?/],
      ['t5', () => pe.t5.bucket(3, { num_buckets: 8 }), /^num_buckets is not an option; did you mean numBuckets\?/],
      ['t5 grid', () => pe.t5.buckets({ queryLength: 2, keyLength: 2, maxDist: 8 }), /^maxDist is not an option/],
      ['position ids', () => pe.positionIds([1, 0], { convention: 'generation', padTokenId: 1 }), /^padTokenId is not an option \(the options here are convention, into\)/],
      ['frequencies', () => pe.frequencies({ dModel: 4, length: 9 }), /^length is not an option/],
    ];
    for (const [label, fn, pattern] of cases) bad(label, fn, T, pattern);
    // methods of an options class are not options; its getters are
    class Config {
      get length() { return 2; }
      get dModel() { return 4; }
      describe() { return 'a table'; }
    }
    assert.equal(pe.sinusoidal(new Config()).length, 8);
  });

  check('names before values, all in one round: every unknown key named with its suggestion, before any value error', () => {
    const cases = [
      // transformers' names for a required option: the hints, not "headDim must be an integer (got undefined)"
      ['head_dim and rope_theta', () => pe.rope.invFreq({ head_dim: 128, rope_theta: 5e5 }),
        /^head_dim is not an option; did you mean headDim\? rope_theta is not an option; did you mean base\? \(the options here are headDim, base, partialRotaryFactor, scaling\)$/],
      // Llama 3.1's rope_scaling pasted as published: its four snake_case keys in one message
      ['Llama 3.1 rope_scaling', () => pe.rope.invFreq({ headDim: 128, base: 5e5, scaling: { factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192, rope_type: 'llama3' } }),
        /^scaling\.low_freq_factor is not an option; did you mean scaling\.lowFreqFactor\? scaling\.high_freq_factor is not an option; did you mean scaling\.highFreqFactor\? scaling\.original_max_position_embeddings is not an option; did you mean scaling\.originalMaxPositionEmbeddings\? scaling\.rope_type is not an option; did you mean scaling\.type\? \(the options here are type, /],
      // unknown keys at both levels, and a value error besides: the names come first, both levels together
      ['both levels', () => pe.rope.apply(new Float32Array(8), { seqLen: 'one', heads: 1, head_dim: 8, scaling: { rope_type: 'linear', factor: 2 } }),
        /^head_dim is not an option; did you mean headDim\? scaling\.rope_type is not an option; did you mean scaling\.type\? \(the options here are batch, seqLen, heads, offset, layout, headStride, channelOffset, convention, headDim, base, partialRotaryFactor, scaling, positionIds, into; in scaling: type, factor, /],
    ];
    for (const [label, fn, pattern] of cases) bad(label, fn, T, pattern);
    // with the names right, the value error is what is reported
    bad('then the value', () => pe.rope.invFreq({ headDim: 128, base: 'x' }), T, /^base must be a number/);
  });
});

test('null options are a TypeError; getters and Proxies are read in JS, before the engine', async () => {
  const pe = await engine();
  for (const call of [() => pe.sinusoidal(null), () => pe.learned(null), () => pe.alibi.bias(null), () => pe.t5.buckets(null)])
    assert.throws(call, (e) => e instanceof TypeError && /options must be an object/.test(e.message));
  const boom = { get length() { throw new Error('getter ran'); }, dModel: 4 };
  assert.throws(() => pe.sinusoidal(boom), /getter ran/);
  const proxied = new Proxy({ length: 2, dModel: 4 }, {});
  assert.equal(pe.sinusoidal(proxied).length, 8);
  assert.equal(pe.t5.bucket(3, null), pe.t5.bucket(3));
  // A trap that throws on every read: the engine only ever sees plain copies, so a named TypeError.
  const trap = new Proxy({}, { get() { throw new Error('trap ran'); }, ownKeys: () => [] });
  for (const [call, name] of [[() => pe.alibi.slopes(trap), 'heads'], [() => pe.buffer(trap), 'length'], [() => pe.t5.bucket(trap), 'relativePosition'], [() => pe.compare(trap, [1]), 'a']])
    assert.throws(call, (e) => e instanceof TypeError && e.message.startsWith(name), name);
  assert.equal(pe.diagnostics().liveBuffers, 0);
});

test('no caller code runs inside the engine: functions, objects inside arrays, huge sparse arrays', async () => {
  const pe = await engine();
  let ran = 0;
  const sneaky = function () {};
  Object.setPrototypeOf(sneaky, Float32Array.prototype);
  Object.defineProperty(sneaky, 'length', { get: () => (ran++, 64) });
  sneaky.set = () => ran++;
  assert.throws(() => pe.sinusoidal({ length: 8, dModel: 8, into: sneaky }), (e) => e instanceof TypeError && /^into must be a Float32Array \(got function\)/.test(e.message));
  const trap = new Proxy({}, { get() { ran++; throw new Error('trap ran'); }, getPrototypeOf() { ran++; throw new Error('trap ran'); } });
  assert.throws(() => pe.compare([1, trap], [1, 2]), (e) => e instanceof TypeError && /^a\[1\] must be a number \(got object\)/.test(e.message));
  assert.throws(() => pe.positionIds([0, [trap]], { padTokenId: 1 }), (e) => e instanceof TypeError && /^ids\[1\] must be a number \(got an array\)/.test(e.message));
  assert.throws(() => pe.rope.apply([() => 1], { seqLen: 1, heads: 1, headDim: 1 }), (e) => e instanceof RangeError && /headDim/.test(e.message));
  assert.equal(ran, 0, 'caller code ran');
  const sparse = [];
  sparse.length = 2 ** 32 - 1;
  // rejected on its length, before any element is read (a copy would read them all, for minutes)
  Object.defineProperty(sparse, 0, { get: () => (ran++, 1) });
  assert.throws(() => pe.compare(sparse, [1]), (e) => e instanceof RangeError && /^b must have 4294967295 elements/.test(e.message));
  assert.equal(ran, 0, 'rejected without reading the elements');
});

test('options are read as a caller expects: inherited values and class getters count', async () => {
  const pe = await engine();
  const expected = pe.sinusoidal({ length: 2, dModel: 4, base: 100 });
  class Options {
    length = 2;
    dModel = 4;
    get base() {
      return 100;
    }
  }
  assert.deepEqual(pe.sinusoidal(new Options()), expected);
  assert.deepEqual(pe.sinusoidal(Object.assign(Object.create({ base: 100 }), { length: 2, dModel: 4 })), expected);
  assert.deepEqual(pe.sinusoidal(Object.defineProperty({ length: 2, dModel: 4 }, 'base', { value: 100 })), expected);
});
