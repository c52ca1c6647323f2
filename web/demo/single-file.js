// Entry of dist/posenc-demo.html (see scripts/build-web.mjs): inlined engine first, then the demo.
import './single-engine.js';
import './demo.js';
