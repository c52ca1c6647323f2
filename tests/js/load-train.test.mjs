// load() gives the engine without the trainer (issue 22: 25 KiB less gzip before a phone's first widget),
// load({ train: true }) the one with it; the entry that inlines the wasm carries only the latter.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { importEngine, assertThrowsNamed } from './helpers.mjs';

const { load } = await importEngine();

const NO_TRAINER = /^pe\.train\.create: this engine was loaded without the trainer; load\(\{ train: true \}\) gives an engine with it$/;

describe('load({ train })', () => {
  test('load() has pe.train.tasks and positions, but create() is a TypeError naming load({ train: true })', async () => {
    const pe = await load();
    assert.ok(pe.train.tasks.includes('copy'));
    assert.ok(pe.train.positions.includes('rope'));
    assertThrowsNamed(() => pe.train.create({ task: 'copy', seed: 1 }), TypeError, NO_TRAINER);
    assertThrowsNamed(() => pe.train.create(), TypeError, NO_TRAINER);
    // the rest of the engine is all there
    assert.equal(pe.sinusoidal({ length: 2, dModel: 4 }).length, 8);
  });

  test('load({ train: true }) trains; one instance per build, apart from load()', async () => {
    const lean = await load();
    const pe = await load({ train: true });
    assert.notEqual(pe, lean);
    assert.equal(await load({ train: true }), pe, 'memoised');
    assert.equal(await load({ train: false }), lean, 'train: false is load()');
    assert.equal(pe.simd, lean.simd);
    const t = pe.train.create({ task: 'copy', position: 'rope', trainLength: 4, dModel: 16, layers: 1, heads: 2, batch: 4, seed: 3 });
    const losses = t.step(2);
    assert.ok(losses instanceof Float32Array && losses.length === 2);
    assert.ok(losses.every((l) => Number.isFinite(l) && l > 0), `steps give finite losses (got ${losses})`);
    assert.equal(t.steps, 2);
    t.dispose();
    // the two builds compute the same numbers outside the trainer
    assert.deepEqual(pe.sinusoidal({ length: 5, dModel: 8 }), lean.sinusoidal({ length: 5, dModel: 8 }));
  });

  test('the scalar build with the trainer', async () => {
    const pe = await load({ simd: false, train: true });
    assert.equal(pe.simd, false);
    assert.notEqual(pe, await load({ simd: false }));
    const t = pe.train.create({ task: 'sort', trainLength: 4, dModel: 16, layers: 1, heads: 2, batch: 4, seed: 1 });
    assert.equal(t.steps, 0);
    t.dispose();
  });

  test('the inlined engine (engine/inline.js) carries the SIMD build with the trainer alone, deflated: load() trains, one instance', async () => {
    const inline = await import('../../web/src/engine/inline.js');
    const pe = await inline.load();
    assert.equal(await inline.load({ train: true }), pe);
    const t = pe.train.create({ task: 'copy', trainLength: 4, dModel: 16, layers: 1, heads: 2, batch: 4, seed: 2 });
    assert.equal(t.step(1).length, 1);
    t.dispose();
  });

  test('the inlined engine carries no scalar build: load({ simd: false }) rejects, saying why', async () => {
    const inline = await import('../../web/src/engine/inline.js');
    await assert.rejects(inline.load({ simd: false }), /^Error: this browser has no WebAssembly SIMD: this script carries only the engine's SIMD build\. Safari 16\.4 or later/);
  });

  test('a train option that is not a boolean is a rejected TypeError', async () => {
    await assert.rejects(load({ train: 'yes' }), (e) => e instanceof TypeError && /^load options\.train must be a boolean \(got string\)$/.test(e.message));
    await assert.rejects(load({ trian: true }), (e) => e instanceof TypeError && /options\.trian is not an option \(the options are simd and train\)/.test(e.message));
  });
});
