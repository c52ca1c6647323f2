import { transformSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const files = JSON.parse(readFileSync('/tmp/pack2.json'))[0].files.map(f=>f.path).filter(p=>p.startsWith('dist/esm') && !p.includes('/gen/'));
let a=0,b=0;
for (const f of files) { const t = readFileSync(f,'utf8'); a+=gzipSync(t,{level:9}).length; b+=gzipSync(transformSync(t,{loader:'js',format:'esm',charset:'utf8',minifySyntax:true}).code,{level:9}).length; }
console.log(files.length,a,b);
