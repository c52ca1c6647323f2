import { transformSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const files = JSON.parse(readFileSync('/tmp/pack.json'))[0].files.map(f=>f.path).filter(p=>p.startsWith('web/src') && p.endsWith('.js') || p.endsWith('.mjs') && p.startsWith('web/src') && !p.includes('wasm-inline'));
let a=0,b=0,c=0;
for (const f of files) { const t = readFileSync(f,'utf8'); a+=gzipSync(t,{level:9}).length; const o = transformSync(t,{format:'esm', loader:'js'}).code; b+=gzipSync(o,{level:9}).length; const m = transformSync(t,{format:'esm', loader:'js', minifyWhitespace:true, minifySyntax:true}).code; c+=gzipSync(m,{level:9}).length;}
console.log(files.length, a, b, c);
