// Compile-only check of web/src/widgets/index.d.ts from a course author's point of view.
import { getChannel, setEngine, getEngine, WIDGET_TAGS, type PosencCompare } from 'posenc/widgets';
import { load } from 'posenc';

async function main(): Promise<void> {
  setEngine(load());
  const pe = await getEngine();
  const table: Float32Array = pe.sinusoidal({ length: 4, dModel: 8 });
  void table;

  const heatmap = document.createElement('posenc-heatmap');
  heatmap.length = 2048;
  heatmap.dModel = 512;
  heatmap.layout = 'split';
  heatmap.positions = [3, 7];
  await heatmap.renderComplete;
  const ms: number = heatmap.lastRender.ms;
  void ms;

  const compare = document.querySelector('posenc-compare') as PosencCompare;
  compare.tokens = ['The', 'cat'];
  compare.addEventListener('posenc-select', (e) => {
    const cos: number | undefined = e.detail.result?.cosine;
    void cos;
  });
  const r = compare.result;
  if (r) console.log(r.dot.toFixed(4), r.cosine, r.euclidean);

  const sim = document.createElement('posenc-similarity');
  sim.metric = 'euclidean';
  const props = document.createElement('posenc-properties');
  props.trainLength = 64;
  const pipe = document.createElement('posenc-pipeline');
  pipe.scale = true;
  pipe.step = 3;
  const stages = pipe.stages.map((s) => s.key);
  void stages;
  getChannel('lesson').select([1, 4]);
  console.log(WIDGET_TAGS.length, compare.embedCode, await compare.whenReady());
}
void main;
