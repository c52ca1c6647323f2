// The engine in Chromium: the browser entry point (fetching the .wasm next to it) loads both builds, and
// their results match the numpy/torch fixtures the Node suite uses; errors are RangeError/TypeError.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/start.mjs';
import { CHROMIUM_ARGS, root } from './helpers.mjs';

const fixture = (name) => JSON.parse(readFileSync(join(root, 'tests/fixtures', `${name}.json`), 'utf8'));
let browser, server, page;

before(async () => {
  server = await serve({ '/engine/': join(root, 'web/src/engine'), '/': join(root, 'tests/browser/pages') });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  page = await browser.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${server.url}engine.html`);
  await page.waitForFunction(() => window.posencEngineReady === true);
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('both builds load in Chromium and match the sinusoidal, RoPE, ALiBi and T5 fixtures', async () => {
  const cases = {
    sinusoidal: fixture('sinusoidal').cases.slice(0, 6),
    rope: fixture('rope').apply.slice(0, 4),
    alibi: fixture('alibi').calls.filter((c) => c.call === 'alibi.slopes').map((c) => ({ heads: c.input, slopes: c.expected })),
    t5: fixture('t5').calls.filter((c) => c.call === 't5.buckets').map((c) => ({ params: c.options, expected: c.expected })),
  };
  const report = await page.evaluate(async (cases) => {
    const out = [];
    for (const simd of [true, false]) {
      const pe = await window.posencEngine.load({ simd });
      let worst = 0;
      for (const c of cases.sinusoidal) {
        const t = pe.sinusoidal(c.params);
        t.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - c.expected[i]))));
      }
      let ropeWorst = 0;
      for (const c of cases.rope) {
        const r = pe.rope.apply(c.x, c.params);
        r.forEach((v, i) => (ropeWorst = Math.max(ropeWorst, Math.abs(v - c.expected[i]))));
      }
      const slopesOk = cases.alibi.every((c) => Array.from(pe.alibi.slopes(c.heads)).every((s, i) => Math.abs(s - c.slopes[i]) <= 1e-7 * c.slopes[i]));
      const t5Ok = cases.t5.every((c) => Array.from(pe.t5.buckets(c.params)).every((b, i) => b === c.expected[i]));
      let errorClass = 'none';
      try {
        pe.sinusoidal({ length: 4, dModel: 4, base: 1 });
      } catch (e) {
        errorClass = `${e.constructor.name}: ${e.message}`;
      }
      out.push({ simd: pe.simd, build: pe.build, worst, ropeWorst, slopesOk, t5Ok, errorClass });
    }
    return out;
  }, cases);
  assert.equal(report.length, 2);
  assert.equal(report[0].simd, true, 'Chromium supports WebAssembly SIMD, so load({ simd: true }) must give it');
  assert.equal(report[1].simd, false);
  for (const r of report) {
    assert.ok(r.worst <= 2.5e-7, `${r.build}: sinusoidal error ${r.worst}`);
    assert.ok(r.ropeWorst <= 1e-5, `${r.build}: RoPE error ${r.ropeWorst}`);
    assert.ok(r.slopesOk, `${r.build}: ALiBi slopes`);
    assert.ok(r.t5Ok, `${r.build}: T5 buckets`);
    assert.match(r.errorClass, /^RangeError: base/);
  }
  assert.deepEqual(page.errors, []);
});

test('pe.buffer in Chromium: in-place RoPE and sinusoidal match the array results, growth and free are handled', async () => {
  const report = await page.evaluate(async () => {
    const out = [];
    for (const simd of [true, false]) {
      const pe = await window.posencEngine.load({ simd });
      const shape = { seqLen: 40, heads: 4, headDim: 16, offset: 5 };
      const x = pe.learned({ maxLength: 160, dModel: 16, std: 1 });
      const expected = pe.rope.apply(x, shape);
      const b = pe.buffer(x.length);
      b.array.set(x);
      const same = pe.rope.apply(b, { ...shape, into: b }) === b && b.array.every((v, i) => Object.is(v, expected[i]));
      const table = pe.buffer(64 * 32);
      pe.sinusoidal({ length: 64, dModel: 32, into: table });
      const tableSame = pe.sinusoidal({ length: 64, dModel: 32 }).every((v, i) => Object.is(v, table.array[i]));
      const old = b.array;
      const big = pe.buffer(2 ** 25);  // grows the engine's memory
      let stale = 'none';
      try {
        pe.compare(old, [1]);
      } catch (e) {
        stale = `${e.constructor.name}: ${e.message}`;
      }
      const regrown = b.array.length === x.length && b.array.every((v, i) => Object.is(v, expected[i]));
      big.free();
      table.free();
      b.free();
      out.push({ build: pe.build, same, tableSame, stale, regrown, live: pe.diagnostics().liveBuffers });
    }
    return out;
  });
  for (const r of report) {
    assert.ok(r.same, `${r.build}: in-place RoPE`);
    assert.ok(r.tableSame, `${r.build}: sinusoidal into a buffer`);
    assert.match(r.stale, /^TypeError: a is a view of engine memory from before the memory grew/);
    assert.ok(r.regrown, `${r.build}: buffer.array after growth`);
    assert.equal(r.live, 0);
  }
  assert.deepEqual(page.errors, []);
});

/** A fresh engine page that records which of WebAssembly's compile functions the loader called. */
async function compilePage(route = null) {
  const p = await browser.newPage();
  p.errors = [];
  p.on('pageerror', (e) => p.errors.push(e.message));
  await p.addInitScript(() => {
    window.compiledWith = [];
    for (const name of ['compile', 'compileStreaming']) {
      const f = WebAssembly[name];
      WebAssembly[name] = function (...args) {
        window.compiledWith.push(name);
        return f.apply(this, args);
      };
    }
  });
  if (route) await p.route(/\.wasm$/, route);
  await p.goto(`${server.url}engine.html`);
  await p.waitForFunction(() => window.posencEngineReady === true);
  return p;
}

const sinusoidalOk = (p) =>
  p.evaluate(async () => {
    const pe = await window.posencEngine.load({ simd: true });
    return { value: pe.sinusoidal({ length: 2, dModel: 2 })[2], compiledWith: window.compiledWith };
  });

test('load() fetches the build without the trainer, load({ train: true }) the one with it (its own wasm and glue), and trains', async () => {
  const p = await browser.newPage();
  const wasm = [];
  p.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(r.url().replace(/^.*\//, '')));
  await p.goto(`${server.url}engine.html`);
  await p.waitForFunction(() => window.posencEngineReady === true);
  const r = await p.evaluate(async () => {
    const lean = await window.posencEngine.load({ simd: true });
    let leanError = '';
    try {
      lean.train.create({ task: 'copy' });
    } catch (e) {
      leanError = `${e.constructor.name}: ${e.message}`;
    }
    const out = { tasks: lean.train.tasks.length, leanError, builds: [] };
    for (const simd of [true, false]) {
      const pe = await window.posencEngine.load({ simd, train: true });
      const t = pe.train.create({ task: 'copy', trainLength: 4, dModel: 16, layers: 1, heads: 2, batch: 4, seed: 1 });
      out.builds.push({ simd: pe.simd, sameAsLean: pe === lean, losses: Array.from(t.step(2)) });
      t.dispose();
    }
    return out;
  });
  assert.equal(r.tasks, 5);
  assert.match(r.leanError, /^TypeError: pe\.train\.create: this engine was loaded without the trainer; load\(\{ train: true \}\) gives an engine with it$/);
  for (const b of r.builds) {
    assert.equal(b.sameAsLean, false);
    assert.ok(b.losses.length === 2 && b.losses.every((l) => Number.isFinite(l) && l > 0), JSON.stringify(b));
  }
  assert.deepEqual(r.builds.map((b) => b.simd), [true, false]);
  assert.ok(wasm.includes('posenc-train-simd.wasm') && wasm.includes('posenc-train-scalar.wasm'), wasm.join());
  assert.deepEqual(p.errors ?? [], []);
  await p.close();
});

test('the browser loader compiles the wasm while it downloads, and from its bytes where the server does not say application/wasm', async () => {
  const streamed = await compilePage();
  const s = await sinusoidalOk(streamed);
  assert.deepEqual(s.compiledWith, ['compileStreaming']);
  assert.ok(Math.abs(s.value - Math.sin(1)) < 1e-6);
  // a host serving .wasm as application/octet-stream: compileStreaming would refuse the response
  const plain = await compilePage(async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  const b = await sinusoidalOk(plain);
  assert.deepEqual(b.compiledWith, ['compile']);
  assert.ok(Math.abs(b.value - Math.sin(1)) < 1e-6);
  assert.deepEqual([...streamed.errors, ...plain.errors], []);
  await streamed.close();
  await plain.close();
});

test('a wasm that compiles but does not link: load() rejects with the reason instead of hanging', async () => {
  // a valid module importing a function the glue does not provide ("a"."zz"): instantiation fails
  const unlinkable = Buffer.from([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 8, 1, 1, 97, 2, 122, 122, 0, 0]);
  const p = await compilePage((route) => route.fulfill({ body: unlinkable, contentType: 'application/wasm' }));
  const outcome = await p.evaluate(() => {
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still pending after 10 s'), 10000));
    return Promise.race([window.posencEngine.load({ simd: true }).then(() => 'resolved', (e) => `rejected: ${e.message}`), timeout]);
  });
  assert.match(outcome, /^rejected: the WebAssembly engine could not start: .*zz/);
  await p.close();
});
