// The npm package's ES modules, dist/esm/: web/src's modules as `import 'posenc'`, 'posenc/widgets' and
// 'posenc/widgets/inline' run them, without their comments, and the engine builds beside them (engine/gen/).
// Why: the commented sources were a fifth of the tarball; a bundler or Node runs the same statements, laid out
// as written (not minified, so a stack trace still reads), and the commented sources stay in the repository.
// The type declarations (web/src/**/*.d.ts, their comments the API's documentation) ship where they are.
import { transformSync } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Whether web/src's `path` (relative, with `/`) is published: not a test or its helper, not the scalar glue (one glue serves both builds). */
export function published(path) {
  if (/\.test\.mjs$|(^|\/)train-page\.mjs$|\.d\.ts$|\.md$/.test(path)) return false;
  if (path.startsWith('engine/gen/')) return /^engine\/gen\/(posenc-(simd|train-simd|wasm-inline)\.mjs|[\w-]+\.wasm)$/.test(path);
  return /\.js$/.test(path);
}

/** Writes dist/esm/ from `src` (web/src): every published module without comments (esbuild's printer), the rest copied. */
export function writePackageModules(src, out) {
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  for (const file of walk(src)) {
    const path = relative(src, file).split('\\').join('/');
    if (!published(path)) continue;
    const target = join(out, path);
    mkdirSync(dirname(target), { recursive: true });
    if (path.startsWith('engine/gen/')) {
      copyFileSync(file, target);
      continue;
    }
    // esnext in, esnext out: only the layout changes (comments dropped, except /* @__PURE__ */ marks)
    const { code } = transformSync(readFileSync(file, 'utf8'), { loader: 'js', format: 'esm', charset: 'utf8', sourcefile: path });
    writeFileSync(target, code);
  }
}
