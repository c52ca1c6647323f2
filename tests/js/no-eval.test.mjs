// Pages with a strict Content-Security-Policy forbid eval/new Function: the engine (embind built with
// -sDYNAMIC_EXECUTION=0) must load and compute in a Node process that disallows code generation.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

test('every API function works with code generation from strings disallowed', () => {
  // every call the option table declares, with its example options, plus the calls that take no options
  const script = `
    const { load } = await import('posenc');
    const { schemaCalls } = await import(${JSON.stringify(new URL('./schema-calls.mjs', import.meta.url).href)});
    for (const simd of [true, false]) {
      const pe = await load({ simd });
      for (const c of schemaCalls()) c.run(pe);
      pe.compare([1, 2], [2, 1]);
      pe.alibi.slopes(3);
      pe.rope.invFreq({ headDim: 8, scaling: { type: 'yarn', factor: 4, originalMaxPositionEmbeddings: 64 } });
      try { pe.sinusoidal({ length: -1, dModel: 8 }); } catch (e) { if (!(e instanceof RangeError)) throw e; }
    }
    console.log('ok');`;
  const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(out.trim(), 'ok');
});
