// pe.train's API (the PyTorch comparison is train.test.mjs): names and shapes, evaluation, attention and
// prediction, bad input that names the option and leaves the trainer working, determinism, and memory that
// stays flat over 10 000 steps and comes back on dispose.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, assertThrowsNamed } from './helpers.mjs';

const all = await builds({ train: true });
const tiny = { task: 'copy', trainLength: 4, dModel: 16, layers: 1, heads: 2, vocab: 8, batch: 4, steps: 100, warmup: 5 };

for (const [build, pe] of all) {
  describe(`pe.train [${build}]`, () => {
    test('tasks and positions are frozen lists', () => {
      assert.deepEqual([...pe.train.positions], ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5']);
      assert.deepEqual([...pe.train.tasks], ['copy', 'reverse', 'sort', 'recall', 'add']);
      assert.ok(Object.isFrozen(pe.train.positions) && Object.isFrozen(pe.train.tasks));
    });

    test('a trainer names its weights as the spec does, with their shapes', () => {
      const t = pe.train.create({ ...tiny, position: 't5', t5Buckets: 8 });
      try {
        const w = t.weights();
        assert.deepEqual(Object.keys(w).slice(0, 4), ['tok_emb', 'rel_bias', 'layers.0.ln1.weight', 'layers.0.ln1.bias']);
        assert.deepEqual(t.shapes['tok_emb'], [8, 16]);
        assert.deepEqual(t.shapes['rel_bias'], [8, 2]);
        assert.deepEqual(t.shapes['layers.0.mlp.fc.weight'], [64, 16]);
        assert.deepEqual(t.shapes['head.bias'], [8]);
        for (const [name, values] of Object.entries(w)) {
          assert.ok(values instanceof Float32Array, name);
          assert.equal(values.length, t.shapes[name].reduce((a, b) => a * b, 1), name);
        }
        assert.ok(w['layers.0.ln1.weight'].every((v) => v === 1));
        assert.ok(w['rel_bias'].every((v) => v === 0));
        assert.equal(t.sequenceLength, 9);
        const npy = pe.toNpy(w['tok_emb'], t.shapes['tok_emb']);
        assert.ok(npy.length > 8 * 16 * 4);
      } finally {
        t.dispose();
      }
    });

    test('step returns the losses; batch peeks at the next batch without consuming it', () => {
      const t = pe.train.create({ ...tiny, position: 'alibi', seed: 3 });
      try {
        const b = t.batch();
        assert.deepEqual(t.batch(), b);
        assert.equal(b.inputs.length, 4 * 9);
        const loss = t.gradients(b).loss;
        const [first] = t.step();
        assert.equal(first, loss);
        assert.equal(t.steps, 1);
        const losses = t.step(5);
        assert.ok(losses instanceof Float32Array && losses.length === 5);
        assert.notDeepEqual(t.batch(), b);
      } finally {
        t.dispose();
      }
    });

    test('the same seed gives the same bits; another seed another model', () => {
      for (const position of pe.train.positions) {
        const run = (seed) => {
          const t = pe.train.create({ ...tiny, position, seed });
          try {
            return { losses: t.step(4), weights: t.weights()['head.weight'] };
          } finally {
            t.dispose();
          }
        };
        const a = run(11);
        assert.deepEqual(run(11), a, position);
        assert.notDeepEqual(run(12).losses, a.losses, position);
      }
    });

    test('evaluate reports exact match, accuracy and loss per answer position, and unsupported lengths', () => {
      const t = pe.train.create({ ...tiny, position: 'learned', task: 'reverse' });
      try {
        t.step(3);
        const [at4, at8] = t.evaluate({ lengths: [4, 8], samples: 16 });
        assert.equal(at4.length, 4);
        assert.equal(at4.supported, true);
        assert.equal(at4.accuracy.length, 4);
        assert.equal(at4.loss.length, 4);
        assert.ok(at4.exactMatch >= 0 && at4.exactMatch <= 1);
        assert.ok(at4.loss.every((v) => v > 0 && Number.isFinite(v)));
        assert.equal(at8.supported, false);
        assert.match(at8.reason, /learned table has 9/);
        assert.equal(at8.accuracy, undefined);
      } finally {
        t.dispose();
      }
    });

    test('attention rows are causal distributions; predict answers with the task length', () => {
      const t = pe.train.create({ ...tiny, position: 'rope', layers: 2 });
      try {
        const tokens = [0, 3, 4, 5, 6, 1, 3, 4];
        const a = t.attention(tokens);
        assert.equal(a.layers, 2);
        assert.equal(a.heads, 2);
        assert.equal(a.length, 8);
        assert.equal(a.weights.length, 2 * 2 * 8 * 8);
        for (let row = 0; row < 2 * 2 * 8; row++) {
          const i = row % 8;
          let sum = 0;
          for (let j = 0; j < 8; j++) {
            const w = a.weights[row * 8 + j];
            if (j > i) assert.equal(w, 0);
            sum += w;
          }
          assert.ok(Math.abs(sum - 1) < 1e-5);
        }
        const answer = t.predict([0, 3, 4, 5, 6, 1]);
        assert.ok(answer instanceof Int32Array && answer.length === 4);
        const scaled = t.evaluate({ lengths: [8], samples: 4, scaling: { type: 'yarn', factor: 2 } });
        assert.equal(scaled[0].accuracy.length, 8);
        assert.equal(t.predict([0, 3, 4, 5, 6, 7, 3, 4, 5, 1], { scaling: { type: 'dynamic', factor: 2 } }).length, 8);
      } finally {
        t.dispose();
      }
    });

    test('samples are the ones evaluate scores, in the format of every task', () => {
      const symbols = 8 - 3;
      const expectedAnswer = {
        copy: (x) => x,
        reverse: (x) => x.slice().reverse(),
        sort: (x) => x.slice().sort((a, b) => a - b),
        recall: (x, q) => {
          let value = NaN;  // the value of the last pair whose key is q
          for (let i = 0; i < x.length; i += 2) if (x[i] === q) value = x[i + 1];
          return [value];
        },
        add: (x) => {
          const h = x.length / 2;
          const out = [];
          let carry = 0;
          for (let i = 0; i < h; i++) {
            const sum = x[i] - 3 + (x[h + i] - 3) + carry;
            out.push(3 + (sum % symbols));
            carry = Math.floor(sum / symbols);
          }
          return [...out, 3 + carry];
        },
      };
      for (const task of pe.train.tasks) {
        const t = pe.train.create({ ...tiny, task, position: 'alibi' });
        try {
          t.step(20);
          const n = 8;
          const { inputs, targets, length } = t.samples({ length: n, count: 3 });
          const T = { copy: 2 * n + 1, reverse: 2 * n + 1, sort: 2 * n + 1, recall: n + 3, add: 1.5 * n + 2 }[task];
          assert.equal(length, T, task);
          assert.ok(inputs instanceof Int32Array && inputs.length === 3 * T && targets.length === 3 * T, task);
          // the first of three is the first of one
          assert.deepEqual(t.samples({ length: n }).inputs, inputs.subarray(0, T), task);
          for (let r = 0; r < 3; r++) {
            const row = inputs.subarray(r * T, (r + 1) * T);
            const tg = Array.from(targets.subarray(r * T, (r + 1) * T));
            const start = tg.findIndex((v) => v >= 0);
            assert.equal(row[0], 0, task);
            assert.equal(row[n + 1], 1, task);
            assert.ok(tg.slice(start).every((v) => v >= 3), task);
            const x = Array.from(row.subarray(1, n + 1));
            const answer = tg.slice(start);
            assert.deepEqual(answer, expectedAnswer[task](x, row[n + 2]), `${task} row ${r}`);
            // teacher forcing: each target is the next input
            for (let i = start; i < T - 1; i++) assert.equal(tg[i], row[i + 1], task);
          }
          // evaluate's one sample is this one: exact match iff greedy decoding gives its answer
          const start = Array.from(targets.subarray(0, T)).findIndex((v) => v >= 0);
          const predicted = Array.from(t.predict(inputs.subarray(0, start + 1)));
          const [r] = t.evaluate({ lengths: [n], samples: 1 });
          assert.equal(r.exactMatch, predicted.join() === Array.from(targets.subarray(start, T)).join() ? 1 : 0, task);
          assert.equal(r.accuracy[0], predicted[0] === targets[start] ? 1 : 0, task);  // later positions: teacher-forced
        } finally {
          t.dispose();
        }
      }
      const t = pe.train.create({ ...tiny, task: 'recall' });
      try {
        assertThrowsNamed(() => t.samples({ length: 7 }), RangeError, /length must be even/);
        assertThrowsNamed(() => t.samples({ length: 4, count: 0 }), RangeError, /count must be an integer from 1 to 1024/);
        assertThrowsNamed(() => t.samples({}), TypeError, /length/);
        assertThrowsNamed(() => t.samples({ length: 4, stream: 1 }), TypeError, /stream is not an option/);
      } finally {
        t.dispose();
      }
    });

    test('greedyAccuracy is what predict writes; the baseline is the best rule that learns nothing', () => {
      for (const task of ['copy', 'reverse', 'sort']) {
        const t = pe.train.create({ ...tiny, task, position: 'rope', seed: 3 });
        try {
          t.step(60);  // a partly trained model: some answers right, some wrong
          const n = 6, count = 12;
          const [r] = t.evaluate({ lengths: [n], samples: count });
          const { inputs, targets, length: T } = t.samples({ length: n, count });
          const start = n + 1;
          const written = new Float64Array(n), rules = { mode: new Float64Array(n), prompt: new Float64Array(n), reversed: new Float64Array(n) };
          let exact = 0;
          for (let k = 0; k < count; k++) {
            const row = Array.from(inputs.subarray(k * T, (k + 1) * T));
            const want = Array.from(targets.subarray(k * T + start, (k + 1) * T));
            const got = Array.from(t.predict(row.slice(0, start + 1)));
            got.forEach((v, j) => (written[j] += (v === want[j]) / count));
            exact += got.join() === want.join();
            const x = row.slice(1, n + 1);
            const counts = x.map((v) => x.filter((u) => u === v).length);
            const top = Math.max(...counts);
            const mode = Math.min(...x.filter((_, i) => counts[i] === top));
            want.forEach((v, j) => {
              rules.mode[j] += (mode === v) / count;
              rules.prompt[j] += (x[j] === v) / count;
              rules.reversed[j] += (x[n - 1 - j] === v) / count;
            });
          }
          written.forEach((v, j) => assert.ok(Math.abs(r.greedyAccuracy[j] - v) < 1e-12, `${task} position ${j}`));
          assert.equal(r.exactMatch, exact / count, task);
          // the task's own rule is never a baseline (copy is 'prompt', reverse 'reversed')
          const allowed = { copy: ['mode', 'reversed'], reverse: ['mode', 'prompt'], sort: ['mode', 'prompt', 'reversed'] }[task];
          assert.ok(allowed.includes(r.baseline.rule), `${task}: ${r.baseline.rule}`);
          const sum = (a) => a.reduce((x, y) => x + y, 0);
          const best = Math.max(...allowed.map((k) => sum(rules[k])));
          assert.ok(Math.abs(sum(r.baseline.accuracy) - best) < 1e-9, task);
          rules[r.baseline.rule].forEach((v, j) => assert.ok(Math.abs(r.baseline.accuracy[j] - v) < 1e-12, `${task} baseline ${j}`));
        } finally {
          t.dispose();
        }
      }
    });

    test('setWeights replaces named parameters, checked', () => {
      const t = pe.train.create({ ...tiny, position: 'none' });
      try {
        const zeros = new Float32Array(8);
        t.setWeights({ 'head.bias': zeros.fill(0.5) });
        assert.deepEqual(t.weights()['head.bias'], zeros);
        assertThrowsNamed(() => t.setWeights({ 'head.bais': zeros }), TypeError, /head\.bais is not a parameter/);
        assertThrowsNamed(() => t.setWeights({ 'head.bias': new Float32Array(3) }), RangeError, /head\.bias must have 8 values/);
        assertThrowsNamed(() => t.setWeights({ 'head.bias': [0, 0, 0, 0, 0, 0, 0, NaN] }), RangeError, /head\.bias\[7\]/);
        assertThrowsNamed(() => t.setWeights(null), TypeError, /weights/);
      } finally {
        t.dispose();
      }
    });

    test('bad options name the option', () => {
      const bad = [
        [{ task: 'add1' }, RangeError, /task must be one of/],
        [{ position: 3 }, TypeError, /position/],
        [{ trainLength: 3 }, RangeError, /trainLength/],
        [{ trainLength: 4.5 }, RangeError, /trainLength/],
        [{ task: 'recall', trainLength: 7 }, RangeError, /even/],
        [{ dModel: 200 }, RangeError, /dModel/],
        [{ heads: 3 }, RangeError, /heads/],
        [{ layers: 0 }, RangeError, /layers/],
        [{ vocab: 2 }, RangeError, /vocab/],
        [{ batch: '4' }, TypeError, /batch/],
        [{ warmup: 5000 }, RangeError, /warmup/],
        [{ lr: -1 }, RangeError, /lr/],
        [{ weightDecay: NaN }, RangeError, /weightDecay/],
        [{ clip: 0 }, RangeError, /clip/],
        [{ seed: -1 }, RangeError, /seed/],
        [{ maxPositions: 64 }, RangeError, /maxPositions/],
        [{ position: 't5', t5Buckets: 1 }, RangeError, /t5Buckets/],
        [{ d_model: 32 }, TypeError, /d_model is not an option/],
        // another method's options are refused, not ignored
        [{ position: 'alibi', t5Buckets: 4 }, RangeError, /t5Buckets and t5MaxDistance are options of position 't5'/],
        [{ position: 'rope', t5MaxDistance: 64 }, RangeError, /position 't5'/],
        [{ scaleEmbedding: 1 }, TypeError, /scaleEmbedding/],
        // training-time RoPE scaling: position interpolation only, RoPE only
        [{ position: 'alibi', scaling: { type: 'linear', factor: 2 } }, RangeError, /rope position method only/],
        [{ position: 'rope', scaling: { type: 'dynamic', factor: 2 } }, RangeError, /'linear' in training/],
        [{ position: 'rope', scaling: { type: 'linear', factor: -1 } }, RangeError, /factor/],
      ];
      for (const [options, type, pattern] of bad) assertThrowsNamed(() => pe.train.create(options), type, pattern, JSON.stringify(options));
      assertThrowsNamed(() => pe.train.create(null), TypeError, /options/);
      const defaults = pe.train.create();  // every option has a default
      assert.equal(defaults.sequenceLength, 17);  // copy, trainLength 8
      assert.deepEqual(defaults.shapes['tok_emb'], [16, 32]);
      defaults.dispose();
    });

    test('a trainer made with a scaling trains and evaluates with it unless given another', () => {
      const options = { ...tiny, position: 'rope', steps: 20 };
      const plain = pe.train.create(options);
      const scaled = pe.train.create({ ...options, scaling: { type: 'linear', factor: 2 } });
      try {
        const batch = plain.batch();
        assert.notEqual(plain.gradients(batch).loss, scaled.gradients(batch).loss, 'training sees the scaled positions');
        scaled.step(20);
        const own = scaled.evaluate({ lengths: [6], samples: 8 })[0];
        const given = scaled.evaluate({ lengths: [6], samples: 8, scaling: { type: 'linear', factor: 2 } })[0];
        const none = scaled.evaluate({ lengths: [6], samples: 8, scaling: { type: 'default' } })[0];
        assert.deepEqual(own.loss, given.loss);
        assert.notDeepEqual(own.loss, none.loss);
        const prompt = [0, 3, 4, 5, 6, 1];
        assert.deepEqual(scaled.predict(prompt), scaled.predict(prompt, { scaling: { type: 'linear', factor: 2 } }));
      } finally {
        plain.dispose();
        scaled.dispose();
      }
    });

    test('a trainer survives any bad call, and any call after dispose is a named error', () => {
      const t = pe.train.create({ ...tiny, position: 'sinusoidal' });
      const good = t.batch();
      const calls = [
        [() => t.step(0), RangeError, /n must be an integer/],
        [() => t.step('2'), TypeError, /n must be an integer/],
        [() => t.step(1.5), RangeError, /n must be an integer/],
        [() => t.evaluate({ lengths: [0], samples: 2 }), RangeError, /lengths\[0\]/],
        [() => t.evaluate({ lengths: [4], samples: 0 }), RangeError, /samples/],
        [() => t.evaluate({ lengths: [4], scaling: { type: 'linear', factor: 2 } }), RangeError, /scaling/],
        [() => t.evaluate({ lengths: 'x' }), TypeError, /lengths/],
        [() => t.evaluate({ lenghts: [4] }), TypeError, /lenghts is not an option/],
        [() => t.attention([0, 99]), RangeError, /tokens\[1\]/],
        [() => t.attention([]), RangeError, /tokens/],
        [() => t.predict([0, 3]), RangeError, /prompt/],
        // a prompt has the task's shape: BOS, symbols, SEP (copy: [0, x…, 1])
        [() => t.predict([0, 3, 4, 5, 6, 7]), RangeError, /tokens\[5\] must be SEP/],
        [() => t.predict([3, 3, 4, 5, 6, 1]), RangeError, /tokens\[0\] must be BOS/],
        [() => t.predict([0, 3, 1, 5, 6, 1]), RangeError, /tokens\[2\] must be a symbol/],
        // the task's real cap (copy: 511 symbols), not the int32 range
        [() => t.evaluate({ lengths: [2 ** 40] }), RangeError, /lengths.*511/],
        [() => t.step(101), RangeError, /at most 100 more/],
        [() => t.gradients({ inputs: good.inputs, targets: good.targets.slice(1) }), RangeError, /targets/],
        [() => t.gradients({ inputs: good.inputs.slice(1), targets: good.targets.slice(1) }), RangeError, /inputs must hold batch/],
        [() => t.stepOn({ inputs: good.inputs, targets: new Int32Array(good.targets.length).fill(-1) }), RangeError, /at least one answer/],
        [() => t.stepOn({ inputs: good.inputs.map(() => 9), targets: good.targets }), RangeError, /inputs\[0\]/],
        [() => t.stepOn({ inputs: [...good.inputs].map((v, i) => (i ? v : 0.5)), targets: good.targets }), RangeError, /inputs\[0\]/],
      ];
      for (const [fn, type, pattern] of calls) assertThrowsNamed(fn, type, pattern, String(fn));
      assert.equal(t.steps, 0);
      assert.equal(t.step(2).length, 2);
      assert.ok(Number.isFinite(t.stepOn(good)));
      t.dispose();
      for (const fn of [() => t.step(), () => t.weights(), () => t.evaluate({ lengths: [4] }), () => t.steps, () => t.dispose()])
        assertThrowsNamed(fn, TypeError, /disposed/);
    });

    test('memory stays flat over 10 000 steps and dispose returns it', () => {
      const before = pe.diagnostics().heapInUse;
      const t = pe.train.create({ ...tiny, batch: 1, layers: 1, steps: 10010 });
      t.step(10);
      t.evaluate({ lengths: [4, 8], samples: 8 });
      const warm = pe.diagnostics().heapInUse;
      for (let i = 0; i < 10; i++) t.step(1000);
      t.evaluate({ lengths: [4, 8], samples: 8 });
      assert.equal(pe.diagnostics().heapInUse, warm);
      t.dispose();
      assert.equal(pe.diagnostics().heapInUse, before);
    });
  });
}
