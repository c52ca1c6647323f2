// The isolated npm smoke test: pack the package as it would be published, install the tarball into an
// empty project, and use it the way a consumer does — `import { load } from 'posenc'` in Node.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'posenc-pack-'));
after(() => rmSync(work, { recursive: true, force: true }));

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test('npm pack → install in an empty folder → import and compute in Node', () => {
  const [{ filename, files }] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], root));
  const paths = files.map((f) => f.path);
  for (const needed of ['web/src/engine/node.js', 'web/src/engine/index.d.ts', 'web/src/engine/gen/posenc-simd.wasm', 'web/src/engine/gen/posenc-scalar.wasm'])
    assert.ok(paths.includes(needed), `the tarball lacks ${needed}`);
  for (const path of paths) assert.ok(!/^(cpp|tests|build|bench|scripts)\//.test(path), `the tarball should not ship ${path}`);

  const app = join(work, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', type: 'module', private: true }));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, filename)], app);
  assert.ok(readdirSync(join(app, 'node_modules')).includes('posenc'));

  writeFileSync(
    join(app, 'main.js'),
    `import { load } from 'posenc';
     const pe = await load();
     const t = pe.sinusoidal({ length: 2, dModel: 4, base: 100 });
     console.log(JSON.stringify({ simd: pe.simd, value: t[6], slopes: Array.from(pe.alibi.slopes(2)) }));`,
  );
  const result = JSON.parse(execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8' }));
  assert.ok(Math.abs(result.value - Math.sin(0.1)) < 1e-7, `PE(1, 2) = ${result.value}`);
  assert.deepEqual(result.slopes, [0.0625, 0.00390625]);
});
