// Bad input to RoPE's calls (rope.invFreq with every scaling type, rope.apply with real tensors' options),
// each a RangeError or TypeError naming the parameter (the rules are in bad-input.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, randomF32 } from './helpers.mjs';
import { badInputSuites, EITHER, R, T } from './bad-input.mjs';

await badInputSuites('bad input, rope', ({ pe, bad, check }) => {
  check('rope.invFreq', () => {
    const ok = { headDim: 64 };
    bad('headDim string', () => pe.rope.invFreq({ headDim: '64' }), T, /headDim/);
    bad('headDim missing', () => pe.rope.invFreq({}), T, /headDim/);
    for (const v of [NaN, 2.5]) bad(`headDim ${v}`, () => pe.rope.invFreq({ headDim: v }), EITHER, /headDim/);
    for (const v of [0, -8]) bad(`headDim ${v}`, () => pe.rope.invFreq({ headDim: v }), R, /headDim/);
    bad('base string', () => pe.rope.invFreq({ ...ok, base: '10000' }), T, /base/);
    for (const v of [1, 0.5, -2]) bad(`base ${v}`, () => pe.rope.invFreq({ ...ok, base: v }), R, /base/);
    bad('base NaN', () => pe.rope.invFreq({ ...ok, base: NaN }), EITHER, /base/);
    bad('partialRotaryFactor string', () => pe.rope.invFreq({ ...ok, partialRotaryFactor: 'half' }), T, /partialRotaryFactor/);
    for (const v of [0, -0.5, 1.5]) bad(`partialRotaryFactor ${v}`, () => pe.rope.invFreq({ ...ok, partialRotaryFactor: v }), R, /partialRotaryFactor/);
    bad('partialRotaryFactor NaN', () => pe.rope.invFreq({ ...ok, partialRotaryFactor: NaN }), EITHER, /partialRotaryFactor/);
    bad('rotary dim rounds to 0', () => pe.rope.invFreq({ headDim: 8, partialRotaryFactor: 0.1 }), EITHER, /partialRotaryFactor|headDim/);
    bad('scaling string', () => pe.rope.invFreq({ ...ok, scaling: 'yarn' }), T, /scaling/);
    bad('scaling.type unknown', () => pe.rope.invFreq({ ...ok, scaling: { type: 'ntk-by-parts', factor: 2 } }), EITHER, /type/);
    bad('scaling.type number', () => pe.rope.invFreq({ ...ok, scaling: { type: 3, factor: 2 } }), EITHER, /type/);
    bad('linear without factor', () => pe.rope.invFreq({ ...ok, scaling: { type: 'linear' } }), EITHER, /factor/);
    for (const v of [0, -2]) bad(`linear factor ${v}`, () => pe.rope.invFreq({ ...ok, scaling: { type: 'linear', factor: v } }), R, /factor/);
    bad('linear factor NaN', () => pe.rope.invFreq({ ...ok, scaling: { type: 'linear', factor: NaN } }), EITHER, /factor/);
    bad('linear factor string', () => pe.rope.invFreq({ ...ok, scaling: { type: 'linear', factor: '2' } }), T, /factor/);
    const dyn = { type: 'dynamic', factor: 2, originalMaxPositionEmbeddings: 2048, maxPositionEmbeddings: 2048 };
    bad('dynamic seqLen negative', () => pe.rope.invFreq({ ...ok, scaling: { ...dyn, seqLen: -1 } }), R, /seqLen/);
    bad('dynamic seqLen 1.5', () => pe.rope.invFreq({ ...ok, scaling: { ...dyn, seqLen: 1.5 } }), EITHER, /seqLen/);
    bad('dynamic originalMaxPositionEmbeddings 0', () => pe.rope.invFreq({ ...ok, scaling: { ...dyn, originalMaxPositionEmbeddings: 0, maxPositionEmbeddings: 0 } }), R, /MaxPositionEmbeddings|maxPositionEmbeddings/);
    const yarn = { type: 'yarn', factor: 4, originalMaxPositionEmbeddings: 4096 };
    bad('yarn without original length', () => pe.rope.invFreq({ ...ok, scaling: { type: 'yarn', factor: 4 } }), EITHER, /originalMaxPositionEmbeddings|maxPositionEmbeddings/);
    bad('yarn originalMaxPositionEmbeddings 100.5', () => pe.rope.invFreq({ ...ok, scaling: { ...yarn, originalMaxPositionEmbeddings: 100.5 } }), EITHER, /originalMaxPositionEmbeddings/);
    bad('yarn betaFast NaN', () => pe.rope.invFreq({ ...ok, scaling: { ...yarn, betaFast: NaN } }), EITHER, /betaFast/);
    // tiny rotation counts overflowed the correction range and gave NaN frequencies
    bad('yarn betaFast 1e-320', () => pe.rope.invFreq({ ...ok, scaling: { ...yarn, betaFast: 1e-320 } }), R, /scaling\.betaFast/);
    bad('yarn betaSlow 1e-300', () => pe.rope.invFreq({ ...ok, scaling: { ...yarn, betaSlow: 1e-300 } }), R, /scaling\.betaSlow/);
    bad('yarn betaSlow string', () => pe.rope.invFreq({ ...ok, scaling: { ...yarn, betaSlow: 'one' } }), T, /betaSlow/);
    bad('yarn mscale NaN', () => pe.rope.invFreq({ ...ok, scaling: { ...yarn, mscale: NaN, mscaleAllDim: 1 } }), EITHER, /mscale/);
    bad('yarn truncate string', () => pe.rope.invFreq({ ...ok, scaling: { ...yarn, truncate: 'no' } }), T, /truncate/);
    bad('yarn attentionFactor Infinity', () => pe.rope.invFreq({ ...ok, scaling: { ...yarn, attentionFactor: Infinity } }), EITHER, /attentionFactor/);
    const lr = { type: 'longrope', factor: 32, originalMaxPositionEmbeddings: 4096, maxPositionEmbeddings: 131072, shortFactor: new Array(32).fill(1), longFactor: new Array(32).fill(2) };
    bad('longrope shortFactor wrong length', () => pe.rope.invFreq({ ...ok, scaling: { ...lr, shortFactor: [1, 1, 1] } }), R, /shortFactor/);
    bad('longrope longFactor missing', () => pe.rope.invFreq({ ...ok, scaling: { ...lr, longFactor: undefined }, }), EITHER, /longFactor/);
    bad('longrope longFactor string', () => pe.rope.invFreq({ ...ok, scaling: { ...lr, longFactor: 'abc' } }), T, /longFactor/);
    bad('longrope shortFactor with NaN', () => pe.rope.invFreq({ ...ok, scaling: { ...lr, shortFactor: [NaN, ...new Array(31).fill(1)] } }), EITHER, /shortFactor/);
    bad('llama3 lowFreqFactor string', () => pe.rope.invFreq({ ...ok, scaling: { type: 'llama3', factor: 8, lowFreqFactor: 'x', highFreqFactor: 4, originalMaxPositionEmbeddings: 8192 } }), T, /lowFreqFactor/);
  });

  check('rope.apply', () => {
    const x = new Float32Array(2 * 2 * 8);
    const ok = { seqLen: 2, heads: 2, headDim: 8 };
    bad('x string', () => pe.rope.apply('abc', ok), T, /\bx\b/);
    bad('x undefined', () => pe.rope.apply(undefined, ok), T, /\bx\b/);
    bad('x length mismatch', () => pe.rope.apply(new Float32Array(31), ok), R, /\bx\b/);
    bad('x with NaN', () => pe.rope.apply(Float32Array.from(x, (_, i) => (i === 5 ? NaN : 0)), ok), EITHER, /\bx\b/);
    bad('no options', () => pe.rope.apply(x), T, /options|seqLen|heads|headDim/);
    for (const name of ['seqLen', 'heads', 'headDim']) {
      bad(`${name} string`, () => pe.rope.apply(x, { ...ok, [name]: '2' }), T, new RegExp(name));
      bad(`${name} 0`, () => pe.rope.apply(x, { ...ok, [name]: 0 }), R, new RegExp(name));
      bad(`${name} -2`, () => pe.rope.apply(x, { ...ok, [name]: -2 }), R, new RegExp(name));
      bad(`${name} 1.5`, () => pe.rope.apply(x, { ...ok, [name]: 1.5 }), EITHER, new RegExp(name));
    }
    bad('headDim odd', () => pe.rope.apply(new Float32Array(2 * 2 * 7), { ...ok, headDim: 7 }), R, /headDim/);
    bad('convention unknown', () => pe.rope.apply(x, { ...ok, convention: 'neox' }), EITHER, /convention/);
    bad('offset negative', () => pe.rope.apply(x, { ...ok, offset: -1 }), R, /offset/);
    for (const v of [1.5, NaN, Infinity]) bad(`offset ${v}`, () => pe.rope.apply(x, { ...ok, offset: v }), EITHER, /offset/);
    bad('base 1', () => pe.rope.apply(x, { ...ok, base: 1 }), R, /base/);
    bad('partialRotaryFactor 2', () => pe.rope.apply(x, { ...ok, partialRotaryFactor: 2 }), R, /partialRotaryFactor/);
    bad('scaling.type unknown', () => pe.rope.apply(x, { ...ok, scaling: { type: 'magic', factor: 2 } }), EITHER, /type/);
    bad('into wrong length', () => pe.rope.apply(x, { ...ok, into: new Float32Array(8) }), R, /into/);
    bad('into Int32Array', () => pe.rope.apply(x, { ...ok, into: new Int32Array(32) }), T, /into/);
    // real tensors: positions, batch, layout, channel range
    bad('positionIds 1.5', () => pe.rope.apply(x, { ...ok, positionIds: [0, 1.5] }), EITHER, /positionIds/);
    bad('positionIds -1', () => pe.rope.apply(x, { ...ok, positionIds: [0, -1] }), R, /positionIds\[1\]/);
    bad('positionIds NaN', () => pe.rope.apply(x, { ...ok, positionIds: [NaN, 1] }), EITHER, /positionIds/);
    bad('positionIds string', () => pe.rope.apply(x, { ...ok, positionIds: ['0', '1'] }), T, /positionIds/);
    bad('positionIds wrong length', () => pe.rope.apply(x, { ...ok, positionIds: [0, 1, 2] }), R, /positionIds must have seqLen = 2 or batch x seqLen = 2/);
    bad('positionIds empty', () => pe.rope.apply(x, { ...ok, positionIds: [] }), R, /positionIds/);
    bad('positionIds with offset', () => pe.rope.apply(x, { ...ok, positionIds: [0, 1], offset: 3 }), T, /offset and positionIds/);
    bad('batch 0', () => pe.rope.apply(x, { ...ok, batch: 0 }), R, /batch/);
    bad('batch 2 with x for 1', () => pe.rope.apply(x, { ...ok, batch: 2 }), R, /\bx\b.*batch x seqLen x heads x headStride/);
    bad('layout unknown', () => pe.rope.apply(x, { ...ok, layout: 'bsdh' }), EITHER, /layout.*'bshd', 'bhsd'/);
    bad('headStride below headDim', () => pe.rope.apply(x, { ...ok, headStride: 4 }), R, /channelOffset|headStride/);
    bad('channelOffset past the head', () => pe.rope.apply(new Float32Array(2 * 2 * 12), { ...ok, headStride: 12, channelOffset: 5 }), R, /channelOffset must be an integer from 0 to headStride - rotary width = 4/);
    bad('channelOffset -1', () => pe.rope.apply(x, { ...ok, channelOffset: -1 }), R, /channelOffset/);
    bad('x NaN in batch 1, bhsd', () => pe.rope.apply(Float32Array.from({ length: 64 }, (_, i) => (i === 45 ? NaN : 0)), { ...ok, batch: 2, layout: 'bhsd' }), R, /x\[batch 1, head 0, row 1, channel 5\] is NaN/);
  });
});

test('rope.apply: into overlapping x in the same memory is rejected unless it is x itself', async () => {
  const pe = await engine();
  const shape = { seqLen: 4, heads: 1, headDim: 8 };
  const memory = randomF32(5 * 8, 2);
  assert.throws(
    () => pe.rope.apply(memory.subarray(0, 32), { ...shape, into: memory.subarray(8, 40) }),
    (e) => e instanceof RangeError && /^into must be x itself/.test(e.message),
  );
  const x = memory.subarray(8, 40);
  const expected = pe.rope.apply(x.slice(), shape);
  assert.deepEqual(pe.rope.apply(x, { ...shape, into: new Float32Array(memory.buffer, 32, 32) }), expected);
});
