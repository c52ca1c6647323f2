// The demo lesson page: registers the widgets, wires the size buttons and, like parts 2 and 3, shows the
// page in the reader's language, renders the maths and keeps the URL in step with the widgets' attributes
// (lesson-page.js).
// the widgets this part shows, and no others (a phone downloads only these)
import '../src/widgets/permutation/posenc-permutation.js';
import '../src/widgets/heatmap/posenc-heatmap.js';
import '../src/widgets/waves/posenc-waves.js';
import '../src/widgets/compare/posenc-compare.js';
import '../src/widgets/similarity/posenc-similarity.js';
import '../src/widgets/pipeline/posenc-pipeline.js';
import '../src/widgets/slicing/posenc-slicing.js';
import '../src/widgets/properties/posenc-properties.js';
import { renderMath, wireLanguage, wireShare, showEngine, whenParsed } from './lesson-page.js';
import { wireThemeSwitch } from './theme.js';
import * as es from './i18n/es.js';
import * as zh from './i18n/zh-CN.js';

function wireSizes() {
  const heatmap = document.getElementById('heatmap');
  const buttons = [...document.querySelectorAll('.sizes button[data-size]')];
  const sync = () => {
    for (const b of buttons) {
      const [L, d] = b.dataset.size.split(',').map(Number);
      b.setAttribute('aria-pressed', String(heatmap.length === L && heatmap.dModel === d));
    }
  };
  for (const b of buttons) {
    b.addEventListener('click', () => {
      const [L, d] = b.dataset.size.split(',').map(Number);
      heatmap.length = L;
      heatmap.dModel = d;
      sync();
    });
  }
  const split = document.getElementById('split-layout');
  split.checked = heatmap.layout === 'split';
  split.addEventListener('change', () => (heatmap.layout = split.checked ? 'split' : 'interleaved'));
  customElements.whenDefined('posenc-heatmap').then(sync);
}

function init() {
  wireLanguage({ es: { ...es.common, ...es.index }, 'zh-CN': { ...zh.common, ...zh.index } });
  wireThemeSwitch();
  renderMath();
  wireSizes();
  wireShare();
  showEngine();
}

whenParsed(init);
