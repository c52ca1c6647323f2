// The embed page (web/demo/embed.html: one widget full-frame for iframes), built next to the demo by
// scripts/build-web.mjs:
//   dist/embed.html, embed.js, embed.css   served with the demo (the wasm from dist/gen/)
//   dist/posenc-embed.html                 the same page as one self-contained file (wasm inlined): copy
//                                          it to any static host, or open it from disk
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptLast } from './build-web-methods.mjs';

/**
 * @param {object} o
 * @param {string} o.dist     the output folder
 * @param {string} o.demo     web/demo
 * @param {object} o.common   esbuild options shared with the demo
 * @param {object} o.classic  esbuild options for classic scripts (the engine with the wasm inlined)
 * @param {object} o.esm      esbuild options for ES modules (catalogues as chunks)
 * @param {boolean} o.singleFile
 */
export async function buildEmbedPage({ dist, demo, common, classic, esm, singleFile }) {
  await build({ ...common, entryPoints: { embed: join(demo, 'embed.js') }, ...esm, outdir: dist });
  await build({ ...common, entryPoints: { embed: join(demo, 'embed.css') }, outdir: dist });
  writeFileSync(join(dist, 'embed.html'), readFileSync(join(demo, 'embed.html'), 'utf8'));
  if (!singleFile) return;

  const js = await build({ ...common, ...classic, entryPoints: [join(demo, 'embed.js')], format: 'iife', write: false });
  const css = readFileSync(join(dist, 'embed.css'), 'utf8');
  let page = readFileSync(join(demo, 'embed.html'), 'utf8')
    .replace(/<link rel="stylesheet" href="embed.css"\s*\/?>/, () => `<style>${css}</style>`)
    .replace(/<link rel="icon"[^>]*>/, '');
  page = inlineScriptLast(page, 'embed.js', js.outputFiles[0].text);
  if (/src="embed.js"|href="embed.css"/.test(page)) throw new Error('build-web: single-file inlining of the embed page failed');
  writeFileSync(join(dist, 'posenc-embed.html'), page);
}
