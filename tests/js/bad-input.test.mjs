// Every parameter is validated: each bad input throws a RangeError or TypeError whose message names the
// parameter, and the module keeps computing correctly afterwards (no WASM abort, no hang, no silent NaN).
//
// Classes: a value of the wrong JS type (string, object, undefined/missing, null) must be a TypeError; a number
// out of range (zero/negative sizes, base <= 1, out-of-table positions, wrong array lengths, sizes that would not
// fit in memory) must be a RangeError. For NaN/Infinity, non-integers and unknown enum strings either class is
// accepted (both readings are common).
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertClose, assertThrowsNamed, EITHER } from './helpers.mjs';

const SIN = fixture('sinusoidal.json').cases.find((c) => c.name.startsWith('20x32 base 10000 (interleaved)'));
const T = TypeError, R = RangeError;

for (const [buildName, pe] of await builds()) {
  const healthy = (label) => {
    const out = pe.sinusoidal(SIN.params);
    assertClose(out, SIN.expected, { abs: 2.5e-7 }, `still correct after: ${label}`);
  };
  // bad(label, fn, classes, pattern): assert the throw, then that the module still computes correctly
  // Failures are collected so that one report lists every bad input a function lets through.
  let fails = [];
  const bad = (label, fn, classes, pattern) => {
    try {
      assertThrowsNamed(fn, classes, pattern, label);
    } catch (e) {
      fails.push(e.message);
    }
    healthy(label);
  };
  const check = (name, body) =>
    test(name, () => {
      fails = [];
      body();
      assert.deepEqual(fails, [], `${fails.length} bad input(s) not rejected as expected:\n  ${fails.join('\n  ')}`);
    });

  describe(`bad input [${buildName}]`, { timeout: 60_000 }, () => {
    check('sinusoidal', () => {
      const ok = { length: 4, dModel: 8 };
      bad('no options', () => pe.sinusoidal(), T, /options|length|dModel/);
      for (const [name, values] of [['length', ['10', {}, null, undefined]], ['dModel', ['8', [8], null, undefined]]]) {
        for (const v of values) bad(`${name} ${String(v)}`, () => pe.sinusoidal({ ...ok, [name]: v }), T, new RegExp(name));
        for (const v of [NaN, Infinity, -Infinity, 2.5]) bad(`${name} ${v}`, () => pe.sinusoidal({ ...ok, [name]: v }), EITHER, new RegExp(name));
        for (const v of [0, -3]) bad(`${name} ${v}`, () => pe.sinusoidal({ ...ok, [name]: v }), R, new RegExp(name));
      }
      bad('missing length', () => pe.sinusoidal({ dModel: 8 }), T, /length/);
      bad('missing dModel', () => pe.sinusoidal({ length: 8 }), T, /dModel/);
      bad('base string', () => pe.sinusoidal({ ...ok, base: '100' }), T, /base/);
      for (const v of [NaN, Infinity]) bad(`base ${v}`, () => pe.sinusoidal({ ...ok, base: v }), EITHER, /base/);
      for (const v of [1, 0.5, 0, -10]) bad(`base ${v}`, () => pe.sinusoidal({ ...ok, base: v }), R, /base/);
      bad('offset string', () => pe.sinusoidal({ ...ok, offset: 'x' }), T, /offset/);
      for (const v of [NaN, Infinity, 1.5]) bad(`offset ${v}`, () => pe.sinusoidal({ ...ok, offset: v }), EITHER, /offset/);
      bad('layout unknown', () => pe.sinusoidal({ ...ok, layout: 'sideways' }), EITHER, /layout/);
      bad('layout number', () => pe.sinusoidal({ ...ok, layout: 1 }), EITHER, /layout/);
      bad('1e9 x 1e9', () => pe.sinusoidal({ length: 1e9, dModel: 1e9 }), R, /length|dModel/);
      bad('2^30 x 4 (16 GB)', () => pe.sinusoidal({ length: 2 ** 30, dModel: 4 }), R, /length|dModel/);
      bad('1e6 x 1e5 (400 GB)', () => pe.sinusoidal({ length: 1e6, dModel: 1e5 }), R, /length|dModel/);
      bad('into too short', () => pe.sinusoidal({ ...ok, into: new Float32Array(31) }), R, /into/);
      bad('into too long', () => pe.sinusoidal({ ...ok, into: new Float32Array(33) }), R, /into/);
      bad('into Float64Array', () => pe.sinusoidal({ ...ok, into: new Float64Array(32) }), T, /into/);
      bad('into plain array', () => pe.sinusoidal({ ...ok, into: new Array(32).fill(0) }), T, /into/);
    });

    check('learned', () => {
      const ok = { maxLength: 16, dModel: 8 };
      for (const name of ['maxLength', 'dModel']) {
        for (const v of ['16', {}, null]) bad(`${name} ${String(v)}`, () => pe.learned({ ...ok, [name]: v }), T, new RegExp(name));
        for (const v of [NaN, Infinity, 1.5]) bad(`${name} ${v}`, () => pe.learned({ ...ok, [name]: v }), EITHER, new RegExp(name));
        for (const v of [0, -1]) bad(`${name} ${v}`, () => pe.learned({ ...ok, [name]: v }), R, new RegExp(name));
      }
      bad('missing maxLength', () => pe.learned({ dModel: 8 }), T, /maxLength/);
      bad('std string', () => pe.learned({ ...ok, std: '0.02' }), T, /std/);
      for (const v of [NaN, Infinity]) bad(`std ${v}`, () => pe.learned({ ...ok, std: v }), EITHER, /std/);
      bad('std negative', () => pe.learned({ ...ok, std: -0.02 }), R, /std/);
      bad('seed string', () => pe.learned({ ...ok, seed: 'abc' }), T, /seed/);
      for (const v of [NaN, 1.5, Infinity]) bad(`seed ${v}`, () => pe.learned({ ...ok, seed: v }), EITHER, /seed/);
      bad('positions string', () => pe.learned({ ...ok, positions: 'abc' }), T, /positions/);
      bad('positions beyond', () => pe.learned({ ...ok, positions: [3, 16] }), R, /positions/);
      bad('positions negative', () => pe.learned({ ...ok, positions: [-1] }), R, /positions/);
      for (const v of [1.5, NaN]) bad(`positions [${v}]`, () => pe.learned({ ...ok, positions: [v] }), EITHER, /positions/);
      bad('1e9 x 1e9', () => pe.learned({ maxLength: 1e9, dModel: 1e9 }), R, /maxLength|dModel/);
      bad('into wrong length', () => pe.learned({ ...ok, into: new Float32Array(10) }), R, /into/);
    });

    check('compare', () => {
      const a = [1, 2, 3];
      bad('a string', () => pe.compare('abc', a), T, /\ba\b/);
      bad('a undefined', () => pe.compare(undefined, a), T, /\ba\b/);
      bad('b object', () => pe.compare(a, {}), T, /\bb\b/);
      bad('b missing', () => pe.compare(a), T, /\bb\b/);
      bad('lengths differ', () => pe.compare(a, [1, 2]), R, /\bb\b|length/);
      bad('empty', () => pe.compare([], []), R, /\ba\b|length|empty/);
      bad('NaN in a', () => pe.compare([1, NaN, 3], a), EITHER, /\ba\b/);
      bad('Infinity in b', () => pe.compare(a, [1, Infinity, 3]), EITHER, /\bb\b/);
      bad('string element', () => pe.compare(['1', 2, 3], a), EITHER, /\ba\b/);
      bad('null element', () => pe.compare(a, [1, null, 3]), EITHER, /\bb\b/);
      bad('boolean element', () => pe.compare([true, 2, 3], a), EITHER, /\ba\b/);
    });

    check('similarity', () => {
      const t = new Float32Array(12);
      const ok = { length: 3, dModel: 4 };
      bad('table string', () => pe.similarity('abc', ok), T, /table/);
      bad('table undefined', () => pe.similarity(undefined, ok), T, /table/);
      bad('table length mismatch', () => pe.similarity(new Float32Array(10), ok), R, /table|length|dModel/);
      bad('metric unknown', () => pe.similarity(t, { ...ok, metric: 'manhattan' }), EITHER, /metric/);
      for (const name of ['length', 'dModel']) {
        bad(`${name} string`, () => pe.similarity(t, { ...ok, [name]: '3' }), T, new RegExp(name));
        bad(`${name} 0`, () => pe.similarity(t, { ...ok, [name]: 0 }), R, new RegExp(name));
        bad(`${name} 2.5`, () => pe.similarity(t, { ...ok, [name]: 2.5 }), EITHER, new RegExp(name));
      }
      bad('missing options', () => pe.similarity(t), T, /options|length|dModel/);
      bad('NaN in table', () => pe.similarity(Float32Array.from([1, 2, NaN, 4, 5, 6, 7, 8, 9, 10, 11, 12]), ok), EITHER, /table/);
      // the input (4 MB) is fine, the L x L output (4 TB) is not
      bad('L x L output too big', () => pe.similarity(new Float32Array(1e6), { length: 1e6, dModel: 1 }), R, /length/);
      bad('into wrong length', () => pe.similarity(t, { ...ok, into: new Float32Array(8) }), R, /into/);
    });

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

    check('alibi', () => {
      bad('slopes()', () => pe.alibi.slopes(), T, /heads/);
      bad('slopes string', () => pe.alibi.slopes('8'), T, /heads/);
      for (const v of [0, -4]) bad(`slopes ${v}`, () => pe.alibi.slopes(v), R, /heads/);
      for (const v of [2.5, NaN, Infinity]) bad(`slopes ${v}`, () => pe.alibi.slopes(v), EITHER, /heads/);
      bad('slopes 1e12 (output too big)', () => pe.alibi.slopes(1e12), R, /heads/);
      const ok = { heads: 4, length: 6 };
      for (const name of ['heads', 'length']) {
        bad(`bias ${name} string`, () => pe.alibi.bias({ ...ok, [name]: '4' }), T, new RegExp(name));
        bad(`bias ${name} 0`, () => pe.alibi.bias({ ...ok, [name]: 0 }), R, new RegExp(name));
        bad(`bias ${name} -1`, () => pe.alibi.bias({ ...ok, [name]: -1 }), R, new RegExp(name));
        bad(`bias ${name} 1.5`, () => pe.alibi.bias({ ...ok, [name]: 1.5 }), EITHER, new RegExp(name));
      }
      bad('bias causal string', () => pe.alibi.bias({ ...ok, causal: 'yes' }), T, /causal/);
      bad('bias too big', () => pe.alibi.bias({ heads: 1e5, length: 1e5 }), R, /heads|length/);
      bad('bias into wrong length', () => pe.alibi.bias({ ...ok, into: new Float32Array(6 * 6) }), R, /into/);
    });

    check('t5', () => {
      bad('bucket()', () => pe.t5.bucket(), T, /relativePosition/);
      bad('bucket string', () => pe.t5.bucket('3'), T, /relativePosition/);
      for (const v of [1.5, NaN, Infinity]) bad(`bucket ${v}`, () => pe.t5.bucket(v), EITHER, /relativePosition/);
      for (const v of [0, -2]) bad(`numBuckets ${v}`, () => pe.t5.bucket(3, { numBuckets: v }), R, /numBuckets/);
      bad('numBuckets 2.5', () => pe.t5.bucket(3, { numBuckets: 2.5 }), EITHER, /numBuckets/);
      bad('numBuckets string', () => pe.t5.bucket(3, { numBuckets: '32' }), T, /numBuckets/);
      for (const v of [0, -5]) bad(`maxDistance ${v}`, () => pe.t5.bucket(3, { maxDistance: v }), R, /maxDistance/);
      bad('maxDistance NaN', () => pe.t5.bucket(3, { maxDistance: NaN }), EITHER, /maxDistance/);
      bad('bidirectional string', () => pe.t5.bucket(3, { bidirectional: 'yes' }), T, /bidirectional/);
      const ok = { queryLength: 5, keyLength: 7, bidirectional: true, numBuckets: 32, maxDistance: 128 };
      for (const name of ['queryLength', 'keyLength']) {
        bad(`buckets ${name} 0`, () => pe.t5.buckets({ ...ok, [name]: 0 }), R, new RegExp(name));
        bad(`buckets ${name} -1`, () => pe.t5.buckets({ ...ok, [name]: -1 }), R, new RegExp(name));
        bad(`buckets ${name} 1.5`, () => pe.t5.buckets({ ...ok, [name]: 1.5 }), EITHER, new RegExp(name));
        bad(`buckets ${name} string`, () => pe.t5.buckets({ ...ok, [name]: '5' }), T, new RegExp(name));
      }
      bad('buckets too big', () => pe.t5.buckets({ ...ok, queryLength: 1e6, keyLength: 1e6 }), R, /queryLength|keyLength/);
      bad('buckets into Float32Array', () => pe.t5.buckets({ ...ok, into: new Float32Array(35) }), T, /into/);
      bad('buckets into wrong length', () => pe.t5.buckets({ ...ok, into: new Int32Array(34) }), R, /into/);
    });

    check('positionIds', () => {
      const rob = { convention: 'roberta', padTokenId: 1 };
      bad('ids string', () => pe.positionIds('abc', rob), T, /ids/);
      bad('ids undefined', () => pe.positionIds(undefined, rob), T, /ids/);
      bad('no options', () => pe.positionIds([0, 1, 2]), T, /options|convention/);
      bad('convention unknown', () => pe.positionIds([0, 1, 2], { convention: 'gpt2' }), EITHER, /convention/);
      bad('roberta without padTokenId', () => pe.positionIds([0, 1, 2], { convention: 'roberta' }), EITHER, /padTokenId/);
      bad('padTokenId 1.5', () => pe.positionIds([0, 1, 2], { ...rob, padTokenId: 1.5 }), EITHER, /padTokenId/);
      bad('padTokenId string', () => pe.positionIds([0, 1, 2], { ...rob, padTokenId: '1' }), T, /padTokenId/);
      bad('pastLength -1', () => pe.positionIds([0, 1, 2], { ...rob, pastLength: -1 }), R, /pastLength/);
      // 2^30 + 2^30 + 2 ids used to wrap to negative int32 ids
      bad('padTokenId + pastLength beyond int32', () => pe.positionIds([5, 6], { ...rob, padTokenId: 2 ** 30, pastLength: 2 ** 30 }), R, /padTokenId \+ pastLength/);
      bad('pastLength 2.5', () => pe.positionIds([0, 1, 2], { ...rob, pastLength: 2.5 }), EITHER, /pastLength/);
      bad('ids non-integer', () => pe.positionIds([0, 1.5, 2], rob), EITHER, /ids/);
      bad('ids NaN', () => pe.positionIds([0, NaN, 2], rob), EITHER, /ids/);
      bad('ids string element', () => pe.positionIds(['5', 1], rob), EITHER, /ids/);
      bad('mask string', () => pe.positionIds('110', { convention: 'generation' }), T, /mask|ids/);
      bad('mask non-integer', () => pe.positionIds([1, 0.5, 1], { convention: 'generation' }), EITHER, /mask|ids/);
    });

    check('attention', () => {
      const L = 3, H = 2, D = 4, n = L * H * D;
      const q = new Float32Array(n), k = new Float32Array(n), v = new Float32Array(n);
      const ok = { q, k, v, seqLen: L, heads: H, headDim: D };
      bad('no options', () => pe.attention(), T, /options|\bq\b/);
      bad('q string', () => pe.attention({ ...ok, q: 'abc' }), T, /\bq\b/);
      bad('k missing', () => pe.attention({ ...ok, k: undefined }), T, /\bk\b/);
      bad('v object', () => pe.attention({ ...ok, v: {} }), T, /\bv\b/);
      bad('q length', () => pe.attention({ ...ok, q: new Float32Array(n - 1) }), R, /\bq\b/);
      bad('k length', () => pe.attention({ ...ok, k: new Float32Array(n + 4) }), R, /\bk\b/);
      bad('v length', () => pe.attention({ ...ok, v: new Float32Array(n * 2) }), R, /\bv\b/);
      bad('q NaN', () => pe.attention({ ...ok, q: Float32Array.from(q, (_, i) => (i ? 0 : NaN)) }), EITHER, /\bq\b/);
      // as models run it: grouped heads, keys longer than queries, scale, soft-capping
      bad('kvHeads not a divisor', () => pe.attention({ ...ok, kvHeads: 3 }), R, /kvHeads must divide heads/);
      bad('kvHeads 0', () => pe.attention({ ...ok, kvHeads: 0 }), R, /kvHeads/);
      bad('k for kvHeads 1 has the wrong length', () => pe.attention({ ...ok, kvHeads: 1 }), R, /\bk must have 12 elements \(keyLength x kvHeads x headDim\)/);
      bad('keyLength 0', () => pe.attention({ ...ok, keyLength: 0 }), R, /keyLength/);
      bad('keyLength 5 with k for 3', () => pe.attention({ ...ok, keyLength: 5 }), R, /\bk\b/);
      bad('bias for seqLen x seqLen when keys are longer', () => pe.attention({ ...ok, keyLength: 4, k: new Float32Array(4 * H * D), v: new Float32Array(4 * H * D), bias: new Float32Array(L * L) }), R, /bias must have heads x seqLen x keyLength/);
      bad('scale 0', () => pe.attention({ ...ok, scale: 0 }), R, /scale/);
      bad('scale NaN', () => pe.attention({ ...ok, scale: NaN }), EITHER, /scale/);
      bad('scale string', () => pe.attention({ ...ok, scale: '0.5' }), T, /scale/);
      bad('softcap -1', () => pe.attention({ ...ok, softcap: -1 }), R, /softcap/);
      bad('softcap Infinity', () => pe.attention({ ...ok, softcap: Infinity }), EITHER, /softcap/);
      for (const name of ['seqLen', 'heads', 'headDim']) {
        bad(`${name} 0`, () => pe.attention({ ...ok, [name]: 0 }), R, new RegExp(name));
        bad(`${name} 1.5`, () => pe.attention({ ...ok, [name]: 1.5 }), EITHER, new RegExp(name));
        bad(`${name} string`, () => pe.attention({ ...ok, [name]: '2' }), T, new RegExp(name));
      }
      bad('bias wrong length', () => pe.attention({ ...ok, bias: new Float32Array(7) }), R, /bias/);
      bad('bias string', () => pe.attention({ ...ok, bias: 'abc' }), T, /bias/);
      bad('bias NaN', () => pe.attention({ ...ok, bias: new Float32Array(L * L).fill(NaN) }), EITHER, /bias/);
      bad('causal string', () => pe.attention({ ...ok, causal: 'yes' }), T, /causal/);
    });

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

    check('values beyond what float32 holds are named as such', () => {
      bad('x 1e39', () => pe.rope.apply([1e39, 0, 0, 0], { seqLen: 1, heads: 1, headDim: 4 }), R, /^x\[row 0, head 0, channel 0\] is Infinity: each value of x must be a finite number within float32's range/);
      // a NaN is named where it sits in the tensor, not by a flat index
      const withNaN = new Float32Array(4 * 2 * 8);
      withNaN[2 * 16 + 8 + 3] = NaN;
      bad('x NaN at row 2, head 1, channel 3', () => pe.rope.apply(withNaN, { seqLen: 4, heads: 2, headDim: 8 }), R, /^x\[row 2, head 1, channel 3\] is NaN/);
      bad('a 1e39', () => pe.compare(Float64Array.of(1, -1e39), [1, 2]), R, /^a\[1\] must be a finite number within float32's range/);
      bad('euclidean 6e38', () => pe.similarity([3e38, 3e38, 3e38, -3e38], { length: 2, dModel: 2, metric: 'euclidean' }), R,
        /^table: the Euclidean distance of rows 0 and 1 is 6\.0000\d*e\+38, beyond float32's range/);
      bad('dot 1.8e39', () => pe.similarity([3e19, 3e19, 1, 1], { length: 2, dModel: 2, metric: 'dot', into: new Float32Array(4) }), R,
        /^table: the dot product of rows 0 and 0 is 1\.800000\d*e\+39/);
      assert.deepEqual([...pe.similarity([3e18, 0, 0, 3e18], { length: 2, dModel: 2, metric: 'cosine' })], [1, 0, 0, 1], 'cosine always fits');
    });

    test('a fully masked attention row is an error or finite, never a silent NaN', () => {
      const L = 2, H = 1, D = 2;
      const q = Float32Array.from([1, 0, 0, 1]), k = q.slice(), v = q.slice();
      const bias = Float32Array.from([-Infinity, -Infinity, 0, 0]); // row 0 has nothing to attend to
      let result;
      try {
        result = pe.attention({ q, k, v, seqLen: L, heads: H, headDim: D, bias });
      } catch (e) {
        assert.ok(e instanceof RangeError || e instanceof TypeError, `threw ${e}`);
        assert.match(e.message, /bias/);
        return;
      }
      for (const x of [...result.output, ...result.weights]) assert.ok(!Number.isNaN(x), 'NaN in attention result');
    });
  });

  after(() => healthy('all bad-input tests'));
}

test('null options are a TypeError; getters and Proxies are read in JS, before the engine', async () => {
  const { engine } = await import('./helpers.mjs');
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
  const { engine } = await import('./helpers.mjs');
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
  const { engine } = await import('./helpers.mjs');
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

test('rope.apply: into overlapping x in the same memory is rejected unless it is x itself', async () => {
  const { engine, randomF32 } = await import('./helpers.mjs');
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
