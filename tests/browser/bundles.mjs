// The web bundles the browser tests run against, built once per content of their inputs and reused by every
// test file after it: building them (scripts/build-web.mjs) takes 20 s to 2 min on the shared 2-core machine,
// and before this every test file paid it again for the same bytes.
//
// The key is a SHA-256 of every file the build reads (web/, examples/, scripts/build-web*.mjs, the engine's
// wasm and glue in web/src/engine/gen/, the lockfiles that pin the bundled libraries), so an edit anywhere in
// them — a widget, a message, a demo page, the wasm after a C++ rebuild — gives a new key and a new build,
// and nothing stale is ever served. The build is kept in build/web-test/<key>/ (git-ignored); each test file
// gets its own copy (tests write files next to the bundles: a CSP page, a course folder), so no test sees
// another's files. Files of one `node --test` run start together: the first takes a lock and builds, the
// others wait for it. POSENC_TEST_REBUILD=1 builds afresh whatever the cache holds.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildWeb } from '../../scripts/build-web.mjs';

/** What scripts/build-web*.mjs read: folders walked whole, and single files. */
const INPUT_DIRS = ['web', 'examples'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json'];
const STALE_LOCK_MS = 10 * 60 * 1000; // a lock whose builder cannot be asked (no pid yet) is stale after this
const KEEP_MS = 60 * 60 * 1000; // other keys' builds older than this are removed when a new one is made

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* files(path);
    else if (e.isFile()) yield path;
  }
}

/** The key of the bundles' inputs under `root`: a SHA-256 over their paths and contents. */
export function inputKey(root) {
  const hash = createHash('sha256');
  const scripts = readdirSync(join(root, 'scripts')).filter((f) => /^build-web.*\.mjs$/.test(f)).sort().map((f) => join(root, 'scripts', f));
  const all = [...INPUT_DIRS.flatMap((d) => [...files(join(root, d))]), ...scripts, ...INPUT_FILES.map((f) => join(root, f)).filter(existsSync)];
  for (const file of all) hash.update(`${relative(root, file)}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Removes the builds of other keys that nobody used for KEEP_MS (a build is touched by its use: see below). */
function prune(cache, keep) {
  for (const name of readdirSync(cache)) {
    if (name === keep || name.endsWith('.lock')) continue;
    const path = join(cache, name);
    if (Date.now() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** Whether the process building under `lock` has ended without finishing (killed, crashed): its lock is stale. */
function builderGone(lock) {
  let pid = 0;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // not written yet, or the lock is gone already
  }
  if (!pid) {
    const made = statSync(lock, { throwIfNoEntry: false });
    return Boolean(made) && Date.now() - made.mtimeMs > STALE_LOCK_MS;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return err.code === 'ESRCH';
  }
}

/**
 * Writes the web bundles of `root` into `outDir`: a copy of the cached build for the inputs' key, built
 * first if there is none (scripts/build-web.mjs, single files included). Returns outDir.
 */
export async function bundlesInto(root, outDir) {
  const cache = join(root, 'build/web-test');
  mkdirSync(cache, { recursive: true });
  const key = inputKey(root);
  const done = join(cache, key);
  const lock = `${done}.lock`;
  if (process.env.POSENC_TEST_REBUILD === '1') rmSync(done, { recursive: true, force: true });
  while (!existsSync(done)) {
    try {
      mkdirSync(lock); // atomic: one builder per key
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      if (builderGone(lock)) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      const tmp = join(lock, 'dist');
      await buildWeb({ outDir: tmp, singleFile: true, quiet: true });
      renameSync(tmp, done);
      prune(cache, key);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  const now = new Date();
  utimesSync(done, now, now);
  cpSync(done, outDir, { recursive: true });
  return outDir;
}
