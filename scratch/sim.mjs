import { transformSync } from 'esbuild';
import { readFileSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execSync } from 'node:child_process';
const files = JSON.parse(readFileSync('/tmp/pack.json'))[0].files.map(f=>f.path);
for (const mode of ['asis','strip','nodocs','strip+nodocs','ws']) {
  const d = '/tmp/sim/package'; rmSync('/tmp/sim',{recursive:true,force:true});
  for (const f of files) {
    if (mode.includes('nodocs') && f.startsWith('docs/')) continue;
    let t = readFileSync(f);
    if ((mode.startsWith('strip')||mode==='ws') && f.startsWith('web/src') && /\.m?js$/.test(f) && !f.includes('wasm-inline') && !f.includes('/gen/')) t = transformSync(t.toString(), {format:'esm',loader:'js', ...(mode==='ws'?{minifyWhitespace:true,minifySyntax:true}:{})}).code;
    mkdirSync(dirname(join(d,f)),{recursive:true}); writeFileSync(join(d,f),t);
  }
  const size = execSync('cd /tmp/sim && tar cf - package | gzip -9 | wc -c').toString().trim();
  console.log(mode, size);
}
