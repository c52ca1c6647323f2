import { build } from '/work/wt-onetag/node_modules/esbuild/lib/main.js';
import { gzipSync } from 'node:zlib';
import { classicLean, classic, common } from '/work/wt-onetag/scripts/build-web.mjs';
const entry = process.argv[2];
const r = await build({ ...common, ...(process.argv[3] === 'train' ? classic : classicLean), entryPoints: [entry], format: 'iife', write: false, metafile: true, logLevel: 'silent' });
const out = Object.values(r.metafile.outputs)[0];
const groups = {};
for (const [p, { bytesInOutput }] of Object.entries(out.inputs)) {
  let g = p.replace(/^.*node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, 'lib:$1').replace(/^web\/src\/widgets\/([^/]+)\/.*/, 'widget:$1').replace(/^web\/src\/(render|state|i18n|engine)\/.*/, '$1').replace(/^web\/demo\/.*/, 'demo');
  if (p.includes('gen/') || p.includes('posenc-')) g = p.replace(/^.*\//, '');
  groups[g] = (groups[g] ?? 0) + bytesInOutput;
}
const text = r.outputFiles[0].text;
console.log('total', text.length, 'gz', gzipSync(text).length);
for (const [g, n] of Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(String(n).padStart(8), g);
