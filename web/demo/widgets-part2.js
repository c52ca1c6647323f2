// Demo part 2's widgets after its first: methods.js carries posenc-learned and loads these after it, as
// one chunk (lesson-page.js, loadWidgets).
import '../src/widgets/padding/posenc-padding.js';
import '../src/widgets/rope/posenc-rope.js';
import '../src/widgets/scaling/posenc-scaling.js';
import '../src/widgets/alibi/posenc-alibi.js';
import '../src/widgets/t5/posenc-t5.js';
import '../src/widgets/methods/posenc-methods.js';
