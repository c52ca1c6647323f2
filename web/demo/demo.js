// The demo lesson page: registers the widgets, wires the size buttons and, like parts 2 and 3, shows the
// page in the reader's language, renders the maths and keeps the URL in step with the widgets' attributes
// (lesson-page.js).
// the widgets this part shows, and no others (a phone downloads only these): the first in this script, the
// others loaded after it (loadWidgets)
import '../src/widgets/browser-engine.js';  // the engine the widgets load, set before any is defined
import '../src/widgets/permutation/posenc-permutation.js';
import { loadWidgets, renderMath, wireLanguage, wireShare, showEngine, whenParsed } from './lesson-page.js';
import { wireThemeSwitch } from './theme.js';
import { es as commonEs, zhCN as commonZh } from './i18n/shared.js';
import { es, zhCN as zh } from './i18n/index.js';

loadWidgets([() => import('./widgets-part1.js')]);

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
  split.addEventListener('change', () => (heatmap.layout = split.checked ? 'split' : 'interleaved'));
  // the heatmap's code comes after this script (loadWidgets)
  customElements.whenDefined('posenc-heatmap').then(() => {
    split.checked = heatmap.layout === 'split';
    sync();
  });
}

function init() {
  wireLanguage({ es: { ...commonEs, ...es }, 'zh-CN': { ...commonZh, ...zh } });
  wireThemeSwitch();
  renderMath();
  wireSizes();
  wireShare();
  showEngine();
}

whenParsed(init);
