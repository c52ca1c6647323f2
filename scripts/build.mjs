// Builds the WebAssembly engine (SIMD and scalar) into web/src/engine/gen/, then the web bundles.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emEnv, ensureNodeModules, ensurePackages, root, run } from './toolchain.mjs';

export function buildWasm() {
  ensurePackages(['emscripten', 'cmake', 'catch2']);
  const dir = join(root, 'build/wasm');
  if (!existsSync(join(dir, 'CMakeCache.txt')))
    run('emcmake', ['cmake', '-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=Release'], { env: emEnv() });
  run('cmake', ['--build', dir, '-j2', '--target', 'posenc-simd', 'posenc-scalar'], { env: emEnv() });
  const gen = join(root, 'web/src/engine/gen');
  mkdirSync(gen, { recursive: true });
  for (const variant of ['simd', 'scalar']) {
    // 3.1.6 cannot emit a working ES module for Node, so the classic MODULARIZE glue gets an ESM export.
    const glue = readFileSync(join(dir, `posenc-${variant}.js`), 'utf8');
    writeFileSync(join(gen, `posenc-${variant}.mjs`), `${glue}\nexport default createPosencModule;\n`);
    copyFileSync(join(dir, `posenc-${variant}.wasm`), join(gen, `posenc-${variant}.wasm`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNodeModules();
  buildWasm();
  if (existsSync(join(root, 'scripts/build-web.mjs'))) run('node', ['scripts/build-web.mjs']);
}
