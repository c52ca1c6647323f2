// Part 3 of the demo lesson (model.html): registers the widgets and, like the other parts, shows the page in
// the reader's language, renders the maths, keeps the URL in step with the widgets and says which engine
// build runs (lesson-page.js).
// the widgets this part shows, and no others (a phone downloads only these)
import '../src/widgets/browser-engine.js';  // the engine the widgets load, set before any is defined
import '../src/widgets/model/posenc-model.js';
import { renderMath, wireLanguage, wireShare, showEngine, whenParsed } from './lesson-page.js';
import { wireThemeSwitch } from './theme.js';
import { es as commonEs, zhCN as commonZh } from './i18n/shared.js';
import { es, zhCN as zh } from './i18n/model.js';

whenParsed(() => {
  wireLanguage({ es: { ...commonEs, ...es }, 'zh-CN': { ...commonZh, ...zh } });
  wireThemeSwitch();
  renderMath();
  wireShare();
  showEngine();
});
