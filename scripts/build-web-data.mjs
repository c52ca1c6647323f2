// The data a classic bundle carries (the deflated wasm and catalogues, base64: scripts/build-web.mjs), moved to
// the end of its script. Gzip finds repeats within the last 32 KiB only, so a 120 KiB string of base64 in the
// middle of the code cuts the code after it off from the code before it: the one-tag script was 4 KiB of
// gzip larger with its data where the modules that hold it are bundled.
//
// A module holding a string of data gets `__posencData("<hash>")` instead (dataRef); when the build ends,
// each output that refers to data gets, after all of its code,
//
//   function __posencData(k) { return { "<hash>": "<base64>", … }[k]; }
//
// A function declaration is hoisted: the bundle's modules, which run before that line is reached, call it
// already. They call it while they load (a top-level const), so two scripts on one page, each with its own
// __posencData, each read their own: the second replaces the first's only when the second starts to run.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const NAME = '__posencData';
const data = new Map(); // hash → base64

/** An expression for `base64` in a module of a classic bundle (the bundle's end holds the string). */
export function dataRef(base64) {
  if (!/^[A-Za-z0-9+/=]*$/.test(base64)) throw new Error('build-web-data: data must be base64');
  const hash = createHash('sha256').update(base64).digest('hex').slice(0, 16);
  data.set(hash, base64);
  return `/* @__PURE__ */ ${NAME}(${JSON.stringify(hash)})`;
}

/** `code` with the data it refers to declared after it (nothing added when it refers to none). */
export function withDataLast(code) {
  const used = [...new Set([...code.matchAll(new RegExp(`${NAME}\\("([0-9a-f]{16})"\\)`, 'g'))].map((m) => m[1]))];
  if (!used.length) return code;
  for (const hash of used) if (!data.has(hash)) throw new Error(`build-web-data: no data ${hash} (made by another process?)`);
  const entries = used.map((hash) => `${JSON.stringify(hash)}:"${data.get(hash)}"`).join(',');
  return `${code.replace(/\n?$/, '\n')}function ${NAME}(k){return{${entries}}[k]}\n`;
}

/**
 * Lets an esbuild plugin's build put its data last: its outputs are kept in memory (write: false) and each is
 * rewritten by withDataLast, then written if the build was to write them.
 */
export function dataLast(b) {
  const write = b.initialOptions.write !== false;
  b.initialOptions.write = false;
  b.onEnd((result) => {
    if (!result.outputFiles) return;
    // replaced in place: the array is the one the build returns
    result.outputFiles.splice(0, result.outputFiles.length, ...result.outputFiles.map((f) => {
      if (/\.(css|map|json|txt)$/.test(f.path)) return f; // (a script written nowhere is "<stdout>")
      const text = withDataLast(f.text);
      const contents = Buffer.from(text, 'utf8');
      return { path: f.path, hash: f.hash, contents, text };
    }));
    if (write)
      for (const f of result.outputFiles) {
        mkdirSync(dirname(f.path), { recursive: true });
        writeFileSync(f.path, f.contents);
      }
  });
}
