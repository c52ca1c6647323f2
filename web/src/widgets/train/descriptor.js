// <posenc-train>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-train';

export const properties = {
  task: { kind: 'string', default: 'copy' },
  method: { kind: 'name', values: ['none', 'sinusoidal', 'learned', 'rope', 'rope-ntk', 'rope-pi', 'alibi', 't5'], default: 'alibi' },
  // RoPE + position interpolation (Chen et al. 2023) shares RoPE's training: the published way past L
  // and Chen et al.'s recipe in full: RoPE fine-tuned at 2L with interpolation ('rope-pi-ft'; 'rope-ft', the
  // control without it, is offered and in docs/experiments.md)
  methods: { kind: 'strings', default: ['none', 'sinusoidal', 'learned', 'rope', 'rope-pi', 'rope-pi-ft', 'alibi', 't5'] },
  // the race's seeds (setup.js RACE.seeds); `seed` is the single run's
  seeds: { kind: 'integers', default: [1, 2, 3] },
  trainLength: { kind: 'integer', default: 8, min: 4, max: 16 },
  size: { kind: 'name', values: ['tiny', 'mini', 'small'], default: 'mini' },
  steps: { kind: 'integer', default: 1000, min: 10, max: 5000 },  // setup.js RACE.steps
  seed: { kind: 'integer', default: 0, min: 0, max: 2 ** 31 - 1 },
  // true: train on the page even where a worker could run (to compare; the widget always falls back itself)
  noWorker: { kind: 'boolean', default: false },
};

export const about = {
  className: 'PosencTrain',
  part: 'train',
  order: 1,
  title: 'train short, test long',
  summary: `A small decoder-only transformer trained in the page by the engine (\`pe.train\`, docs/engine.md) on an
algorithmic task at training length L, then tested at L … 4L as it trains: token accuracy and exact match per
length (the training length marked): what the model **writes** (greedy decoding), exact match and token accuracy, teacher-forced
accuracy only where named so, per answer position on hover, tap or ←/→, an example at 2L (or at L)
token by token with right and wrong marked (every task: the first sample the engine evaluates at that length),
and the attention weights of that example per layer and head, to compare a head at L with the same head at 2L. **Race** trains every method of \`methods\` in every seed of \`seeds\` on the same
budget (the same batches per seed), one worker per trained method up to \`hardwareConcurrency\` − 1 (RoPE
trained once per seed and scored as RoPE, with dynamic NTK and with position interpolation at test); the table
shows per method and length the mean exact match over the seeds and its range, a baseline row (the best rule
that learns nothing, computed by the engine on the same samples), and greys a method whose exact match at L is
below 0.95 in any seed ("did not learn the task at L"); **Pause** holds a race in its method and **Resume
the race** carries on; **Keep this race** leaves them on the plot, dashed, under the next race (another task or
length). Training runs in a Web Worker running its own instance of the engine (the module
\`posenc-train-worker.js\` next to \`posenc-widgets.js\`; in the one-tag script and the single files, a worker
started from the inlined engine), or on the page in slices of about 8 ms (each redraw a task of its own) when the
page forbids workers (a CSP whose \`worker-src\`, or \`script-src\` in its place, leaves out \`blob:\` for the
one-tag script): a note under the buttons says which, and \`runnerKind\`/\`runnerReason\` tell scripts. Bundlers
that follow \`new Worker(new URL(…, import.meta.url))\` (Vite, webpack) emit the worker with an app built from
\`posenc/widgets\`; esbuild does not, and there the widget trains on the page and says the worker did not start.
Removing the widget stops it and frees its trainers and worker.`,
  notes: `The method chosen is shared with the \`group\` (\`<posenc-methods>\` marks it; RoPE with NTK at test is RoPE
there, NoPE marks none); a method chosen elsewhere while a run of another method trains or is paused is not
taken, and the status line says so. After a race, the method chosen picks whose example and attention are shown
(the race stays); any other setting starts afresh. The learned table covers the longest test sequence, so its
rows past L exist but are never trained. The CSV holds per method, seed and length the greedy exact match, the
greedy and the teacher-forced token accuracy and the baseline, then the losses; the .npy runs (method and seed,
then the baseline) × lengths × [exact match, greedy accuracy, teacher-forced accuracy]. Part 4 of the demo (\`train.html\`,
\`posenc-demo-train.html\`) is built around it.`,
  docs: {
    task: 'One of pe.train.tasks: copy, reverse, sort, recall, add.',
    method: 'none, sinusoidal, learned, rope, rope-ntk (RoPE trained as it is, dynamic NTK scaling at test), rope-pi (RoPE trained as it is, position interpolation at test), alibi or t5; shared with the group.',
    methods: 'The methods of a race: those of `method` (rope-ntk and rope-pi reuse the race\'s RoPE training), and rope-pi-ft and rope-ft, the race\'s RoPE fine-tuned for a tenth of the steps at 2L with position interpolation and without it (the control).',
    seeds: 'The seeds of a race, attribute "1,2,3": every method is trained in each (1 to 8 seeds).',
    trainLength: 'Training length L.',
    size: 'tiny (d 16, 1 layer, 2 heads), mini (d 32, 2 layers, 4 heads) or small (d 64, 2 layers, 4 heads).',
    steps: 'Training steps, the same for every method of a race.',
    seed: 'Seed of the initial weights and of the batches of a single run (Train).',
    noWorker: 'Train on the page even where a worker could run.',
  },
  exports: ['csv', 'npy', 'png'],
  events: { 'posenc-change': { detail: "{ state: PosencTrain['state']; result: PosencTrain['result'] }", doc: 'A run or a race ended.' } },
  members: [
    { ts: "readonly state: 'idle' | 'running' | 'paused' | 'done' | 'error' | 'racing'", doc: 'What the widget is doing (a paused race is paused).' },
    { ts: "readonly runnerKind: 'worker' | 'page' | null", doc: "Where training runs: 'worker' or 'page' (null before the first run)." },
    { ts: 'readonly runnerReason: string | null', doc: "Why it runs on the page: 'blocked' (the page's CSP), 'failed', 'off' (no-worker), 'unsupported'." },
    { ts: "prepare(): Promise<{ kind: 'worker' | 'page'; reason: string }>", doc: 'Starts the worker (or settles on the page) ahead of the first run.' },
    { ts: 'train(): Promise<void>', doc: 'Trains the chosen method (or resumes it).' },
    { ts: 'pause(): void', doc: 'Pauses the run or the race.' },
    { ts: 'reset(): Promise<void>', doc: 'Stops and forgets the run and the race.' },
    { ts: 'race(): Promise<void>', doc: 'Trains every method of `methods` in every seed of `seeds` on one budget, in parallel workers (or resumes a paused race).' },
    { ts: 'keep(): void', doc: "Keeps the race's curves, dashed under the next race's." },
    { ts: 'clearKept(): void', doc: 'Forgets the kept races.' },
    { ts: 'toPyTorchAsync(): Promise<string>', doc: 'The whole experiment as a PyTorch script reproducing the first 50 losses.' },
    {
      ts: "readonly result: { runner: 'worker' | 'page' | null; reason: string | null; run: TrainRun | null; race: { running: boolean; seconds: number | null; workers: number; seeds: number[]; entries: (TrainRun & { method: string; seed: number })[]; table: TrainSummary[]; baseline: TrainBaseline[] } | null; kept: number; example: TrainExample | null }",
      doc: 'The run, the race (per method and seed, and summarised over the seeds: mean, min and max), the races kept and the example shown.',
    },
  ],
};
