// Part 2 of the demo lesson (web/demo/methods.html), built next to part 1 by scripts/build-web.mjs:
//   dist/methods.html, methods.js, methods.css   served with part 1 (same demo.css, same gen/*.wasm)
//   dist/posenc-demo-methods.html                part 2 as one self-contained file (wasm inlined); the two
//                                                single files link to each other, so both open from disk
import { build } from 'esbuild';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @param {object} o
 * @param {string} o.dist      the output folder (part 1 is already in it)
 * @param {string} o.demo      web/demo
 * @param {object} o.common    esbuild options shared with part 1
 * @param {object} o.classic   esbuild options for classic scripts (the engine with the wasm inlined)
 * @param {(css: string) => string} o.woff2Only
 * @param {boolean} o.singleFile
 */
export async function buildMethodsPage({ dist, demo, common, classic, woff2Only, singleFile }) {
  await build({ ...common, entryPoints: { methods: join(demo, 'methods.js') }, format: 'esm', outdir: dist });
  await build({ ...common, entryPoints: { methods: join(demo, 'methods.css') }, outdir: dist });
  writeFileSync(join(dist, 'methods.html'), readFileSync(join(demo, 'methods.html'), 'utf8'));
  if (!singleFile) return;

  const js = await build({
    ...common,
    ...classic,
    entryPoints: [join(demo, 'methods.js')],
    format: 'iife',
    write: false,
  });
  const css = await build({
    ...common,
    entryPoints: [join(demo, 'demo.css')],
    write: false,
    loader: { '.woff2': 'dataurl', '.woff': 'empty', '.ttf': 'empty' },
  });
  const own = readFileSync(join(dist, 'methods.css'), 'utf8');
  const script = js.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  let page = readFileSync(join(demo, 'methods.html'), 'utf8');
  page = page
    .replace(/<link rel="stylesheet" href="demo.css"\s*\/?>/, () => `<style>${woff2Only(css.outputFiles[0].text)}</style>`)
    .replace(/<link rel="stylesheet" href="methods.css"\s*\/?>/, () => `<style>${own}</style>`)
    .replace(/<script type="module" src="methods.js"><\/script>/, () => `<script>${script}</script>`)
    .replace(/<link rel="icon"[^>]*>/, '')
    .replace(/href="index.html"/g, 'href="posenc-demo.html"');
  if (/src="methods.js"|href="(demo|methods).css"/.test(page)) throw new Error('build-web: single-file inlining of part 2 failed');
  writeFileSync(join(dist, 'posenc-demo-methods.html'), page);
  // part 1's single file points at the single file of part 2
  const first = join(dist, 'posenc-demo.html');
  if (existsSync(first)) writeFileSync(first, readFileSync(first, 'utf8').replace(/href="methods.html/g, 'href="posenc-demo-methods.html'));
}
