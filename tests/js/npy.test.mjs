// pe.toNpy: every table the engine returns, as NumPy reads it. numpy itself loads the bytes (Debian's
// python3-numpy, which npm test installs) and checks dtype, shape and every value.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builds, assertThrowsNamed } from './helpers.mjs';

const [[, pe]] = await builds();

describe('toNpy', () => {
  test('numpy reads what the engine returns: dtype, shape and every value', () => {
    const dir = mkdtempSync(join(tmpdir(), 'posenc-npy-'));
    const tables = {
      sinusoidal: [pe.sinusoidal({ length: 7, dModel: 5 }), [7, 5], 'float32'],
      invFreq: [pe.rope.invFreq({ headDim: 8 }).invFreq, [4], 'float64'],
      buckets: [pe.t5.buckets({ queryLength: 3, keyLength: 4 }), [3, 4], 'int32'],
      alibi: [pe.alibi.bias({ heads: 2, length: 3 }), [2, 3, 3], 'float32'],
      list: [[1.5, -2, 1e300], undefined, 'float64'],
      empty: [new Float32Array(0), [0, 3], 'float32'],
    };
    const expected = {};
    for (const [name, [data, shape, dtype]] of Object.entries(tables)) {
      writeFileSync(join(dir, `${name}.npy`), pe.toNpy(data, shape));
      // -Infinity (ALiBi's mask) as a string: JSON has no infinities
      expected[name] = { dtype, shape: shape ?? [data.length], values: Array.from(data, (v) => (v === -Infinity ? '-inf' : v)) };
    }
    const script = `
import json, sys, numpy as np
expected = json.load(sys.stdin)
for name, e in expected.items():
    a = np.load(sys.argv[1] + '/' + name + '.npy')
    assert str(a.dtype) == e['dtype'], (name, a.dtype)
    assert list(a.shape) == e['shape'], (name, a.shape)
    want = np.array([float(v) for v in e['values']], dtype=a.dtype).reshape(a.shape)
    assert np.array_equal(a, want), name
print('ok', len(expected))`;
    const out = execFileSync('/usr/bin/python3', ['-c', script, dir], { input: JSON.stringify(expected) }).toString();
    rmSync(dir, { recursive: true, force: true });
    assert.match(out, /^ok 6/);
  });

  test('bad input names what was expected', () => {
    assertThrowsNamed(() => pe.toNpy(new Float32Array(6), [4, 2]), RangeError, /shape \[4, 2\] holds 8 values, data has 6/);
    assertThrowsNamed(() => pe.toNpy(new Float32Array(6), [2.5, 2]), TypeError, /shape/);
    assertThrowsNamed(() => pe.toNpy(new Int16Array(2)), TypeError, /data must be/);
    assertThrowsNamed(() => pe.toNpy(['1']), TypeError, /data\[0\]/);
  });

  test('the header is padded to 64 bytes and the data follows it', () => {
    const bytes = pe.toNpy(new Float32Array([1, 2]), [2]);
    const headerLength = bytes[8] | (bytes[9] << 8);
    assert.equal((10 + headerLength) % 64, 0);
    assert.equal(bytes[10 + headerLength - 1], 0x0a);
    assert.deepEqual(new Float32Array(bytes.slice(10 + headerLength).buffer), new Float32Array([1, 2]));
  });
});
