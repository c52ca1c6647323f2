// `npm test`: builds everything and runs every suite — native C++ (SSE2 and scalar), the same C++ suite
// compiled to WASM SIMD and run under Node, the JS engine tests, the type check, and the browser tests.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWasm } from './build.mjs';
import { emEnv, ensureNodeModules, ensurePackages, root, run } from './toolchain.mjs';
import { PHONE_WIDTH_TESTS } from '../tests/browser/fonts.mjs';

const FUZZ_SECONDS = Number(process.env.POSENC_FUZZ_SECONDS ?? 60);

const step = (name, fn) => {
  const t0 = Date.now();
  console.log(`\n[posenc test] ${name}`);
  fn();
  console.log(`[posenc test] ${name}: ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
};

ensureNodeModules();
ensurePackages(['emscripten', 'cmake', 'g++', 'catch2', 'zopfli', 'chromium', 'clang-14', 'libclang-rt-14-dev', 'fonts-liberation', 'fonts-noto-core', 'fonts-wqy-microhei', 'mkdocs', 'hugo', 'python3-sphinx', 'jekyll', 'jupyter-nbconvert', 'poppler-utils', 'python3-numpy', 'python3-torch']);

step('build the WebAssembly engine', () => {
  buildWasm();
  if (existsSync(join(root, 'scripts/build-web.mjs'))) run('node', ['scripts/build-web.mjs']);
});

step('C++ tests, native (SSE2 and scalar)', () => {
  const dir = join(root, 'build/native');
  if (!existsSync(join(dir, 'CMakeCache.txt'))) run('cmake', ['-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=Release']);
  run('cmake', ['--build', dir, '-j2', '--target', 'posenc_tests', 'posenc_tests_scalar']);
  run(join(dir, 'posenc_tests'), []);
  run(join(dir, 'posenc_tests_scalar'), []);
});

step('C++ tests, native under AddressSanitizer + UndefinedBehaviorSanitizer', () => {
  const dir = join(root, 'build/asan');
  if (!existsSync(join(dir, 'CMakeCache.txt')))
    run('cmake', ['-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DPOSENC_SANITIZE=ON']);
  run('cmake', ['--build', dir, '-j2', '--target', 'posenc_tests']);
  run(join(dir, 'posenc_tests'), [], { env: { ...process.env, UBSAN_OPTIONS: 'print_stacktrace=1' } });
});

step(`libFuzzer over the engine entry points (ASan + UBSan, ${FUZZ_SECONDS} s)`, () => {
  const dir = join(root, 'build/fuzz');
  if (!existsSync(join(dir, 'CMakeCache.txt')))
    run('cmake', ['-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DPOSENC_FUZZ=ON'], {
      env: { ...process.env, CXX: 'clang++-14' },
    });
  run('cmake', ['--build', dir, '-j2', '--target', 'posenc_fuzz']);
  // Work on a copy: new inputs found in CI must not dirty the committed seed corpus.
  const corpus = mkdtempSync(join(tmpdir(), 'posenc-fuzz-'));
  cpSync(join(root, 'tests/fuzz/corpus'), corpus, { recursive: true });
  run(join(dir, 'posenc_fuzz'), [`-max_total_time=${FUZZ_SECONDS}`, '-timeout=10', '-rss_limit_mb=2048',
    `-artifact_prefix=${join(dir, '/')}`, '-print_final_stats=1', corpus]);
  rmSync(corpus, { recursive: true, force: true });
});

step('C++ tests, compiled to WASM SIMD and run under Node', () => {
  const dir = join(root, 'build/wasm');
  run('cmake', ['--build', dir, '-j2', '--target', 'posenc_tests_wasm'], { env: emEnv() });
  run('node', [join(dir, 'posenc_tests_wasm.cjs')]);
});

step('JS engine tests (Node)', () => run('node', ['--test', 'tests/js/']));

step('npm package smoke test (pack, install in an empty folder, import)', () => run('node', ['--test', 'tests/package/']));

step('type declarations (tsc --noEmit on a consumer example)', () =>
  run('node', ['node_modules/typescript/bin/tsc', '-p', 'tests/types/tsconfig.json']));

// the browser tests: tests/browser/*.test.mjs, and each widget's own beside it (web/src/widgets/<name>/<name>.test.mjs)
const testsIn = (dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).filter((f) => f.endsWith('.test.mjs')).map((f) => `${dir}/${f}`) : []);
const widgetsDir = 'web/src/widgets';
const browserTests = [
  ...testsIn('tests/browser'),
  ...readdirSync(join(root, widgetsDir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => testsIn(`${widgetsDir}/${d.name}`)),
];
if (browserTests.length) {
  // Every browser test with the full font set, then the phone-width layouts again with only the fonts of a
  // fresh Debian machine: a column that fits in one set can overflow in the other (tests/browser/fonts.mjs
  // makes each pass check that Chromium sees exactly its set).
  const fonts = (name) => ({ env: { ...process.env, POSENC_TEST_FONTS: name } });
  // the site generators' test sites (hosts-docusaurus, -vitepress, -starlight, -marp, -framework, -slidev):
  // their packages, all at once, from the npm registry; kept in ~/.cache/posenc-hosts, so a second run
  // installs nothing
  step('site generators: install the test sites (npm ci, cached)', () => run('node', ['tests/browser/hosts/sites.mjs']));
  step('browser tests (Chromium; DejaVu, Liberation and Noto fonts)', () => run('node', ['--test', ...browserTests], fonts('full')));
  const phone = browserTests.filter((f) => new RegExp(PHONE_WIDTH_TESTS).test(readFileSync(join(root, f), 'utf8')));
  step('phone-width browser tests again, DejaVu fonts only', () =>
    run('node', ['--test', `--test-name-pattern=${PHONE_WIDTH_TESTS}`, ...phone], fonts('dejavu')));
}

console.log('\n[posenc test] all suites passed');
