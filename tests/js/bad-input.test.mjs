// Bad input to the engine's calls, each a RangeError or TypeError naming the parameter (the rules are in
// bad-input.mjs): the tables, similarity, the biases, position ids and attention, values beyond float32's
// range. RoPE's calls are in bad-input-rope.test.mjs, option names and how options are read in
// bad-input-options.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { badInputSuites, EITHER, R, T } from './bad-input.mjs';

await badInputSuites('bad input', ({ pe, bad, check }) => {
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
