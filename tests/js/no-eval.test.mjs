// Pages with a strict Content-Security-Policy forbid eval/new Function: the engine (embind built with
// -sDYNAMIC_EXECUTION=0) must load and compute in a Node process that disallows code generation.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

test('every API function works with code generation from strings disallowed', () => {
  const script = `
    const { load } = await import('posenc');
    for (const simd of [true, false]) {
      const pe = await load({ simd });
      const t = pe.sinusoidal({ length: 4, dModel: 8 });
      pe.similarity(t, { length: 4, dModel: 8 });
      pe.learned({ maxLength: 4, dModel: 8 });
      pe.compare([1, 2], [2, 1]);
      pe.rope.invFreq({ headDim: 8, scaling: { type: 'yarn', factor: 4, originalMaxPositionEmbeddings: 64 } });
      pe.rope.apply(t, { seqLen: 4, heads: 1, headDim: 8 });
      pe.alibi.bias({ heads: 3, length: 4 });
      pe.t5.buckets({ queryLength: 3, keyLength: 3 });
      pe.positionIds([0, 1, 1], { padTokenId: 1 });
      pe.attention({ q: t, k: t, v: t, seqLen: 4, heads: 1, headDim: 8, causal: true });
      try { pe.sinusoidal({ length: -1, dModel: 8 }); } catch (e) { if (!(e instanceof RangeError)) throw e; }
    }
    console.log('ok');`;
  const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(out.trim(), 'ok');
});
