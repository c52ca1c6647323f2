// "Copy as PyTorch" and the .npy export, checked with the libraries they are for: each snippet runs under
// Debian's python3-torch, and its `result` must equal what numpy loads from the widget's .npy (same shape,
// same dtype, the same numbers within float32 rounding). npm test installs python3-torch and python3-numpy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserPerFile, widgetPage, evalEl, settle } from './helpers.mjs';

const env = browserPerFile();

const CASES = [
  ['heatmap', 'length="40" d-model="32"'],
  ['heatmap', 'length="9" d-model="13" base="500" offset="1000" layout="split"'],
  ['similarity', 'length="24" d-model="16"'],
  ['similarity', 'length="20" d-model="12" metric="dot"'],
  ['similarity', 'length="20" d-model="12" metric="euclidean"'],
  ['alibi', 'heads="6" length="12"'],
  ['alibi', 'heads="5" length="9" symmetric'],
  ['t5', 'length="40"'],
  ['t5', 'length="48" bidirectional num-buckets="16" max-distance="20"'],
  ...['llama-3.1-8b', 'qwen2.5-7b-yarn', 'phi-3-mini-128k', 'deepseek-v3', 'pythia-1.4b', 'gpt-oss-20b', 'vicuna-7b-16k', 'llama-2-7b-dynamic'].map((id) => ['model', `preset="${id}"`]),
  ['rope', ''],
  ['rope', 'head-dim="32" base="500" convention="interleaved" span="40"'],
  ['waves', ''],
  ['waves', 'view="dimension" length="50" d-model="24" positions="3 17"'],
  ['compare', 'd-model="48" base="100"'],
  ['padding', ''],
  ['padding', 'pad-side="left" pad-token-id="0" past-length="3"'],
  ['scaling', ''],
  ['scaling', 'head-dim="64" base="500000" factor="16" original-max="4096" seq-len="20000"'],
  // the toy vocabulary and the seeded tables, recomputed in Python bit for bit (odd widths: the dropped draw)
  ['pipeline', ''],
  ['pipeline', 'token="día 🙂" position="37" d-model="13" scale dropout dropout-rate="0.3" base="500"'],
  ['slicing', ''],
  ['slicing', 'batch="3" seq="5" length="9" d-model="6"'],
  ['permutation', ''],
  ['permutation', 'tokens="el,gato,&quot;come&quot;,el,pez,ñ" order="5,3,1,0,2,4" d-model="9"'],
  ['permutation', 'encoding order="2,0,1" tokens="a,b,c"'],
  ['learned', ''],
  ['learned', 'max-length="40" d-model="9" seed="4000000000" std="0.5"'],
  ['methods', ''],
  ['methods', 'train-length="16" query="40" window="12" heads="5" head="3" d-model="10" seed="3" base="500"'],
  ['properties', ''],
  ['properties', 'length="300" d-model="10" base="50" pos="77" k="1234" train-length="40"'],
];

// Runs each snippet, loads each .npy, and compares: exact for integers and masks, 1e-6 otherwise.
const COMPARE = `
import contextlib, io, json, sys, numpy as np
results = []
for case in json.load(sys.stdin):
    scope = {}
    with contextlib.redirect_stdout(io.StringIO()):  # what the code prints is for its reader
        exec(case["code"], scope)
    got = scope["result"].numpy()
    want = np.load(case["npy"])
    assert got.shape == want.shape and got.dtype == want.dtype, (case["name"], got.shape, got.dtype, want.shape, want.dtype)
    finite = np.isfinite(want)
    assert np.array_equal(finite, np.isfinite(got)) and np.array_equal(want[~finite], got[~finite]), case["name"]
    error = float(np.max(np.abs(got[finite].astype(np.float64) - want[finite]), initial=0))
    results.append({"name": case["name"], "error": error, "shape": list(want.shape), "dtype": str(want.dtype)})
print(json.dumps(results))`;

test('export: every PyTorch snippet recomputes what numpy loads from the widget\'s .npy', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'posenc-pytorch-'));
  const page = await widgetPage(env, '<div id="host"></div>');
  const cases = [];
  for (const [i, [tag, attrs]] of CASES.entries()) {
    await page.evaluate((h) => (document.querySelector('#host').innerHTML = h), `<posenc-${tag} id="w" ${attrs}></posenc-${tag}>`);
    await settle(page, '#w');
    const { code, npy } = await evalEl(page, '#w', (el) => {
      const table = el.toArray();
      return { code: el.toPyTorch(), npy: Array.from(el.pe.toNpy(table.data, table.shape)) };
    });
    const file = join(dir, `${i}.npy`);
    writeFileSync(file, Uint8Array.from(npy));
    cases.push({ name: `${tag} ${attrs}`, code, npy: file });
  }
  assert.deepEqual(page.errors, []);
  const results = JSON.parse(execFileSync('/usr/bin/python3', ['-c', COMPARE], { input: JSON.stringify(cases) }).toString());
  rmSync(dir, { recursive: true, force: true });
  for (const r of results) {
    // float32 tables within float32 rounding; float64 frequencies (model, scaling) relative to their size
    const tolerance = r.dtype === 'int32' ? 0 : r.dtype === 'float64' ? 1e-12 : 1e-5 * (r.name.includes('dot') || r.name.includes('euclidean') ? 10 : 1);
    t.diagnostic(`${r.name}: ${r.shape.join('×')} ${r.dtype}, max difference ${r.error}`);
    assert.ok(r.error <= tolerance, `${r.name}: max difference ${r.error} (${r.shape.join('×')} ${r.dtype})`);
  }
  assert.equal(results.length, CASES.length);
});

test('export: the PyTorch button copies the code, or shows it to copy when the clipboard refuses', async () => {
  const page = await widgetPage(env, '<posenc-alibi id="w" heads="4" length="8"></posenc-alibi><posenc-methods id="v"></posenc-methods>');
  await settle(page, '#w');
  await page.locator('#w').getByRole('button', { name: /Copy PyTorch code/ }).click();
  const status = page.locator('#w').getByRole('status').first();
  await assert.doesNotReject(status.filter({ hasText: /PyTorch code/ }).waitFor());
  const shown = await page.locator('#w').locator('#pytorch-code').count();
  if (shown) assert.match(await page.locator('#w').locator('#pytorch-code').inputValue(), /^# posenc <posenc-alibi>/);
  else assert.match(await status.textContent(), /copied/);

  // a widget with no single tensor: its .npy holds its CSV's numeric columns
  const table = await evalEl(page, '#v', (el) => {
    const t = el.toArray();
    return { shape: t.shape, columns: t.columns, first: Array.from(t.data.slice(0, 3)) };
  });
  assert.equal(table.shape.length, 2);
  assert.ok(table.shape[0] > 1 && table.shape[1] === table.columns.length, JSON.stringify(table));
});
