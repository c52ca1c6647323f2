// The example deck (examples/reveal) into dist/examples/reveal/, with the parts of reveal.js it loads
// copied from node_modules (a devDependency): served by `npm start` and used by the browser tests.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REVEAL_FILES = ['reveal.js', 'reveal.css', 'theme/white.css'];

export function buildExamples({ root, dist, quiet = false }) {
  const reveal = join(root, 'node_modules/reveal.js/dist');
  if (!existsSync(join(reveal, 'reveal.js'))) {
    if (!quiet) console.log('build-web: reveal.js is not installed (npm install --include=dev): the example deck is left out');
    return;
  }
  const out = join(dist, 'examples/reveal');
  mkdirSync(join(out, 'reveal/theme'), { recursive: true });
  for (const f of REVEAL_FILES) copyFileSync(join(reveal, f), join(out, 'reveal', f));
  const page = readFileSync(join(root, 'examples/reveal/index.html'), 'utf8');
  if (!page.includes('../../posenc-widgets.iife.js')) throw new Error('build-web: examples/reveal/index.html must load ../../posenc-widgets.iife.js');
  copyFileSync(join(root, 'examples/reveal/index.html'), join(out, 'index.html'));
}
