// Demo part 1's widgets after its first: demo.js carries posenc-permutation and loads these after it, as
// one chunk (lesson-page.js, loadWidgets).
import '../src/widgets/heatmap/posenc-heatmap.js';
import '../src/widgets/waves/posenc-waves.js';
import '../src/widgets/compare/posenc-compare.js';
import '../src/widgets/similarity/posenc-similarity.js';
import '../src/widgets/pipeline/posenc-pipeline.js';
import '../src/widgets/slicing/posenc-slicing.js';
import '../src/widgets/properties/posenc-properties.js';
