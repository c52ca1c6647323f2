// Finds (and on a root Debian machine installs) what the build and tests need.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

// Debian packages, each with the file that proves it is installed.
const PACKAGES = {
  emscripten: { probe: '/usr/bin/em++', why: 'compiles the C++ engine to WebAssembly' },
  cmake: { probe: '/usr/bin/cmake', why: 'drives the native and WebAssembly builds' },
  'g++': { probe: '/usr/bin/g++', why: 'builds the native test binaries' },
  catch2: { probe: '/usr/include/catch2/catch.hpp', why: 'the C++ test framework' },
  chromium: { probe: '/usr/bin/chromium', why: 'runs the browser tests' },
  'clang-14': { probe: '/usr/bin/clang++-14', why: 'builds the libFuzzer harness' },
  'libclang-rt-14-dev': {
    probe: '/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a',
    why: 'libFuzzer and sanitizer runtimes for clang',
  },
  // A fresh Debian machine has only DejaVu; readers' machines have more fonts, with other widths. The
  // browser tests run with these too, so that a page that fits a phone column in one font set but not in
  // another is caught (the phone-width tests run with DejaVu only as well).
  'fonts-liberation': {
    probe: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    why: 'fonts metric-compatible with Arial, Times and Courier, for the browser tests',
  },
  'fonts-noto-core': { probe: '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', why: 'the Noto fonts, for the browser tests' },
  // a small font with Chinese characters (5 MB; Noto CJK is 90 MB), so the zh-CN widgets are laid out and
  // pictured with real glyphs, as a Chinese reader's machine shows them
  'fonts-wqy-microhei': { probe: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', why: 'Chinese glyphs, for the zh-CN browser tests' },
  // deflates what the classic bundles carry compressed (the wasm, the catalogues) 6% smaller than zlib's
  // level 9, in the same format the browsers' DecompressionStream inflates (scripts/build.mjs, deflated64)
  zopfli: { probe: '/usr/bin/zopfli', why: 'compresses the wasm and catalogues the one-tag script and single files carry' },
  mkdocs: { probe: '/usr/bin/mkdocs', why: 'builds the MkDocs site the widgets are tested in' },
  // more course hosts, each built with its own tool (tests/browser/hosts-static.test.mjs)
  hugo: { probe: '/usr/bin/hugo', why: 'builds the Hugo site the widgets are tested in' },
  'python3-sphinx': { probe: '/usr/bin/sphinx-build', why: 'builds the Sphinx site the widgets are tested in' },
  jekyll: { probe: '/usr/bin/jekyll', why: 'builds the Jekyll site the widgets are tested in' },
  'jupyter-nbconvert': { probe: '/usr/bin/jupyter-nbconvert', why: 'exports the notebook the widgets are tested in' },
  // reads back the text of a printed lesson (tests/browser/print.test.mjs: no widget prints "Loading…")
  'poppler-utils': { probe: '/usr/bin/pdftotext', why: 'reads the text of the PDFs the print test makes' },
  // The fixtures are committed, so the numeric tests never need Python; these run what users take to
  // Python: the .npy files (np.load) and the widgets' "Copy as PyTorch" code.
  'python3-numpy': { probe: '/usr/lib/python3/dist-packages/numpy/__init__.py', why: 'loads the .npy exports in the tests' },
  'python3-torch': { probe: '/usr/lib/python3/dist-packages/torch/__init__.py', why: "runs the widgets' PyTorch code in the tests" },
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export function ensurePackages(names) {
  const missing = names.filter((n) => !existsSync(PACKAGES[n].probe));
  if (missing.length === 0) return;
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    const lines = missing.map((n) => `  ${n}: ${PACKAGES[n].why}`).join('\n');
    throw new Error(`Missing tools:\n${lines}\nInstall them (Debian 12): sudo apt-get install ${missing.join(' ')}`);
  }
  console.log(`[posenc] installing ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}

export function ensureNodeModules() {
  // a checkout without the dev dependencies, or installed before one was added, installs again
  const installed = (name) => existsSync(new URL(`../node_modules/${name}/package.json`, import.meta.url));
  if (['lit', 'axe-core', 'esbuild', 'playwright-core', 'typescript'].every(installed)) return;
  console.log('[posenc] installing npm dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

// Emscripten 3.1.6 on Debian takes its acorn from /usr/share/nodejs.
export const emEnv = () => ({
  ...process.env,
  NODE_PATH: [process.env.NODE_PATH, '/usr/share/nodejs'].filter(Boolean).join(':'),
});

export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
}
