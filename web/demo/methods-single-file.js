// Entry of dist/posenc-demo-methods.html (see scripts/build-web-methods.mjs): inlined engine first, then part 2.
import './single-engine.js';
import './methods.js';
