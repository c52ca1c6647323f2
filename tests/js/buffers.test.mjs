// pe.buffer: engine-memory arrays read and written in place. Every path must give bit-identical results to
// the JS-array path, and misuse (freed buffers, stale or foreign views, overlaps, forged refs) must be a
// named TypeError/RangeError that leaves the engine working.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, engine, randomF32, assertThrowsNamed } from './helpers.mjs';
import { schemaCalls } from './schema-calls.mjs';

const pe = await engine();

const sameBits = (actual, expected, label) => {
  assert.equal(actual.length, expected.length, `${label}: length`);
  for (let i = 0; i < expected.length; i++)
    if (!Object.is(actual[i], expected[i])) assert.fail(`${label}: element ${i} is ${actual[i]}, expected ${expected[i]}`);
};

// A buffer holding a copy of `values`.
function bufferOf(api, values) {
  const b = api.buffer(values.length);
  b.array.set(values);
  return b;
}

describe('pe.buffer basics', () => {
  test('a zeroed Float32Array view of the requested length; free() is idempotent', () => {
    const b = pe.buffer(100);
    assert.equal(b.length, 100);
    assert.ok(b.array instanceof Float32Array);
    assert.equal(b.array.length, 100);
    assert.ok(b.array.every((v) => v === 0));
    assert.equal(b.array, b.array, 'the same view while memory has not grown');
    assert.equal(b.freed, false);
    b.free();
    b.free();
    assert.equal(b.freed, true);
    assertThrowsNamed(() => b.array, TypeError, /freed/);
  });

  test('Symbol.dispose frees the buffer (for `using`)', { skip: typeof Symbol.dispose !== 'symbol' }, () => {
    const b = pe.buffer(3);
    b[Symbol.dispose]();
    assert.equal(b.freed, true);
  });

  test('lengths are validated', () => {
    for (const bad of [0, -1, 2 ** 28 + 1, NaN, Infinity]) assertThrowsNamed(() => pe.buffer(bad), RangeError, /length/, String(bad));
    assertThrowsNamed(() => pe.buffer(1.5), RangeError, /length must be an integer/);
    for (const bad of ['3', null, undefined, {}, [4], 3n]) assertThrowsNamed(() => pe.buffer(bad), TypeError, /length/, String(bad));
  });

  test('only pe.buffer() makes buffers', () => {
    const b = pe.buffer(1);
    assertThrowsNamed(() => new b.constructor(undefined, 8, 1), TypeError, /pe\.buffer/);
    b.free();
  });

  test('freed memory is reused: allocating and freeing in a loop holds the heap steady', () => {
    const warm = pe.buffer(5000);
    warm.free();
    const before = pe.diagnostics();
    for (let i = 0; i < 2000; i++) pe.buffer(1 + (i % 5000)).free();
    const after = pe.diagnostics();
    assert.equal(after.liveBuffers, before.liveBuffers);
    assert.ok(after.heapInUse - before.heapInUse <= 64 * 1024, `heap grew from ${before.heapInUse} to ${after.heapInUse}`);
  });
});

describe('outputs written in place are bit-identical to the JS-array path', () => {
  const sizes = { length: 300, dModel: 130 };  // several streaming chunks, an odd pair count
  const cases = [
    ['sinusoidal interleaved', sizes.length * sizes.dModel, (into) => pe.sinusoidal({ ...sizes, offset: 12345, into })],
    ['sinusoidal split', sizes.length * sizes.dModel, (into) => pe.sinusoidal({ ...sizes, layout: 'split', into })],
    ['learned', 70 * 33, (into) => pe.learned({ maxLength: 70, dModel: 33, seed: 9, into })],
    ['learned lookup', 4 * 33, (into) => pe.learned({ maxLength: 70, dModel: 33, positions: [0, 69, 3, 3], into })],
    ['similarity', 40 * 40, (into) => pe.similarity(randomF32(40 * 16, 3), { length: 40, dModel: 16, metric: 'euclidean', into })],
    ['alibi.bias', 5 * 9 * 9, (into) => pe.alibi.bias({ heads: 5, length: 9, into })],
    ['rope.apply', 50 * 3 * 24, (into) => pe.rope.apply(randomF32(50 * 3 * 24, 4), { seqLen: 50, heads: 3, headDim: 24, offset: 7, into })],
  ];
  // and every call of the option table that writes floats, with its example options
  for (const c of schemaCalls().filter((c) => c.into === Float32Array)) cases.push([`${c.call} (${c.set})`, c.run(pe).length, (into) => c.run(pe, { into })]);
  for (const [name, n, call] of cases)
    test(name, () => {
      const expected = call(undefined);
      const b = pe.buffer(n);
      assert.equal(call(b), b, 'returns the buffer passed as into');
      sameBits(b.array, expected, name);
      const view = call(b.array);
      assert.ok(view instanceof Float32Array && view.buffer === b.array.buffer, 'a view passed as into comes back as a view');
      sameBits(view, expected, `${name} (view)`);
      b.free();
    });
});

describe('RoPE on buffers: every combination of JS array and buffer, in place included', () => {
  for (const [convention, partialRotaryFactor] of [['half', 1], ['interleaved', 1], ['half', 0.5], ['interleaved', 0.75]])
    test(`${convention}, partial rotary ${partialRotaryFactor}`, () => {
      const shape = { seqLen: 45, heads: 4, headDim: 32, offset: 1000, convention, partialRotaryFactor };
      const x = randomF32(45 * 4 * 32, 8);
      const expected = pe.rope.apply(x, shape);
      const xb = bufferOf(pe, x);
      sameBits(pe.rope.apply(xb, shape), expected, 'buffer in, fresh array out');
      const out = pe.buffer(x.length);
      assert.equal(pe.rope.apply(x, { ...shape, into: out }), out);
      sameBits(out.array, expected, 'array in, buffer out');
      out.array.fill(0);
      pe.rope.apply(xb, { ...shape, into: out });
      sameBits(out.array, expected, 'buffer in, other buffer out');
      sameBits(xb.array, x, 'the input buffer is untouched');
      assert.equal(pe.rope.apply(xb, { ...shape, into: xb }), xb);
      sameBits(xb.array, expected, 'in place');
      xb.free();
      out.free();
    });

  test('into overlapping x without being x is a RangeError; other sub-views work', () => {
    const b = bufferOf(pe, randomF32(2 * 16 + 8, 2));
    const shape = { seqLen: 2, heads: 1, headDim: 16 };
    assertThrowsNamed(
      () => pe.rope.apply(b.array.subarray(0, 32), { ...shape, into: b.array.subarray(8, 40) }),
      RangeError,
      /into must be x itself/,
    );
    const x = b.array.slice(8, 40);
    const expected = pe.rope.apply(x, shape);
    const rotated = pe.rope.apply(b.array.subarray(8, 40), { ...shape, into: b.array.subarray(8, 40) });
    sameBits(rotated, expected, 'sub-view in place');
    b.free();
  });
});

describe('inputs read from buffers', () => {
  test('compare, similarity, attention, positionIds, learned positions and longrope factors', () => {
    const a = randomF32(64, 1), c = randomF32(64, 2);
    const [ab, cb] = [bufferOf(pe, a), bufferOf(pe, c)];
    assert.deepEqual(pe.compare(ab, cb), pe.compare(a, c));
    assert.deepEqual(pe.compare(ab.array.subarray(0, 8), cb.array.subarray(8, 16)), pe.compare(a.subarray(0, 8), c.subarray(8, 16)));
    sameBits(pe.similarity(ab, { length: 8, dModel: 8, metric: 'dot' }), pe.similarity(a, { length: 8, dModel: 8, metric: 'dot' }), 'similarity');

    const q = randomF32(6 * 2 * 4, 5), k = randomF32(48, 6), v = randomF32(48, 7), bias = pe.alibi.bias({ heads: 2, length: 6 });
    const options = { seqLen: 6, heads: 2, headDim: 4 };
    const expected = pe.attention({ ...options, q, k, v, bias });
    const got = pe.attention({ ...options, q: bufferOf(pe, q), k: bufferOf(pe, k), v: bufferOf(pe, v), bias: bufferOf(pe, bias) });
    sameBits(got.output, expected.output, 'attention output');
    sameBits(got.weights, expected.weights, 'attention weights');

    const ids = bufferOf(pe, [0, 5, 1, 1, 7]);
    sameBits(pe.positionIds(ids, { convention: 'roberta', padTokenId: 1 }), pe.positionIds([0, 5, 1, 1, 7], { convention: 'roberta', padTokenId: 1 }), 'ids');
    const positions = bufferOf(pe, [3, 0, 2]);
    sameBits(pe.learned({ maxLength: 4, dModel: 6, positions }), pe.learned({ maxLength: 4, dModel: 6, positions: [3, 0, 2] }), 'positions');

    const factors = Array.from({ length: 8 }, (_, i) => 1 + i / 4);
    const scaling = { type: 'longrope', factor: 4, originalMaxPositionEmbeddings: 4096, shortFactor: factors, longFactor: factors };
    const viaBuffer = { ...scaling, shortFactor: bufferOf(pe, factors), longFactor: bufferOf(pe, factors) };
    sameBits(pe.rope.invFreq({ headDim: 16, scaling: viaBuffer }).invFreq, pe.rope.invFreq({ headDim: 16, scaling }).invFreq, 'factors');
  });

  test('a sinusoidal table in a buffer takes the Toeplitz path and matches the array result', () => {
    const shape = { length: 64, dModel: 32 };
    const b = pe.buffer(64 * 32);
    pe.sinusoidal({ ...shape, into: b });
    sameBits(pe.similarity(b, shape), pe.similarity(pe.sinusoidal(shape), shape), 'cosine similarity');
    b.array[5] += 0.25;  // no longer the table it was made as: the general path, with the changed value
    const changed = b.array.slice();
    sameBits(pe.similarity(b, shape), pe.similarity(changed, shape), 'after a change');
    b.free();
  });

  test('a non-finite value in an input buffer is a RangeError naming its index', () => {
    const b = bufferOf(pe, randomF32(2 * 2 * 8, 1));
    b.array[17] = NaN;
    assertThrowsNamed(() => pe.rope.apply(b, { seqLen: 2, heads: 2, headDim: 8, into: b }), RangeError, /^x\[row 1, head 0, channel 1\] is NaN/);  // element 17: row 1 (16 per row), head 0, channel 1
    b.array[17] = Infinity;
    assertThrowsNamed(() => pe.compare(b, b), RangeError, /a\[17\]/);
    b.free();
  });
});

describe('caller objects are read in JS, never from inside an engine call', () => {
  test('own or subclass methods and a lying length are never used; into comes back as the same object', () => {
    const calls = [];
    const x = randomF32(4 * 2 * 8, 3);
    const expected = pe.rope.apply(x.slice(), { seqLen: 4, heads: 2, headDim: 8 });
    for (const key of ['subarray', 'set', 'slice'])
      x[key] = () => {
        calls.push(key);
        pe.sinusoidal({ length: 16, dModel: 1 << 16 });  // would free the outer call's scratch memory
        throw new Error('called');
      };
    Object.defineProperty(x, 'length', { value: 3 });
    class Spy extends Float32Array {
      set() {
        calls.push('Spy.set');
        throw new Error('called');
      }
    }
    const into = new Spy(4 * 2 * 8);
    const r = pe.rope.apply(x, { seqLen: 4, heads: 2, headDim: 8, into });
    assert.equal(r, into, 'the caller\'s own into object');
    sameBits(Float32Array.from(r), expected, 'rotated');
    assert.deepEqual(calls, []);
    const a = new Float32Array([1, 2, 3, 4]);
    Object.defineProperty(a, 'length', { value: 8 });
    assert.equal(pe.compare(a, [1, 2, 3, 4]).dot, 30, 'the real length, not the own property');
  });

  test('BigInt typed arrays are a named TypeError', () => {
    assertThrowsNamed(() => pe.compare(new BigInt64Array(2), [1, 2]), TypeError, /^a must hold numbers/);
    assertThrowsNamed(() => pe.rope.apply(new BigUint64Array(16), { seqLen: 1, heads: 1, headDim: 16 }), TypeError, /^x must hold numbers/);
  });

  test('a view of a buffer given as into comes back as the same view', () => {
    const b = pe.buffer(4 * 8);
    const view = b.array;
    assert.equal(pe.sinusoidal({ length: 4, dModel: 8, into: view }), view);
    b.free();
  });
});

describe('memory pressure', () => {
  test('freed blocks the pool holds are handed back when a new allocation would not fit', () => {
    const big = [pe.buffer(2 ** 27), pe.buffer(2 ** 27)];  // 1 GiB, then pooled after free()
    for (const b of big) b.free();
    const huge = pe.buffer(2 ** 28);  // 1 GiB more would pass the 2 GiB limit unless the pool lets go
    huge.array[2 ** 28 - 1] = 1;
    huge.free();
    sameBits(pe.sinusoidal({ length: 1, dModel: 2 }), [0, 1], 'still computing');
  });
});

describe('misuse is a named error and the engine keeps working', () => {
  test('freed buffers, stale views, foreign views, forged refs, overlaps, wrong types and lengths', () => {
    const freed = pe.buffer(16);
    freed.free();
    assertThrowsNamed(() => pe.compare(freed, [1]), TypeError, /^a is a pe\.buffer that was freed/);
    assertThrowsNamed(() => pe.sinusoidal({ length: 2, dModel: 8, into: freed }), TypeError, /^into is a pe\.buffer that was freed/);

    const live = pe.buffer(16);
    const whole = new Float32Array(live.array.buffer);  // all of engine memory: not inside one buffer
    assertThrowsNamed(() => pe.compare(whole.subarray(0, 4), [1, 2, 3, 4]), TypeError, /^a is a view of engine memory outside every live pe\.buffer/);
    assertThrowsNamed(() => pe.sinusoidal({ length: 1, dModel: 4, into: whole.subarray(0, 4) }), TypeError, /^into is a view of engine memory outside/);
    assertThrowsNamed(() => pe.compare(new Int32Array(live.array.buffer, live.array.byteOffset, 4), [1, 2, 3, 4]), TypeError, /^a is a view of engine memory that is not a Float32Array/);
    // Only the facade makes buffer refs: a look-alike object is just an object.
    assertThrowsNamed(() => pe.compare({ posencBuffer: 'live', address: live.array.byteOffset, length: 4 }, [1, 2, 3, 4]), TypeError, /^a must be an array, a typed array or a pe\.buffer \(got object\)/);
    assertThrowsNamed(() => pe.sinusoidal({ length: 1, dModel: 4, into: { posencBuffer: 'live', address: live.array.byteOffset + 2, length: 4 } }), TypeError, /^into must be a Float32Array/);
    assertThrowsNamed(() => pe.rope.invFreq({ headDim: 8, scaling: live }), TypeError, /^scaling must be an object \(got a pe\.buffer\)/);
    assertThrowsNamed(() => pe.sinusoidal(live), TypeError, /^options must be an object \(got a pe\.buffer\)/);
    const kept = pe.buffer(8);
    const keptView = kept.array;
    kept.free();
    assertThrowsNamed(() => pe.compare(keptView, keptView), TypeError, /^a is a view of a pe\.buffer that was freed/);

    assertThrowsNamed(() => pe.sinusoidal({ length: 3, dModel: 8, into: live }), RangeError, /^into must have length 24 \(got 16\)/);
    assertThrowsNamed(() => pe.t5.buckets({ queryLength: 4, keyLength: 4, into: live }), TypeError, /^into must be an Int32Array/);
    const int32View = new Int32Array(live.array.buffer, live.array.byteOffset, 16);
    assertThrowsNamed(() => pe.t5.buckets({ queryLength: 4, keyLength: 4, into: int32View }), TypeError, /^into must be an Int32Array outside engine memory/);
    assertThrowsNamed(() => pe.positionIds([1, 2], { convention: 'roberta', padTokenId: 1, into: live }), TypeError, /^into must be an Int32Array/);
    const table = pe.buffer(8 * 8);
    pe.learned({ maxLength: 8, dModel: 8, into: table });
    assertThrowsNamed(() => pe.similarity(table, { length: 8, dModel: 8, into: table }), RangeError, /^into must not overlap table/);

    const old = live.array;
    const big = pe.buffer(2 ** 25);  // 128 MiB: the engine's memory grows, detaching every earlier view
    assert.equal(old.length, 0, 'the old view was detached');
    assertThrowsNamed(() => pe.compare(old, [1]), TypeError, /^a is a view of engine memory from before the memory grew/);
    assert.equal(live.array.length, 16, 'buffer.array is re-made after growth');

    big.free();
    table.free();
    live.free();
    sameBits(pe.sinusoidal({ length: 2, dModel: 2 }), [0, 1, Math.fround(Math.sin(1)), Math.fround(Math.cos(1))], 'still computing');
  });

  test('a buffer belongs to the instance that made it', async () => {
    const all = await builds();
    if (all.length < 2) return;
    const scalar = all[1][1];
    const b = pe.buffer(4);
    assertThrowsNamed(() => scalar.compare(b, [1, 2, 3, 4]), TypeError, /^a must be an array, a typed array or a pe\.buffer/);
    b.free();
  });

  test('the SIMD and scalar builds agree on buffers too', async () => {
    for (const [name, api] of await builds()) {
      const b = api.buffer(16 * 8);
      api.sinusoidal({ length: 16, dModel: 8, offset: 99, into: b });
      sameBits(b.array, api.sinusoidal({ length: 16, dModel: 8, offset: 99 }), name);
      b.free();
    }
  });
});
