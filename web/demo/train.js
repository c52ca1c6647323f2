// Part 4 of the demo lesson (train.html): registers the widgets and, like the other parts, shows the page in
// the reader's language, keeps the URL in step with the widget's settings and says which engine build runs
// (lesson-page.js).
// the widgets this part shows, and no others (a phone downloads only these)
import '../src/widgets/browser-engine.js';  // the engine the widgets load, set before any is defined
import '../src/widgets/train/posenc-train.js';
import { renderMath, wireLanguage, wireShare, showEngine, whenParsed } from './lesson-page.js';
import { wireThemeSwitch } from './theme.js';
import { es as commonEs, zhCN as commonZh } from './i18n/shared.js';
import { es, zhCN as zh } from './i18n/train.js';

whenParsed(() => {
  wireLanguage({ es: { ...commonEs, ...es }, 'zh-CN': { ...commonZh, ...zh } });
  wireThemeSwitch();
  renderMath();
  wireShare();
  showEngine({ train: true });  // the build the widget trains with: one engine for the page
});
