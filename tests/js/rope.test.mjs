import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertClose, assertThrowsNamed, randomF32 } from './helpers.mjs';

const F = fixture('rope.json');

function headNorms(y, seqLen, heads, headDim, from, to) {
  const out = [];
  for (let s = 0; s < seqLen; s++) {
    for (let h = 0; h < heads; h++) {
      let q = 0;
      const o = (s * heads + h) * headDim;
      for (let k = from; k < to; k++) q += y[o + k] ** 2;
      out.push(Math.sqrt(q));
    }
  }
  return out;
}

function dot(a, b) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

for (const [buildName, pe] of await builds()) {
  describe(`rope.invFreq [${buildName}]`, () => {
    for (const c of F.invFreq) {
      test(`fixture: ${c.name}`, () => {
        const r = pe.rope.invFreq(c.params);
        assert.ok(r.invFreq instanceof Float64Array, 'invFreq is a Float64Array');
        assert.equal(typeof r.attentionFactor, 'number');
        assertClose(r.invFreq, c.invFreq, { rel: 1e-10 }, c.name);
        assertClose([r.attentionFactor], [c.attentionFactor], { rel: 1e-12 }, `${c.name} attentionFactor`);
      });
    }

    test('defaults: base 10000, partialRotaryFactor 1, no scaling', () => {
      const a = pe.rope.invFreq({ headDim: 128 });
      const ref = F.invFreq.find((c) => c.name === 'default 128');
      assertClose(a.invFreq, ref.invFreq, { rel: 1e-10 }, 'default');
      assert.equal(a.attentionFactor, 1);
    });

    test('LongRoPE without factor or both lengths is an error naming the missing key, not attention factor 1 (Phi-3)', () => {
      // Phi-3-mini-128k: 48 pairs, pretrained on 4096 positions, extended to 131072
      const lists = { shortFactor: new Array(48).fill(1), longFactor: new Array(48).fill(1) };
      const phi3 = { type: 'longrope', originalMaxPositionEmbeddings: 4096, ...lists };
      assertThrowsNamed(() => pe.rope.invFreq({ headDim: 96, scaling: phi3 }), RangeError, /^scaling\.maxPositionEmbeddings is required/);
      const r = pe.rope.invFreq({ headDim: 96, scaling: { ...phi3, maxPositionEmbeddings: 131072 } });
      assertClose([r.attentionFactor], [Math.sqrt(1 + Math.log(32) / Math.log(4096))], { rel: 1e-14 }, 'the ratio sets it: 1.19024');
      assertThrowsNamed(() => pe.rope.invFreq({ headDim: 96, scaling: { type: 'longrope', maxPositionEmbeddings: 131072, ...lists } }), RangeError, /^scaling\.factor is required/);
      assert.equal(pe.rope.invFreq({ headDim: 96, scaling: { ...phi3, attentionFactor: 1.25 } }).attentionFactor, 1.25);
    });

    test('float64 invFreq is closer to exact than transformers float32', () => {
      const c = F.invFreq.find((x) => x.name === 'default 128');
      const r = pe.rope.invFreq(c.params);
      let ours = 0;
      let hf = 0;
      for (let i = 0; i < c.invFreq.length; i++) {
        ours = Math.max(ours, Math.abs(r.invFreq[i] - c.invFreq[i]) / c.invFreq[i]);
        hf = Math.max(hf, Math.abs(c.hfFloat32[i] - c.invFreq[i]) / c.invFreq[i]);
      }
      assert.ok(ours < 1e-12 && hf > 1e-9, `relative error posenc ${ours}, transformers float32 ${hf}`);
    });
  });

  describe(`rope.apply [${buildName}]`, () => {
    for (const c of F.apply) {
      test(`fixture: ${c.name}`, () => {
        const x = Float32Array.from(c.x);
        const before = x.slice();
        const y = pe.rope.apply(x, c.params);
        assert.ok(y instanceof Float32Array, 'returns a Float32Array');
        assert.notEqual(y, x, 'returns a new array (x is input only)');
        assert.deepEqual(x, before, 'x is not modified');
        assertClose(y, c.expected, { abs: c.tolerance }, c.name);
        if (c.hfFloat32MaxError !== undefined) {
          let err = 0;
          for (let i = 0; i < y.length; i++) err = Math.max(err, Math.abs(y[i] - c.expected[i]));
          assert.ok(err * 1000 < c.hfFloat32MaxError, `posenc ${err} vs transformers float32 ${c.hfFloat32MaxError}`);
        }
      });
    }

    test('partial rotary: channels beyond dim pass through bit-exactly', () => {
      const seqLen = 3, heads = 2, headDim = 16;
      const x = randomF32(seqLen * heads * headDim, 11);
      for (const convention of ['half', 'interleaved']) {
        const y = pe.rope.apply(x, { seqLen, heads, headDim, partialRotaryFactor: 0.5, convention, offset: 17 });
        for (let s = 0; s < seqLen * heads; s++) {
          for (let k = 8; k < 16; k++) assert.equal(y[s * 16 + k], x[s * 16 + k], `${convention} pass-through`);
        }
      }
    });

    test('position 0 with offset 0 is the identity', () => {
      const x = randomF32(1 * 4 * 32, 12);
      for (const convention of ['half', 'interleaved']) {
        const y = pe.rope.apply(x, { seqLen: 1, heads: 4, headDim: 32, convention });
        assertClose(y, x, { abs: 0 }, `${convention} identity at position 0`);
      }
    });

    test('rotation preserves norms (both conventions, large offsets)', () => {
      const seqLen = 64, heads = 4, headDim = 64;
      const x = randomF32(seqLen * heads * headDim, 13);
      const n0 = headNorms(x, seqLen, heads, headDim, 0, headDim);
      for (const convention of ['half', 'interleaved']) {
        for (const offset of [0, 12345, 1_000_000]) {
          const y = pe.rope.apply(x, { seqLen, heads, headDim, convention, offset });
          const n1 = headNorms(y, seqLen, heads, headDim, 0, headDim);
          assertClose(n1, n0, { rel: 2e-6 }, `${convention} offset ${offset}`);
        }
      }
    });

    test('with yarn scaling the rotary part is scaled by the attention factor', () => {
      const seqLen = 8, heads = 2, headDim = 32;
      const scaling = { type: 'yarn', factor: 4, originalMaxPositionEmbeddings: 256 };
      const af = pe.rope.invFreq({ headDim, scaling }).attentionFactor;
      assert.ok(Math.abs(af - (0.1 * Math.log(4) + 1)) < 1e-12);
      const x = randomF32(seqLen * heads * headDim, 14);
      const y = pe.rope.apply(x, { seqLen, heads, headDim, scaling, partialRotaryFactor: 0.5, offset: 300 });
      const n0 = headNorms(x, seqLen, heads, headDim, 0, 16).map((v) => v * af);
      assertClose(headNorms(y, seqLen, heads, headDim, 0, 16), n0, { rel: 2e-6 }, 'rotary part scaled');
      for (let i = 0; i < seqLen * heads; i++) {
        for (let k = 16; k < 32; k++) assert.equal(y[i * 32 + k], x[i * 32 + k], 'pass-through part untouched');
      }
    });

    test('<R(m)q, R(n)k> depends only on m - n', () => {
      const headDim = 64;
      const q = randomF32(headDim, 21);
      const k = randomF32(headDim, 22);
      const scale = Math.sqrt(dot(q, q) * dot(k, k));
      for (const convention of ['half', 'interleaved']) {
        for (const delta of [0, 1, 7, 100]) {
          const vals = [];
          for (const n of [0, 3, 1000, 65536, 999_000]) {
            const rq = pe.rope.apply(q, { seqLen: 1, heads: 1, headDim, offset: n + delta, convention });
            const rk = pe.rope.apply(k, { seqLen: 1, heads: 1, headDim, offset: n, convention });
            vals.push(dot(rq, rk));
          }
          for (const v of vals) {
            assert.ok(Math.abs(v - vals[0]) < 2e-6 * scale, `${convention} m-n=${delta}: ${vals.join(', ')}`);
          }
        }
      }
    });

    test('KV-cache consistency: row s of apply(offset o) == apply(single row, offset o+s)', () => {
      const seqLen = 6, heads = 3, headDim = 16;
      const x = randomF32(seqLen * heads * headDim, 31);
      for (const convention of ['half', 'interleaved']) {
        const y = pe.rope.apply(x, { seqLen, heads, headDim, offset: 500, convention });
        for (let s = 0; s < seqLen; s++) {
          const row = x.subarray(s * heads * headDim, (s + 1) * heads * headDim);
          const yr = pe.rope.apply(row, { seqLen: 1, heads, headDim, offset: 500 + s, convention });
          assertClose(yr, y.subarray(s * heads * headDim, (s + 1) * heads * headDim), { abs: 2.5e-7 }, `${convention} row ${s}`);
        }
      }
    });

    test('half and interleaved agree after permuting channels', () => {
      // interleaved pair (2i, 2i+1) <-> half pair (i, i + d/2)
      const seqLen = 4, heads = 1, headDim = 16, half = 8;
      const xi = randomF32(seqLen * headDim, 41);
      const xh = new Float32Array(xi.length);
      for (let s = 0; s < seqLen; s++) {
        for (let i = 0; i < half; i++) {
          xh[s * headDim + i] = xi[s * headDim + 2 * i];
          xh[s * headDim + half + i] = xi[s * headDim + 2 * i + 1];
        }
      }
      const yi = pe.rope.apply(xi, { seqLen, heads, headDim, convention: 'interleaved', offset: 9 });
      const yh = pe.rope.apply(xh, { seqLen, heads, headDim, convention: 'half', offset: 9 });
      const back = new Float32Array(yi.length);
      for (let s = 0; s < seqLen; s++) {
        for (let i = 0; i < half; i++) {
          back[s * headDim + 2 * i] = yh[s * headDim + i];
          back[s * headDim + 2 * i + 1] = yh[s * headDim + half + i];
        }
      }
      assertClose(back, yi, { abs: 1e-7 }, 'convention permutation');
    });

    // The finiteness check runs row by row inside the rotation: the message must still name the exact
    // element, rows before it must be rotated, and a pe.buffer rotated in place keeps the bad row and
    // everything after it untouched.
    test('a NaN or Infinity deep in x is named by row, head and channel, for arrays and pe.buffers, in place or not', () => {
      const seqLen = 1500, heads = 3, headDim = 16, row = heads * headDim, shape = { seqLen, heads, headDim };  // 3 chunks
      const x = randomF32(seqLen * row, 17);
      const clean = pe.rope.apply(x, shape);
      const badRow = 1400, bad = badRow * row + 21;
      for (const value of [NaN, -Infinity]) {
        const y = x.slice();
        y[bad] = value;
        // element 21 of row 1400: head 1, channel 5 (as the tensor is shaped, not the flat index)
        const message = new RegExp(`x\\[row ${badRow}, head 1, channel 5\\] is ${Number.isNaN(value) ? 'NaN' : '-Infinity'}: each value of x must be a finite number`);
        const into = new Float32Array(y.length);
        assert.throws(() => pe.rope.apply(y, { ...shape, into }), message);
        assert.deepEqual(into.subarray(0, badRow * row), clean.subarray(0, badRow * row));
        const buffer = pe.buffer(y.length);
        try {
          buffer.array.set(y);
          assert.throws(() => pe.rope.apply(buffer, { ...shape, into: buffer }), message);
          assert.deepEqual(buffer.array.subarray(0, badRow * row), clean.subarray(0, badRow * row));
          assert.deepEqual(buffer.array.subarray(badRow * row), y.subarray(badRow * row));
        } finally {
          buffer.free();
        }
      }
      assert.deepEqual(pe.rope.apply(x, shape), clean, 'the module keeps working');
    });
  });
}
