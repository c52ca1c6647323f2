import { build } from 'esbuild';
import { common, classic } from '../scripts/build-web.mjs';
import { gzipSync } from 'node:zlib';
const r = await build({ ...common, ...classic, entryPoints: { 'x': 'web/src/widgets/index.js' }, format: 'iife', globalName: 'posenc', write: false, metafile: true, outdir: '/tmp/x' });
const out = Object.values(r.metafile.outputs)[0];
const groups = {};
for (const [k, v] of Object.entries(out.inputs)) { const g = k.replace(/^.*node_modules\/([^/]+).*$/, 'npm:$1').replace(/^web\/src\/widgets\/([^/]+)\/.*/, 'w:$1').replace(/^web\/src\/([^/]+)\/.*/, '$1'); groups[g] = (groups[g] || 0) + v.bytesInOutput; }
console.log(Object.entries(groups).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v/1024).toFixed(1)}`).join('\n'));
const t = r.outputFiles[0].text; console.log('total', t.length, 'gz', gzipSync(t).length);
