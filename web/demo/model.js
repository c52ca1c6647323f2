// Part 3 of the demo lesson (model.html): registers the widgets and, like the other parts, renders the maths,
// keeps the URL in step with the widgets and says which engine build runs (lesson-page.js).
import '../src/widgets/index.js';
import { renderMath, wireShare, showEngine, whenParsed } from './lesson-page.js';
import { wireThemeSwitch } from './theme.js';

whenParsed(() => {
  wireThemeSwitch();
  renderMath();
  wireShare();
  showEngine();
});
