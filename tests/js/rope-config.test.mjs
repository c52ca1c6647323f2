// pe.rope.fromConfig reads transformers config.json files as published (tests/fixtures/configs.json: the RoPE
// part of fourteen model configs and what transformers >= 4.56 computes from each, in float64, written by
// tests/fixtures/configs_ref.py), and rope.apply takes { config } in place of the RoPE options.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertClose, assertThrowsNamed, randomF32 } from './helpers.mjs';

const F = fixture('configs.json');
const relErr = (a, b) => Math.max(...Array.from(a, (v, i) => Math.abs(v - b[i]) / Math.abs(b[i])));

for (const [buildName, pe] of await builds()) {
  describe(`rope.fromConfig [${buildName}]`, () => {
    test('every published config: type, head, rotary width, base, frequencies and attention factor as transformers computes them', (t) => {
      for (const c of F.cases) {
        const r = pe.rope.fromConfig(c.config, c.seqLen == null ? {} : { seqLen: c.seqLen });
        assert.equal(r.type, c.type, c.name);
        assert.equal(r.headDim, c.headDim, c.name);
        assert.equal(r.rotaryDim, c.rotaryDim, c.name);
        assert.equal(r.base, c.base, c.name);
        assert.equal(r.partialRotaryFactor, c.partialRotaryFactor, c.name);
        assert.ok(r.invFreq instanceof Float64Array, c.name);
        assertClose(r.invFreq, c.invFreq, { rel: 1e-12 }, c.name);
        assertClose([r.attentionFactor], [c.attentionFactor], { rel: 1e-14 }, `${c.name}: attention factor`);
        assert.ok(r.notes.some((n) => n.includes('transformers ≥ 4.56')), `${c.name}: the notes say which rules`);
        assert.equal(r.convention, c.convention, `${c.name}: convention`);
        const { scale, ...counts } = r.attention;
        assert.deepEqual(counts, { heads: c.attention.heads, kvHeads: c.attention.kvHeads, softcap: c.attention.softcap }, `${c.name}: attention heads, softcap`);
        assertClose([scale], [c.attention.scale], { rel: 1e-14 }, `${c.name}: attention scale`);
        // the scaling comes back in posenc's names, ready to pass on
        const again = pe.rope.invFreq({ headDim: r.headDim, base: r.base, partialRotaryFactor: r.partialRotaryFactor, scaling: r.scaling });
        assert.deepEqual(again.invFreq, r.invFreq, `${c.name}: scaling passes on`);
        t.diagnostic(`${c.name.padEnd(44)} invFreq max rel error ${relErr(r.invFreq, c.invFreq).toExponential(1)}, attention factor ${r.attentionFactor}`);
      }
    });

    test('rope.apply with { config } rotates as with the options fromConfig reads', () => {
      for (const c of F.cases.filter((x) => x.seqLen == null)) {
        const r = pe.rope.fromConfig(c.config);
        const x = randomF32(3 * 2 * r.headDim, 5);
        const rest = { seqLen: 3, heads: 2, offset: 1000 };
        const withConfig = pe.rope.apply(x, { ...rest, config: c.config });
        const explicit = pe.rope.apply(x, { ...rest, headDim: r.headDim, base: r.base, partialRotaryFactor: r.partialRotaryFactor, scaling: r.scaling, convention: r.convention });
        assert.deepEqual(withConfig, explicit, c.name);
      }
    });

    test("a model's own layout: DeepSeek's query heads (rotary part last, de-interleaved) and Gemma 2's attention", () => {
      const v3 = F.cases.find((c) => c.name === 'DeepSeek V3').config;
      const r = pe.rope.fromConfig(v3);
      assert.ok(r.notes.some((n) => /headStride 192, channelOffset 128/.test(n)), 'the note says how to rotate q');
      const seqLen = 3, heads = 2, x = randomF32(seqLen * heads * 192, 9);
      const y = pe.rope.apply(x, { config: v3, seqLen, heads, headStride: 192, channelOffset: 128 });
      // the first 128 channels of each head pass through; the last 64 equal the rotary part rotated alone
      const part = new Float32Array(seqLen * heads * 64);
      for (let t = 0; t < seqLen * heads; t++) part.set(x.subarray(t * 192 + 128, t * 192 + 192), t * 64);
      const alone = pe.rope.apply(part, { config: v3, seqLen, heads });
      for (let t = 0; t < seqLen * heads; t++) {
        assert.deepEqual(y.subarray(t * 192, t * 192 + 128), x.subarray(t * 192, t * 192 + 128));
        assert.deepEqual(y.subarray(t * 192 + 128, t * 192 + 192), alone.subarray(t * 64, t * 64 + 64));
      }
      assert.equal(pe.rope.fromConfig({ ...v3, rope_interleave: false }).convention, 'half');
      // Gemma 2's attention from its config: scale 1/16, soft-capped at 50
      const gemma = pe.rope.fromConfig(F.cases.find((c) => c.name === 'Gemma 2 9B').config).attention;
      const q = randomF32(2 * 4 * 2, 1), k = randomF32(2 * 2 * 2, 2), v = randomF32(2 * 2 * 2, 3);
      const capped = pe.attention({ q, k, v, seqLen: 2, heads: 4, headDim: 2, kvHeads: 2, scale: gemma.scale, softcap: gemma.softcap, causal: true });
      assert.equal(gemma.softcap, 50);
      assert.equal(capped.weights.length, 4 * 2 * 2);
    });

    test('what the notes say: Phi-3 lengths, legacy names, the per-layer form', () => {
      const phi3 = F.cases.find((c) => c.name === 'Phi-3 mini 128k (LongRoPE)').config;
      const r = pe.rope.fromConfig(phi3);
      assert.ok(r.notes.some((n) => /max_position_embeddings \/ original_max_position_embeddings = 32/.test(n)));
      assert.equal(r.originalMaxPositionEmbeddings, 4096);
      assert.equal(r.maxPositionEmbeddings, 131072);
      assert.ok(pe.rope.fromConfig({ ...phi3, rope_scaling: { ...phi3.rope_scaling, type: 'su' } }).notes.some((n) => /'su' is read as 'longrope'/.test(n)));
      const layered = { hidden_size: 64, num_attention_heads: 2, layer_types: ['sliding_attention', 'full_attention'], rope_parameters: { sliding_attention: { rope_type: 'default', rope_theta: 10000 }, full_attention: { rope_type: 'linear', factor: 8, rope_theta: 1e6 } } };
      const l = pe.rope.fromConfig(layered);
      assert.equal(l.type, 'linear');
      assert.equal(l.base, 1e6);
      assert.ok(l.notes.some((n) => /one set per layer type \(sliding_attention, full_attention\): each layer reads its own/.test(n)));
      assert.deepEqual(l.layers.map((x) => [x.attention, x.rope]), [['sliding', 1], ['full', 0]]);
      assert.equal(l.ropes[1].base, 10000);
      const extra = pe.rope.fromConfig({ hidden_size: 64, num_attention_heads: 2, rope_scaling: { type: 'linear', factor: 2, low_freq_factor: 1 } });
      assert.ok(extra.notes.some((n) => /low_freq_factor is not read by linear RoPE/.test(n)));
    });

    test('what it cannot read is a named TypeError/RangeError', () => {
      const llama = F.cases.find((c) => c.name === 'Llama 3.1 8B').config;
      const cases = [
        [() => pe.rope.fromConfig(null), TypeError, /^config must be an object/],
        [() => pe.rope.fromConfig('{"rope_theta": 1}'), TypeError, /^config must be an object/],
        [() => pe.rope.fromConfig({ rope_theta: 1e4 }), TypeError, /head_dim, or hidden_size and num_attention_heads/],
        [() => pe.rope.fromConfig({ ...llama, rope_scaling: { ...llama.rope_scaling, rope_type: 'fope' } }), RangeError, /^rope_scaling\.rope_type 'fope' is not a RoPE type posenc computes \(it knows default, linear/],
        [() => pe.rope.fromConfig({ ...llama, rope_scaling: { ...llama.rope_scaling, factor: '8' } }), TypeError, /^rope_scaling\.factor must be a number greater than 0 and at most 1000000 \(got '8'\)$/],
        [() => pe.rope.fromConfig({ ...llama, rope_theta: null, rope_scaling: 7 }), TypeError, /^rope_scaling must be an object/],
        [() => pe.rope.fromConfig({ ...llama, head_dim: 64.5 }), RangeError, /^head_dim must be an integer/],
        [() => pe.rope.fromConfig({ ...llama, rope_scaling: { rope_type: 'llama3', factor: 8 } }), RangeError, /^rope_scaling\.low_freq_factor is required for this scaling type$/],
        [() => pe.rope.fromConfig(llama, { seq_len: 5 }), TypeError, /^seq_len is not an option of rope\.fromConfig/],
        [() => pe.rope.apply(new Float32Array(128), { seqLen: 1, heads: 1, headDim: 128, config: llama }), TypeError, /^rope\.apply takes config or headDim, not both/],
      ];
      for (const [fn, Kind, pattern] of cases) assertThrowsNamed(fn, Kind, pattern);
      // and the engine still computes
      assertClose(pe.rope.fromConfig(llama).invFreq, F.cases[0].invFreq, { rel: 1e-12 }, 'after the errors');
    });
  });
}
