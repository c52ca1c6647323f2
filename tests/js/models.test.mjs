// Every model as transformers runs it (tests/fixtures/models.json, written by tests/fixtures/models_ref.py from
// transformers' config classes and modeling code): layers, pair conventions, NoPE, M-RoPE, and the position
// methods other than RoPE through pe.fromConfig.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertClose, assertThrowsNamed } from './helpers.mjs';
import { NOT_POSITIONAL } from '../../web/src/engine/models.js';

const F = fixture('models.json');
const CONFIGS = fixture('configs.json').cases.filter((c) => c.seqLen == null);
const json = (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v);
const byName = (name) => F.cases.find((c) => c.name === name).config;
// a top-level key about positions or attention (the reader's own test is models.js's POSITION_KEY; the keys it
// declares irrelevant to positions, NOT_POSITIONAL, are skipped)
const POSITIONAL = /rope|rotary|theta|position|window|attn|attention|layer_types|alibi|chunk|softcap|mrope|pattern|every_n|base_freq|head_dim|heads|n_head|num_hidden_layers|n_layer/;

for (const [buildName, pe] of await builds()) {
  describe(`models [${buildName}]`, () => {
    test('every layer of every published config: attention kind, window, which RoPE, and each RoPE as transformers computes it', (t) => {
      for (const c of F.cases) {
        const r = pe.rope.fromConfig(c.config);
        assert.deepEqual(r.layers.map((l) => [l.attention, l.window, l.rope]), c.layers, `${c.name}: layers`);
        assert.equal(r.ropes.length, c.ropes.length, `${c.name}: distinct RoPEs`);
        c.ropes.forEach((want, k) => {
          const got = r.ropes[k];
          for (const key of ['headDim', 'rotaryDim', 'base', 'type', 'convention']) assert.equal(got[key], want[key], `${c.name}: ropes[${k}].${key}`);
          assertClose(got.invFreq, want.invFreq, { rel: 1e-12 }, `${c.name}: ropes[${k}].invFreq`);
          assert.equal(got.attentionFactor, want.attentionFactor, `${c.name}: ropes[${k}].attentionFactor`);
        });
        // the top level is ropes[0], the main layers' RoPE
        assert.deepEqual(r.invFreq, r.ropes[0].invFreq, `${c.name}: top level`);
        t.diagnostic(`${c.name.padEnd(34)} ${r.layers.length} layers, ${r.ropes.length} RoPE, ${r.convention}`);
      }
    });

    test('a wrapper config is read through text_config, with a note', () => {
      for (const name of ['Gemma 3 4B', 'Llama 4 Scout']) {
        const r = pe.rope.fromConfig(byName(name));
        assert.ok(r.notes.some((n) => /^text_config read/.test(n)), name);
        assert.match(r.modelType, /_text$/);
      }
    });

    test('every default assumed is a note: Gemma 3 4B leaves rope_theta, heads and head_dim to its config class', () => {
      const r = pe.rope.fromConfig(byName('Gemma 3 4B'));
      for (const key of ['rope_theta', 'head_dim', 'num_attention_heads', 'rope_local_base_freq', 'sliding_window_pattern'])
        assert.ok(r.notes.some((n) => n.startsWith(`${key} absent:`) && n.includes('gemma3_text default')), key);
      assert.equal(r.base, 1e6);
      assert.equal(r.ropes[1].base, 10000);
      assert.equal(r.attention.scale, 256 ** -0.5);
    });

    test('every position key of every config is read or named in a note (removing an unread key changes nothing)', () => {
      const all = [...F.cases, ...CONFIGS];
      for (const c of all) {
        const text = c.config.text_config ?? c.config;
        const base = pe.rope.fromConfig(c.config);
        for (const key of Object.keys(text).filter((k) => POSITIONAL.test(k) && !NOT_POSITIONAL.has(k) && text[k] !== null)) {
          if (base.notes.some((n) => n.includes(key))) continue;
          // removed, or (a value equal to the default) changed: a key that is read changes the result
          const variants = [undefined, typeof text[key] === 'number' ? text[key] * 2 + 1 : typeof text[key] === 'boolean' ? !text[key] : undefined];
          const changed = variants.some((value, k) => {
            if (k > 0 && value === undefined) return false;
            const edited = { ...text };
            if (value === undefined) delete edited[key];
            else edited[key] = value;
            try {
              const r = pe.rope.fromConfig(c.config.text_config ? { ...c.config, text_config: edited } : edited);
              return JSON.stringify(r, json) !== JSON.stringify(base, json);
            } catch {
              return true;  // the key was needed, or its new value is checked
            }
          });
          assert.ok(changed, `${c.name}: ${key} is neither read nor named in a note`);
        }
      }
    });

    test('rope.apply, cosSin and precision take the layer: Gemma 3 local and global, Llama 4 NoPE layers say so', () => {
      const gemma = byName('Gemma 3 1B');
      const r = pe.rope.fromConfig(gemma);
      const x = Float32Array.from({ length: 2 * 1 * 256 }, (_, i) => Math.sin(i));
      const local = pe.rope.apply(x, { config: gemma, layer: 0, seqLen: 2, heads: 1, offset: 7 });
      const global = pe.rope.apply(x, { config: gemma, layer: 5, seqLen: 2, heads: 1, offset: 7 });
      assert.deepEqual(local, pe.rope.apply(x, { headDim: 256, base: 10000, seqLen: 2, heads: 1, offset: 7 }));
      assert.deepEqual(global, pe.rope.apply(x, { headDim: 256, base: 1e6, seqLen: 2, heads: 1, offset: 7 }));
      assert.deepEqual(pe.rope.cosSin({ config: gemma, layer: 0, positions: [3] }).cos, pe.rope.cosSin({ headDim: 256, base: 10000, positions: [3] }).cos);
      assert.equal(pe.rope.precision({ config: gemma, layer: 5, to: 100 }).pairs[1].invFreq, r.ropes[0].invFreq[1]);
      assertThrowsNamed(() => pe.rope.apply(x, { config: gemma, seqLen: 2, heads: 1 }), TypeError, /^rope\.apply: this gemma3_text config's layers use different RoPE .*: pass layer/);
      const scout = byName('Llama 4 Scout');
      assertThrowsNamed(() => pe.rope.apply(new Float32Array(128), { config: scout, layer: 3, seqLen: 1, heads: 1 }), RangeError, /^rope\.apply: layer 3 of this llama4_text config uses no RoPE \(a NoPE layer, full attention\)/);
      assertThrowsNamed(() => pe.rope.cosSin({ config: scout, layer: 7, positions: [0] }), RangeError, /^rope\.cosSin: layer 7 .* uses no RoPE/);
      assertThrowsNamed(() => pe.rope.precision({ config: scout, layer: 48, to: 5 }), RangeError, /^rope\.precision: layer must be an integer from 0 to 47/);
      const s = pe.rope.fromConfig(scout);
      assert.deepEqual(s.layers[3].temperatureTuning, { floorScale: 8192, attnScale: 0.1 });
      assert.equal(s.layers[0].temperatureTuning, undefined);
      assert.ok(s.notes.some((n) => /use_qk_norm true/.test(n)));
    });

    test('interleaved models rotate pairs (2i, 2i+1) as their transformers code does (torch float64)', () => {
      for (const c of F.interleaved) {
        const config = byName(c.model);
        const y = pe.rope.apply(c.x, { config, layer: c.layer, seqLen: c.seqLen, heads: c.heads, offset: c.offset });
        assertClose(y, c.expected, { abs: 2e-6 }, c.model);
      }
    });

    test('M-RoPE: position ids of text then an image as get_rope_index builds them, and the rotation, against torch', () => {
      const config = byName('Qwen2-VL 7B');
      const r = pe.rope.fromConfig(config);
      assert.deepEqual(r.mropeSection, [16, 24, 24]);
      for (const c of F.mrope) {
        const ids = pe.rope.mropePositionIds({ textBefore: c.textBefore, grid: c.grid, textAfter: c.textAfter, ...(c.temporalStep == null ? {} : { temporalStep: c.temporalStep }) });
        assert.deepEqual(Array.from(ids.positionIds), c.positionIds);
        assert.equal(ids.ropeDelta, c.ropeDelta);
        assert.equal(ids.seqLen, c.seqLen);
        const y = pe.rope.apply(c.x, { config, seqLen: c.seqLen, heads: c.heads, positionIds: ids.positionIds });
        assertClose(y, c.expected, { abs: 2e-6 }, `M-RoPE ${c.grid}`);
        // [3, batch, seqLen] for a batch of two, and the three rows as arrays
        const two = Float32Array.from([...c.x, ...c.x]);
        const rows = [0, 1, 2].map((k) => ids.positionIds.subarray(k * c.seqLen, (k + 1) * c.seqLen));
        const batched = Int32Array.from(rows.flatMap((row) => [...row, ...row]));
        assertClose(pe.rope.apply(two, { config, batch: 2, seqLen: c.seqLen, heads: c.heads, positionIds: batched }).subarray(c.x.length), c.expected, { abs: 2e-6 });
        assert.deepEqual(pe.rope.apply(c.x, { config, seqLen: c.seqLen, heads: c.heads, positionIds: rows }), y);
        // cosSin with three rows: pair 20 (height section) turns with the height index
        const cs = pe.rope.cosSin({ config, positions: rows.map((row) => Array.from(row)) });
        const k = c.textBefore + c.grid[2] / 2 + 1;  // an image token on row 1 of the grid
        assertClose([cs.cos[k * 128 + 20]], [Math.cos(rows[1][k] * r.invFreq[20])], { abs: 1e-15 });
      }
      // text alone: plain positions are M-RoPE with three equal rows
      const x = Float32Array.from({ length: 4 * 128 }, (_, i) => Math.cos(i));
      assert.deepEqual(pe.rope.apply(x, { config, seqLen: 4, heads: 1, offset: 9 }), pe.rope.apply(x, { config, seqLen: 4, heads: 1, positionIds: [9, 10, 11, 12, 9, 10, 11, 12, 9, 10, 11, 12] }));
      assertThrowsNamed(() => pe.rope.mropePositionIds({ grid: [1, 3, 4] }), RangeError, /grid height 3 and width 4 must be multiples of spatialMergeSize 2/);
      assertThrowsNamed(() => pe.rope.mropePositionIds({ grid: [1, 4, 4], text: 3 }), TypeError, /^text is not an option of rope\.mropePositionIds/);
      assertThrowsNamed(() => pe.rope.mropePositionIds({ grid: [2, 4, 4], temporalStep: -1 }), RangeError, /^temporalStep must be a number from 0/);
      assertThrowsNamed(() => pe.rope.apply(new Float32Array(3 * 2 * 128), { config, batch: 3, seqLen: 2, heads: 1, positionIds: [0, 1, 0, 1, 0, 1] }), TypeError, /could be one row per sequence or the three M-RoPE rows/);
      assertThrowsNamed(() => pe.rope.fromConfig({ ...config, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 16] } }), RangeError, /mrope_section \[16,24,16\] covers 56 pairs, but the head rotates 64/);
    });

    test('cosSin and precision size LongRoPE by the positions, as apply does (Phi-4-mini up to 131 071)', () => {
      const phi = byName('Phi-4-mini (LongRoPE, partial)');
      const long = pe.rope.fromConfig(phi, { seqLen: 131072 });
      const cs = pe.rope.cosSin({ config: phi, positions: [0, 131071] });
      const want = pe.rope.cosSin({ headDim: 128, partialRotaryFactor: 0.75, base: 10000, scaling: long.scaling, positions: [0, 131071] });
      assert.deepEqual(cs.cos, want.cos);
      assert.equal(cs.attentionFactor, long.attentionFactor);
      const x = Float32Array.from({ length: 128 }, (_, i) => Math.sin(i + 1));
      const applied = pe.rope.apply(x, { config: phi, seqLen: 1, heads: 1, offset: 131071 });
      // rotate_half on the rotary part: channel 0 = x0·cos − x48·sin
      assertClose([applied[0]], [x[0] * cs.cos[96] - x[48] * cs.sin[96]], { abs: 2e-6 });
      const p = pe.rope.precision({ config: phi, dtype: 'float64', to: 131071 });
      assertClose(Float64Array.from(p.pairs, (q) => q.invFreq), long.invFreq, { rel: 1e-15 });
      // a short sequence keeps the short factors
      assert.deepEqual(pe.rope.precision({ config: phi, to: 100 }).pairs[5].invFreq, pe.rope.fromConfig(phi, { seqLen: 101 }).invFreq[5]);
    });

    test('pe.fromConfig names every position method: ALiBi slopes (BLOOM, MPT, Falcon-RW), learned tables, T5 buckets, none', () => {
      for (const c of F.other) {
        const r = pe.fromConfig(c.config);
        for (const [key, want] of Object.entries(c.expected)) {
          if (key === 'slopes') assertClose(r.slopes, want, { rel: 1e-6 }, `${c.name}: slopes`);
          else assert.equal(r[key], want, `${c.name}: ${key}`);
        }
        assert.ok(r.notes.length > 1, c.name);
        assertThrowsNamed(() => pe.rope.fromConfig(c.config), RangeError, new RegExp(`^this config uses .*not RoPE .*read it with pe\\.fromConfig`), c.name);
      }
      const opt = pe.fromConfig(F.other.find((c) => c.name === 'OPT 350M').config);
      assert.equal(opt.positionIds, 'opt');
      const roberta = pe.fromConfig(F.other.find((c) => c.name === 'RoBERTa base').config);
      assert.deepEqual([roberta.positionIds, roberta.padTokenId], ['roberta', 1]);
      const t5 = pe.fromConfig(F.other.find((c) => c.name === 'T5 small').config);
      assert.deepEqual([t5.encoder.bidirectional, t5.decoder.bidirectional], [true, false]);
      assert.ok(t5.notes.some((n) => /relative_attention_max_distance absent: 128 assumed/.test(n)));
      assert.equal(pe.fromConfig({ model_type: 'mamba', hidden_size: 768 }).method, 'none');
      const nope = pe.fromConfig({ ...byName('SmolLM3 3B'), no_rope_layers: new Array(36).fill(0) });
      assert.equal(nope.method, 'none');
      const llama = pe.fromConfig(CONFIGS[0].config);
      assert.equal(llama.method, 'rope');
      assert.deepEqual(llama.invFreq, pe.rope.fromConfig(CONFIGS[0].config).invFreq);
      assertThrowsNamed(() => pe.rope.fromConfig({ model_type: 'gpt2', n_positions: 1024 }), RangeError, /^this config uses learned absolute positions, not RoPE \(model_type gpt2\)/);
      assertThrowsNamed(() => pe.rope.fromConfig({ model_type: 'falcon', alibi: true, n_head: 32, hidden_size: 2048 }), RangeError, /^this config uses ALiBi/);
    });

    test('contradictions and unknown input: clear errors; an unknown model type with RoPE keys works with a note', () => {
      const llama = CONFIGS[0].config;
      const cases = [
        [() => pe.rope.fromConfig({ ...llama, rotary_pct: 0.5, partial_rotary_factor: 0.25 }), RangeError, /partial_rotary_factor 0\.25 and rotary_pct 0\.5: they contradict each other/],
        [() => pe.rope.fromConfig({ ...llama, rope_parameters: { rope_type: 'default', rope_theta: 10000 } }), RangeError, /rope_parameters and rope_scaling, and they differ/],
        [() => pe.rope.fromConfig({ ...llama, rope_scaling: null, rope_parameters: { rope_type: 'default', rope_theta: 10000 } }), RangeError, /rope_parameters\.rope_theta 10000 and rope_theta 500000: they contradict each other/],
        [() => pe.rope.fromConfig({ model_type: 'falcon', alibi: true, n_head: 8, hidden_size: 64, rope_scaling: { type: 'linear', factor: 2 } }), RangeError, /alibi: true and rope_scaling: Falcon uses ALiBi or RoPE, not both/],
        [() => pe.rope.fromConfig({ ...byName('SmolLM3 3B'), no_rope_layers: [1, 1, 0] }), RangeError, /no_rope_layers has 3 entries for 36 layers/],
        [() => pe.rope.fromConfig({ ...byName('gpt-oss 20B layers'), layer_types: ['full_attention'] }), RangeError, /layer_types has 1 entries for 24 layers/],
        [() => pe.rope.fromConfig({ ...byName('gpt-oss 20B layers'), num_hidden_layers: 1, layer_types: ['linear_attention'] }), RangeError, /^layer_types\[0\] must be one of full_attention, sliding_attention, chunked_attention \(got 'linear_attention'\)$/],
        [() => pe.rope.fromConfig({ ...byName('GPT-J 6B'), rotary_dim: 512 }), RangeError, /^rotary_dim must be an even integer from 2 to the head size 256 \(got 512\)$/],
        [() => pe.rope.fromConfig({ ...byName('GPT-J 6B'), rope_theta: 500000 }), RangeError, /gptj's rotary base is fixed at 10000/],
        [() => pe.rope.fromConfig({ hidden_size: 64, num_attention_heads: 2 }), RangeError, /config does not say its position method/],
        [() => pe.rope.fromConfig({ model_type: 'gemma3', text_config: 5 }), TypeError, /^text_config must be an object/],
        [() => pe.rope.fromConfig({ ...byName('Qwen2-VL 7B'), rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24], mrope_interleaved: true } }), RangeError, /interleaved M-RoPE \(Qwen3-VL\) is not computed/],
        [() => pe.fromConfig({ model_type: 'bert', position_embedding_type: 'relative_key', max_position_embeddings: 512 }), RangeError, /position_embedding_type 'relative_key'.*not computed by posenc/],
      ];
      for (const [fn, Kind, pattern] of cases) assertThrowsNamed(fn, Kind, pattern);
      const unknown = pe.rope.fromConfig({ model_type: 'my_model', hidden_size: 512, num_attention_heads: 8, rope_theta: 20000, sliding_window: 256, attn_magic: 3 });
      assert.equal(unknown.base, 20000);
      assert.ok(unknown.notes.some((n) => /model_type 'my_model' is not in posenc's table: read as a Llama-style model/.test(n)));
      assert.ok(unknown.notes.some((n) => /sliding_window 256: posenc does not know which layers/.test(n)));
      assert.ok(unknown.notes.some((n) => /not read by posenc: attn_magic/.test(n)));
    });
  });
}
