import { build } from 'esbuild';
import { common } from '../scripts/build-web.mjs';
const r = await build({ ...common, entryPoints: { 'x': 'web/src/widgets/index.js' }, format: 'esm', bundle: true, write: false, metafile: true, outdir: '/tmp/x2', splitting: false });
const rows = [];
for (const o of Object.values(r.metafile.outputs)) for (const [k, v] of Object.entries(o.inputs)) rows.push([k, v.bytesInOutput]);
rows.sort((a,b)=>b[1]-a[1]); console.log(rows.slice(0,45).map(([k,v])=>`${(v/1024).toFixed(1)} ${k}`).join('\n'));
