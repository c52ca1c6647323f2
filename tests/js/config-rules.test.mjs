// The config readers' field rules (web/src/engine/fields.js, issue 32): each case a tester found, now a short
// TypeError/RangeError naming the config key as the file writes it, in bounded work, with no prototype reached;
// ModernBERT and Command R7B read as transformers' modeling code runs them. hostile-config.test.mjs tries the
// same rules with seeded random configs.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertThrowsNamed, importEngine } from './helpers.mjs';

const MODELS = fixture('models.json');
const ALL = [...fixture('configs.json').cases, ...MODELS.cases, ...MODELS.other];
const byName = (name) => structuredClone(ALL.find((c) => c.name === name).config);
const llama = () => byName('Llama 3.1 8B');

for (const [buildName, pe] of await builds()) {
  describe(`config field rules [${buildName}]`, () => {
    test('a value that would make the readers loop or allocate without bound is refused by its cap, at once', () => {
      const t0 = performance.now();
      assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), num_hidden_layers: 1e7 }), RangeError, /^num_hidden_layers must be an integer from 1 to 1024 \(got 10000000\)$/);
      assertThrowsNamed(() => pe.fromConfig({ model_type: 'mpt', n_heads: 1e7 }), RangeError, /^n_heads must be an integer from 1 to 4096 \(got 10000000\)$/);
      assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), head_dim: 65536 }), RangeError, /^head_dim must be an integer from 2 to 4096 \(got 65536\)$/);
      const phi = byName('Phi-4-mini (LongRoPE, partial)');
      phi.rope_scaling.long_factor = new Array(1e6).fill(1);
      const err = assertThrowsNamed(() => pe.rope.fromConfig(phi), RangeError, /^rope_scaling\.long_factor must be a list of at most 2048 entries.*\(got a list of 1000000 entries\)$/);
      assert.ok(err.message.length < 200, err.message);
      // generous: each of these took seconds or gigabytes before; now microseconds
      assert.ok(performance.now() - t0 < 5000);
    });

    test('no NaN or Infinity from a value outside a formula\'s domain', () => {
      const gemma = byName('Gemma 2 9B');
      for (const v of [-4, 0]) assertThrowsNamed(() => pe.rope.fromConfig({ ...gemma, query_pre_attn_scalar: v }), RangeError, /^query_pre_attn_scalar must be an integer from 1 to/);
      assertThrowsNamed(() => pe.rope.fromConfig({ ...byName('DeepSeek V3'), qk_nope_head_dim: -100 }), RangeError, /^qk_nope_head_dim must be an integer from 0 to 4096 \(got -100\)$/);
      assertThrowsNamed(() => pe.fromConfig({ model_type: 'mpt', n_heads: 8, attn_config: { alibi_bias_max: -1e308 } }), RangeError, /^attn_config\.alibi_bias_max must be a number greater than 0 and at most 100/);
    });

    test('values once passed through unchecked: each named with what it must be', () => {
      for (const v of [-5, 0, 3, 2 ** 32])
        assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), num_key_value_heads: v }), RangeError, /^num_key_value_heads must be /);
      assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), num_key_value_heads: 3 }), RangeError, /^num_key_value_heads must be a divisor of num_attention_heads 32 \(got 3\)$/);
      const mistral = { model_type: 'mistral', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2 };
      for (const [v, Kind] of [['x', TypeError], [-1, RangeError], [0.5, RangeError], [[1024], TypeError], [{}, TypeError]])
        assertThrowsNamed(() => pe.rope.fromConfig({ ...mistral, sliding_window: v }), Kind, /^sliding_window must be an integer from 1 to 2\^31, or null|^sliding_window must be an integer from 1 to 2\^31 \(got/);
      assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), max_position_embeddings: -1 }), RangeError, /^max_position_embeddings must be an integer from 1 to 2\^31 \(got -1\)$/);
      assertThrowsNamed(() => pe.fromConfig({ model_type: 'roberta', pad_token_id: 1e6, max_position_embeddings: 514 }), RangeError, /^pad_token_id must be at most max_position_embeddings − 2 = 512/);
      assertThrowsNamed(() => pe.fromConfig({ model_type: 't5', relative_attention_num_buckets: 3 }), RangeError, /^relative_attention_num_buckets must be an integer from 4 to 65536 \(got 3\)$/);
      assertThrowsNamed(() => pe.fromConfig({ model_type: 't5', relative_attention_max_distance: 8 }), RangeError, /^relative_attention_max_distance must be greater than relative_attention_num_buckets \/ 2 = 16/);
      for (const call of [pe.rope.fromConfig, pe.fromConfig])
        assertThrowsNamed(() => call({ ...llama(), num_hidden_layers: -5 }), RangeError, /^num_hidden_layers must be an integer from 1 to 1024 \(got -5\)$/);
      assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), num_attention_heads: 0 }), RangeError, /^num_attention_heads must be an integer from 1 to 4096 \(got 0\)$/);
    });

    test('the key blamed is the one to fix: no suffix about rope_scaling on a rope_theta error', () => {
      const err = assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), rope_theta: 0.5 }), RangeError, /^rope_theta must be a number greater than 1 and at most 1e15 \(got 0\.5\)$/);
      assert.doesNotMatch(err.message, /from config|scaling/);
      // an engine rule between keys comes back in the config's names
      assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), rope_scaling: { ...llama().rope_scaling, high_freq_factor: 0.5 } }), RangeError, /^rope_scaling\.high_freq_factor must be at least rope_scaling\.low_freq_factor$/);
      assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), hidden_size: 4064 }), RangeError, /^hidden_size \/ num_attention_heads × partial_rotary_factor must give an even rotary width/);
    });

    test('own properties only: prototype names are values like any other', () => {
      const gptOss = byName('gpt-oss 20B layers');
      for (const name of ['toString', 'constructor', 'valueOf', '__proto__'])
        assertThrowsNamed(() => pe.rope.fromConfig({ ...gptOss, layer_types: gptOss.layer_types.map((t, i) => (i === 5 ? name : t)) }), RangeError, new RegExp(`^layer_types\\[5\\] must be one of full_attention, sliding_attention, chunked_attention \\(got '${name}'\\)$`));
      const unknown = pe.rope.fromConfig({ model_type: 'constructor', hidden_size: 64, num_attention_heads: 2, rope_theta: 1e4 });
      assert.ok(unknown.notes.some((n) => /model_type 'constructor' is not in posenc's table/.test(n)));
      assertThrowsNamed(() => pe.rope.fromConfig({ ...llama(), rope_scaling: { rope_type: 'constructor' } }), RangeError, /^rope_scaling\.rope_type 'constructor' is not a RoPE type/);
      assertThrowsNamed(() => pe.fromConfig({ model_type: 'bert', position_embedding_type: 'toString', max_position_embeddings: 512 }), RangeError, /position_embedding_type 'toString'/);
      const parsed = JSON.parse('{"__proto__": {"polluted": 1}, "model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000}');
      assert.equal(pe.rope.fromConfig(parsed).base, 500000);
      assert.equal({}.polluted, undefined);
    });

    test('messages are short and the engine\'s own errors, whatever the value', () => {
      const cycle = { rope_type: 'linear', factor: 2 };
      cycle.self = cycle;
      const cases = [
        [{ ...llama(), rope_theta: 10n }, TypeError, /^rope_theta must be a number .* \(got 10n \(a BigInt\)\)$/],
        [{ ...llama(), rope_theta: Symbol('s') }, TypeError, /\(got a Symbol\)$/],
        [{ ...llama(), rope_theta: () => 1 }, TypeError, /\(got a function\)$/],
        [{ ...llama(), model_type: 'x'.repeat(1e6) }, RangeError, /^model_type must be a string of at most 64 characters \(got 'x{79}…'\)$/],
        [Object.defineProperty({ ...llama() }, 'rope_theta', { get() { throw new Error('no'); }, enumerable: true }), TypeError, /^config\.rope_theta could not be read/],
        [{ ...llama(), rope_scaling: new Proxy({}, { ownKeys() { throw new Error('trap'); } }) }, TypeError, /^config\.rope_scaling could not be read/],
      ];
      for (const [config, Kind, pattern] of cases) {
        const err = assertThrowsNamed(() => pe.rope.fromConfig(config), Kind, pattern);
        assert.ok(err.message.length < 200, err.message);
      }
      const r = pe.rope.fromConfig({ ...llama(), rope_scaling: cycle });
      assert.equal(r.type, 'linear');
      assert.ok(r.notes.some((n) => /self is not read by linear RoPE/.test(n)));
    });

    test('the kernels: holes, detached memory, Proxies and whole numbers named as they are', () => {
      assertThrowsNamed(() => pe.toNpy([1, , 3]), TypeError, /^toNpy: data\[1\] is missing/);  // eslint-disable-line no-sparse-arrays
      // a hole stops the copy at once (a sparse 2^24-entry array once took 12 s to refuse)
      assertThrowsNamed(() => pe.rope.apply(new Float32Array(16), { headDim: 4, seqLen: 2, heads: 2, positionIds: [0, , 1, 2] }), TypeError, /^positionIds\[1\] is missing \(a hole in the array\)/);  // eslint-disable-line no-sparse-arrays
      const sparse = new Array(2 ** 26);
      assertThrowsNamed(() => pe.compare(sparse, sparse), TypeError, /^an array argument has a hole at index 0/);
      assertThrowsNamed(() => pe.toNpy(new Proxy(new Float32Array(4), {})), TypeError, /^toNpy: data must be a Float32Array/);
      const gone = new Float32Array(16);
      structuredClone(gone.buffer, { transfer: [gone.buffer] });
      assertThrowsNamed(() => pe.toNpy(gone), TypeError, /detached/);
      assertThrowsNamed(() => pe.rope.apply(new Float32Array(16), { headDim: 4, seqLen: 2, heads: 2, into: gone }), TypeError, /^into: its memory was detached/);
      const q = new Float32Array(4 * 4);
      assertThrowsNamed(() => pe.attention({ q, k: q.subarray(0, 8), v: q.subarray(0, 8), seqLen: 4, keyLength: 2, heads: 1, headDim: 4, causal: true }), RangeError, /^keyLength must be at least seqLen with causal attention \(got keyLength 2, seqLen 4\)/);
      // a NaN is not an integer, whatever the range (it once named the int32 range)
      assertThrowsNamed(() => pe.learned({ maxLength: 8, dModel: 2, positions: Float64Array.of(NaN) }), RangeError, /^positions\[0\] must be an integer \(got NaN\)$/);
      assertThrowsNamed(() => pe.positionIds(Float64Array.of(3, Infinity), { padTokenId: 1 }), RangeError, /^ids\[1\] must be an integer \(got Infinity\)$/);
      assertThrowsNamed(() => pe.rope.apply(new Float32Array(4), { headDim: 4, seqLen: 1, heads: 1, positionIds: Float64Array.of(NaN) }), RangeError, /^positionIds\[0\] must be an integer from 0 to 2\^53 - 1 \(got NaN\)$/);
      assertThrowsNamed(() => pe.rope.apply(new Float32Array(4), { headDim: 4, seqLen: 1, heads: 1, positionIds: [2 ** 53] }), RangeError, /9007199254740992/);
    });

    test('ModernBERT: global layers every global_attn_every_n_layers from layer 0 with global_rope_theta, local ones with local_rope_theta', () => {
      const config = byName('ModernBERT base');
      const r = pe.rope.fromConfig(config);
      assert.equal(r.layers.length, 22);
      for (const l of r.layers) {
        const global = l.index % 3 === 0;
        assert.equal(l.attention, global ? 'full' : 'sliding', `layer ${l.index}`);
        assert.equal(l.window, global ? null : 128);
        assert.equal(r.ropes[l.rope].base, global ? 160000 : 10000, `layer ${l.index}'s base`);
      }
      assert.ok(r.notes.some((n) => /centred/.test(n)), 'the note says its windows are centred');
      // transformers 4.x ModernBertAttention: local_rope_theta None is the global base on every layer
      const none = pe.rope.fromConfig({ ...config, local_rope_theta: null });
      assert.deepEqual([...new Set(none.ropes.map((x) => x.base))], [160000]);
      assert.ok(none.notes.some((n) => /local_rope_theta null: the sliding layers use global_rope_theta 160000/.test(n)));
      // its attention computes the head from hidden_size / num_attention_heads whatever head_dim says
      assert.equal(pe.rope.fromConfig({ ...config, head_dim: 32 }).headDim, 64);
      assertThrowsNamed(() => pe.rope.fromConfig({ ...config, global_attn_every_n_layers: 0 }), RangeError, /^global_attn_every_n_layers must be an integer from 1 to 1024 \(got 0\)$/);
    });

    test('Command R7B (cohere2): RoPE on the sliding layers only, every sliding_window_pattern-th layer full without it', () => {
      const config = byName('Command R7B');
      const r = pe.rope.fromConfig(config);
      for (const l of r.layers) {
        const full = (l.index + 1) % 4 === 0;
        assert.equal(l.attention, full ? 'full' : 'sliding', `layer ${l.index}`);
        assert.equal(l.rope, full ? null : 0, `layer ${l.index}: ${full ? 'no RoPE' : 'RoPE'}`);
      }
      assert.equal(r.convention, 'interleaved');
      assert.ok(r.notes.some((n) => /8 layers full, no RoPE/.test(n)), r.notes.join('\n'));
      // with layer_types written out (transformers 4.56's configs), the same rule: the full layers rotate nothing
      const types = r.layers.map((l) => `${l.attention}_attention`);
      const again = pe.rope.fromConfig({ ...config, layer_types: types });
      assert.deepEqual(again.layers.map((l) => l.rope), r.layers.map((l) => l.rope));
      assertThrowsNamed(() => pe.rope.apply(new Float32Array(128), { config, layer: 3, seqLen: 1, heads: 1 }), RangeError, /layer 3 of this cohere2 config uses no RoPE/);
      // Cohere2Attention: head_dim = getattr(config, "head_dim", hidden_size // num_attention_heads)
      assert.equal(r.headDim, 128);
      assert.equal(pe.rope.fromConfig({ ...config, head_dim: 64 }).headDim, 64);
    });
  });
}

test('the trainer: own keys of setWeights are parameters or named errors', async () => {
  const { load } = await importEngine();
  const pe = await load({ train: true });
  const t = pe.train.create({ dModel: 16, heads: 2, layers: 1, trainLength: 4, vocab: 8, batch: 2 });
  const before = t.weights();
  assertThrowsNamed(() => t.setWeights({ constructor: new Float32Array(3) }), TypeError, /^weights\.constructor is not a parameter/);
  assertThrowsNamed(() => t.setWeights(JSON.parse('{"__proto__": [1, 2]}')), TypeError, /^weights\.__proto__ is not a parameter/);
  assert.deepEqual(t.weights(), before, 'a refused setWeights changes nothing');
  assertThrowsNamed(() => pe.train.create({ constructor: 1 }), TypeError, /constructor/);
  t.dispose();
});

test('engine messages quote a caller string in at most ~80 characters and name at most five unknown keys', async () => {
  const [[, pe]] = await builds({ train: true });
  const long = 'x'.repeat(5000);
  const position = assertThrowsNamed(() => pe.train.create({ position: long }), RangeError, /^position must be one of 'none', .* \(got 'x{79}…'\)$/);
  assert.ok(position.message.length < 200, position.message);
  const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${long}${i}`, 1]));
  const unknown = assertThrowsNamed(() => pe.sinusoidal({ length: 4, dModel: 4, ...many }), TypeError, /is not an option/);
  assert.ok(unknown.message.length < 1000, `${unknown.message.length} characters`);
});
