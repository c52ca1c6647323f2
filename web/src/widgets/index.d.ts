// Type declarations for `posenc/widgets` (and `posenc/widgets/inline`, the same with the wasm inlined): the
// custom elements, their properties (each mirrors an attribute), events and helpers. Importing the module
// registers every element.

import type { LitElement } from 'lit';
import type { Engine, Layout, Metric } from '../engine/index.js';

/** Shared by every widget. */
export declare class PosencElement extends LitElement {
  /** Widgets with the same group share their selected positions. Attribute `group`. */
  group: string;
  /** 'auto' (follow the page: its background, its color-scheme, else the system), 'light' or 'dark'. Attribute `theme`. */
  theme: 'auto' | 'light' | 'dark' | string;
  /**
   * The compact layout, for slides: fits 1280×720 (panels side by side, shorter plots, explanations folded
   * behind a Notes button). Boolean attribute `compact`.
   */
  compact: boolean;
  /** The engine facade once loaded (null before). */
  readonly pe: Engine | null;
  /** Resolves when the engine is loaded and the current state is drawn. */
  whenReady(): Promise<void>;
  /** Timing of the last repaint (`frames` > 1 where a big picture is drawn over several frames). */
  readonly lastRender: { ms: number; frames: number };
  /** The markup that re-creates this widget with its current attributes. */
  readonly embedCode: string;
  /**
   * An `<iframe>` snippet showing this widget, as configured, on the embed page: `embed.html` next to the
   * hosting page unless the page has `<meta name="posenc-embed-page" content="…">`. It ends with a small
   * inline `<script>` that fits the frame to the widget (the embed page's `posenc:resize` messages).
   */
  readonly embedFrameCode: string;
  /** The widget's data as CSV text; throws a RangeError when it would pass 4 194 304 values (export a smaller view). */
  toCSV(): string;
  /** The table the NPY export saves: the widget's tensor, or the numeric columns (or rows) of its CSV. */
  toArray(): { data: Float32Array | Float64Array | Int32Array; shape: number[]; columns?: string[]; rows?: string[] } | null;
  /** Python code that recomputes toArray() with torch, as `result` (the widgets with a PyTorch button). */
  toPyTorch?(): string;
  /** A canvas with the widget's picture (what the PNG export saves). */
  exportCanvas(): Promise<HTMLCanvasElement | null>;
  /** The catalogue the widget speaks: from its `lang`, an ancestor's, or <html lang> ('en' when none matches). */
  readonly locale: string;
  /** A message of the catalogue in the widget's language, placeholders filled in. */
  t(key: string, params?: Record<string, string | number>): string;
  /** Shows a short text in the widget's status line (a polite live region). */
  notify(text: string): void;
}

export interface PosencSelectDetail {
  positions: number[];
  result?: { dot: number; cosine: number; euclidean: number } | null;
}

export interface PipelineStage {
  key: 'token' | 'embedding' | 'scaled' | 'pe' | 'sum' | 'dropout';
  title: string;
  shape: string;
  text: string;
  vector?: Float32Array;
  dropped?: Uint8Array;
}

/** A message: text with {placeholders}, or plural forms chosen by {count} (Intl.PluralRules names). */
export type Message = string | { other: string; zero?: string; one?: string; two?: string; few?: string; many?: string };
/**
 * Adds or extends the catalogue of a language ('fr', 'pt-BR'): keys of the English catalogue (listed in
 * docs/widgets.md) to messages. Widgets in that language re-render; missing keys fall back to English.
 */
export declare function registerLocale(locale: string, messages: Record<string, Message>): void;
/** The languages with a catalogue ('en', 'es', 'zh-CN' and any registered). */
export declare function locales(): string[];
/** The message keys of a catalogue (English by default). */
export declare function messageKeys(locale?: string): string[];

/** Hands the widgets an engine loaded by the page (call before the first widget connects). */
export declare function setEngine(engine: Engine | Promise<Engine>): void;
/**
 * The engine the widgets use (loaded once per page): the build without the trainer, or with it for
 * `{ train: true }` (what <posenc-train> asks for; once asked, every widget of the page gets that one).
 */
export declare function getEngine(options?: { train?: boolean }): Promise<Engine>;

export declare class SelectionChannel extends EventTarget {
  readonly name: string;
  positions: number[];
  select(positions: number[], source?: Element | null): boolean;
  /** Values the group shares besides positions (e.g. `method`), by name; `share` events announce a change. */
  readonly shared: Map<string, unknown>;
  share(name: string, value: unknown, source?: Element | null): boolean;
}
/** The selection channel of a group (created on first use). */
export declare function getChannel(name: string): SelectionChannel;

/** A setting of a link that was not used (unknown, malformed, out of range), and why. */
export interface LinkNote {
  key: string;
  value: string;
  reason: string;
  id?: string;
  attr?: string;
  /** The widget concerned (it shows the note in its status line). */
  el?: Element;
}
/**
 * Keeps location.hash in step with the attributes of the given widgets (which need ids) and applies the hash
 * on start, strictly: only attributes the widgets declare, checked values; what a widget refuses is undone.
 * Returns a function that stops syncing; its `ready` resolves to the notes about unused settings.
 */
export declare function syncWithUrl(
  elements: Iterable<Element>,
  options?: { win?: Window; delay?: number; omit?: string[]; onNotes?: (notes: LinkNote[]) => void },
): (() => void) & { ready: Promise<LinkNote[]> };
export declare function encodeState(elements: Iterable<Element>, options?: { omit?: string[] }): string;
export declare function decodeState(hash: string): Map<string, Map<string, string>>;

export declare const WIDGET_TAGS: readonly string[];

import type { RopeConvention, RopeScalingType } from '../engine/index.js';

/** `{ value }` when the engine produced a number, `{ error }` (its message) when it refused. */
export type ScoreOrError = { value: number; error?: undefined } | { value?: undefined; error: string };

export type MethodName = 'sinusoidal' | 'learned' | 't5' | 'rope' | 'alibi';

/** One row of `<posenc-train>`'s results: a test length and how the model did there. */
export interface TrainLengthRow {
  length: number;
  /** false when the model cannot run at this length (a learned table without rows for it); `reason` says why. */
  supported: boolean;
  reason: string;
  /** Share of samples whose whole answer is right. */
  exactMatch: number;
  /** Share of answer tokens the model writes right, decoding greedily (the mean of `positions`). */
  accuracy: number;
  /** Greedy accuracy per answer position. */
  positions: number[];
  /** Token accuracy under teacher forcing (the true prefix fed in), mean over positions. */
  teacherForced: number;
  /** Teacher-forced loss, mean over positions. */
  loss: number;
  /** The best rule that learns nothing, on the same samples (null where unsupported). */
  baseline: { rule: string; exactMatch: number; accuracy: number } | null;
}

/** One training run of `<posenc-train>`. */
export interface TrainRun {
  method?: string;
  seed?: number;
  state: 'idle' | 'running' | 'paused' | 'done' | 'error' | 'disposed';
  step: number;
  steps: number;
  losses: number[];
  rows: TrainLengthRow[] | null;
  msPerStep: number;
  /** The longest single call to the trainer, in ms (on the page each is one task). */
  longestCall: number;
  /** Its example at 2L, once trained (the widget also looks at L: showExampleAt). */
  example: TrainExample | null;
}

/** A statistic over a race's seeds. */
export interface TrainSpread {
  mean: number;
  min: number;
  max: number;
  /** Seeds counted. */
  n: number;
}

/** One method of a race summarised over its seeds (exact match and accuracy of what the model writes, greedy). */
export interface TrainSummary {
  method: string;
  seeds: number;
  /** null before any seed is done; false when exact match at L is below 0.95 in any seed (not ranked past L). */
  fit: boolean | null;
  rows: { length: number; supported: boolean; seeds: number; exactMatch: TrainSpread; accuracy: TrainSpread; teacherForced: TrainSpread }[];
}

/** The baseline at one length: the best rule that learns nothing ('mode', 'prompt', 'reversed'), means over the runs. */
export interface TrainBaseline {
  length: number;
  rule: string | null;
  exactMatch: number;
  accuracy: number;
}

/** One sample at `length` (the first the engine evaluates there), token by token, and the model's greedy answer. */
export interface TrainExample {
  length: number;
  prompt: number[];
  expected: number[];
  predicted: number[] | null;
  /** The trainer's message when the example could not be made. */
  error?: string;
}

export declare const METHOD_WIDGET_TAGS: readonly string[];
export declare const TRAIN_WIDGET_TAGS: readonly string[];
export declare const MODEL_WIDGET_TAGS: readonly string[];
/** Every widget's tag name: WIDGET_TAGS, METHOD_WIDGET_TAGS, MODEL_WIDGET_TAGS, then TRAIN_WIDGET_TAGS. */
export declare const ALL_WIDGET_TAGS: readonly string[];

// <widgets>
// generated by scripts/gen-schema.mjs from web/src/widgets/*/descriptor.js: edit those, not this

/** `<posenc-permutation>`: Attention outputs before and after a shuffle: without positional encoding every token's output is the same (maximum difference 0); with it, they change. */
export declare class PosencPermutation extends PosencElement {
  /** The sentence, up to 12 tokens, attribute "I,love,Paris" (rendered as text, never HTML). Attribute `tokens`: comma-separated list. Default 'I,love,Paris'. */
  tokens: string[];
  /** order[k] = index of the original token now at position k, attribute "2,0,1". Attribute `order`: list of integers. Default —. */
  order: number[];
  /** Add sinusoidal positional encoding before attention. Attribute `encoding`: boolean. Default off. */
  encoding: boolean;
  /** Width of the token embeddings and the encoding, 2 … 64. Attribute `d-model`: integer 2 … 64. Default 8. */
  dModel: number;
  /** Base of the frequencies, as the heatmap. Attribute `base`: number. Default 10 000. */
  base: number;
  /** The attention outputs in order and shuffled, each token's largest difference and the largest of all (`sameSentence`: the order spells the original sentence again, which a repeated word allows). */
  readonly result: { tokens: string[]; order: number[]; perToken: number[]; maxDiff: number; sameSentence: boolean; original: { output: Float32Array; weights: Float32Array }; shuffled: { output: Float32Array; weights: Float32Array } } | null;
}

/** `<posenc-heatmap>`: The PE matrix (positions × dimensions) with axes, colour legend and a sin/cos column strip; hover or keyboard readout with the formula filled in (before any hover it shows position `offset + 1`, dimension 0: PE(1, 0) = sin(1) by default); a table fallback. Big tables (up to 1 048 576 × 16 384) draw progressively without freezing the page. The rows are labelled with their positions, so with `offset="5"` the first row reads 5 — as in the readout, the table and the CSV. */
export declare class PosencHeatmap extends PosencElement {
  /** Positions, 1 … 1 048 576. Attribute `length`: integer 1 … 1 048 576. Default 20. */
  length: number;
  /** Dimensions, 1 … 16 384. Attribute `d-model`: integer 1 … 16 384. Default 32. */
  dModel: number;
  /** Base of the frequencies, > 1. Attribute `base`: number. Default 10 000. */
  base: number;
  /** First position shown. Attribute `offset`: integer. Default 0. */
  offset: number;
  /** `interleaved` (sin, cos, sin, …) or `split` (all sines, then all cosines). Attribute `layout`: 'interleaved', 'split'. Default 'interleaved'. */
  layout: 'interleaved' | 'split';
  /** A d3-scale-chromatic scheme name: RdBu (default), PuOr, BrBG, PiYG, RdYlBu, Spectral, viridis, cividis, magma, inferno, plasma, turbo, Blues. Attribute `scheme`: 'RdBu', 'PuOr', 'BrBG', 'PiYG', 'RdYlBu', 'Spectral', 'viridis', 'cividis', 'magma', 'inferno', 'plasma', 'turbo', 'Blues'. Default 'RdBu'. */
  scheme: 'RdBu' | 'PuOr' | 'BrBG' | 'PiYG' | 'RdYlBu' | 'Spectral' | 'viridis' | 'cividis' | 'magma' | 'inferno' | 'plasma' | 'turbo' | 'Blues';
  /** Selected rows, `"3,7"`: positions from `offset` to `offset + length − 1`; one outside the table is not outlined, and a line in the widget names it. Attribute `positions`: list of integers. Default —. */
  positions: number[];
  /** Resolves when the picture for the current attributes is completely drawn (big tables draw progressively). */
  readonly renderComplete: Promise<void>;
  /** The cell under the keyboard/pointer cursor. */
  readonly cursor: { position: number; dimension: number };
  /** The engine's value at a row (position − offset) and column. */
  valueAt(row: number, col: number): number;
}

/** `<posenc-waves>`: Value against position for chosen dimensions (with their wavelengths), or against dimension for chosen positions; an optional sweep. */
export declare class PosencWaves extends PosencElement {
  /** Width of the sinusoidal table (its columns). Attribute `d-model`: integer. Default 64. */
  dModel: number;
  /** Positions plotted, 2 … 65 536. Attribute `length`: integer. Default 100. */
  length: number;
  /** Wavelength base, as the heatmap. Attribute `base`: number. Default 10 000. */
  base: number;
  /** Column layout, as the heatmap: interleaved (sin, cos, sin, …) or split (all sines, then all cosines). Attribute `layout`: 'interleaved', 'split'. Default 'interleaved'. */
  layout: 'interleaved' | 'split';
  /** Dimensions drawn in the position view (at most 10), attribute "0,1,4". Attribute `dims`: list of integers. Default '0,1,4,8,16,32'. */
  dims: number[];
  /** Marked positions. Attribute `positions`: list of integers. Default —. */
  positions: number[];
  /** position (x = position) or dimension (x = dimension). Attribute `view`: 'position', 'dimension'. Default 'position'. */
  view: 'position' | 'dimension';
  /** Sweep the position cursor automatically (attribute `sweep`; never under prefers-reduced-motion). Attribute `sweep`: boolean. Default off. */
  sweep: boolean;
  /** The engine's value of a dimension at a position. */
  valueAt(position: number, dimension: number): number;
}

/** `<posenc-compare>`: A token strip; dot product, cosine similarity and Euclidean distance of the two selected positions (4 decimals) and a sentence on what they mean. */
export declare class PosencCompare extends PosencElement {
  /** Width of each encoding. Attribute `d-model`: integer. Default 64. */
  dModel: number;
  /** Positions in the token strip (up to 512). Attribute `length`: integer. Default 20. */
  length: number;
  /** Base of the frequencies, as the heatmap. Attribute `base`: number. Default 10 000. */
  base: number;
  /** Column order, as the heatmap. Attribute `layout`: 'interleaved', 'split'. Default 'interleaved'. */
  layout: 'interleaved' | 'split';
  /** Token texts labelling the positions, attribute "The,cat,sat" (rendered as text, never HTML). Attribute `tokens`: comma-separated list. Default 'The,cat,sat,on,the,mat'. */
  tokens: string[];
  /** The pair compared. Attribute `positions`: list of integers. Default '0,1'. */
  positions: number[];
  /** The engine's comparison of the two selected positions; null until two are selected. */
  readonly result: { dot: number; cosine: number; euclidean: number } | null;
  /** The two selected positions [a, b] (one may be missing). */
  readonly pair: number[];
}

/** `<posenc-similarity>`: The position × position matrix of a metric; click (or Enter on) a cell to select that pair. */
export declare class PosencSimilarity extends PosencElement {
  /** Positions (rows and columns of the matrix). Attribute `length`: integer 2 … 4096. Default 50. */
  length: number;
  /** Width of the encodings compared. Attribute `d-model`: integer 1 … 16 384. Default 128. */
  dModel: number;
  /** Base of the frequencies, as the heatmap. Attribute `base`: number. Default 10 000. */
  base: number;
  /** `cosine`, `dot` or `euclidean`. Attribute `metric`: 'cosine', 'dot', 'euclidean'. Default 'cosine'. */
  metric: 'cosine' | 'dot' | 'euclidean';
  /** Colour scheme, as the heatmap. Attribute `scheme`: 'RdBu', 'PuOr', 'BrBG', 'PiYG', 'RdYlBu', 'Spectral', 'viridis', 'cividis', 'magma', 'inferno', 'plasma', 'turbo', 'Blues'. Default 'viridis'. */
  scheme: 'RdBu' | 'PuOr' | 'BrBG' | 'PiYG' | 'RdYlBu' | 'Spectral' | 'viridis' | 'cividis' | 'magma' | 'inferno' | 'plasma' | 'turbo' | 'Blues';
  /** The selected cell. Attribute `positions`: list of integers. Default —. */
  positions: number[];
  /** Resolves when the matrix for the current attributes is completely drawn. */
  readonly renderComplete: Promise<void>;
  /** The engine's length × length matrix. */
  readonly matrix: Float32Array | null;
  /** The metric between positions i and j (engine output). */
  valueAt(i: number, j: number): number;
}

/** `<posenc-pipeline>`: token → embedding → (× √d) → + PE → (dropout), stepped with Play / Pause / Back / Step and a slider. */
export declare class PosencPipeline extends PosencElement {
  /** The token: text (rendered as text, never HTML). Attribute `token`: text. Default 'Hello'. */
  token: string;
  /** Its position, 0 … 2^53 − 2, exact at any of them. Attribute `position`: integer 0 … 2^53 − 2. Default 0. */
  position: number;
  /** Width of the embedding and the encoding. Attribute `d-model`: integer 1 … 4096. Default 32. */
  dModel: number;
  /** Base of the frequencies, as the heatmap. Attribute `base`: number. Default 10 000. */
  base: number;
  /** Multiply the embedding by √d_model. Attribute `scale`: boolean. Default off. */
  scale: boolean;
  /** Show the dropout stage. Attribute `dropout`: boolean. Default off. */
  dropout: boolean;
  /** Dropout probability, 0 … 0.9. Attribute `dropout-rate`: number. Default 0.1. */
  dropoutRate: number;
  /** Current stage, 1-based. Attribute `step`: integer. Default 1. */
  step: number;
  /** The stages in order, with the vectors the engine produced for each (none for the token stage). */
  readonly stages: PipelineStage[];
}

/** `<posenc-slicing>`: `pe[:, 0::2]` / `pe[:, 1::2]`, broadcasting over a batch and the add, with shapes; five steps as tabs. A `seq` longer than `length` is not shortened to fit: as in PyTorch, `pe[:, :seq, :]` stops at the table's last row and `x + pe[:, :seq, :]` cannot broadcast. Steps 4 and 5 then show the mismatched shapes and a message naming `seq` and `length` (with PyTorch's error text); steps 1–3, which only build the table, point to step 4. The CSV export then holds the table only. The message goes as soon as `seq` ≤ `length`. */
export declare class PosencSlicing extends PosencElement {
  /** Width of the PE table: even, 2 … 16. Attribute `d-model`: even integer 2 … 16. Default 6. */
  dModel: number;
  /** Rows of the PE table (max_len), 1 … 12. Attribute `length`: integer 1 … 12. Default 4. */
  length: number;
  /** Sequence length of the batch, ≥ 1; longer than `length` shows the shape error. Attribute `seq`: integer ≥ 1. Default 3. */
  seq: number;
  /** Batch size, 1 … 4. Attribute `batch`: integer 1 … 4. Default 2. */
  batch: number;
  /** Wavelength base. Attribute `base`: number. Default 10 000. */
  base: number;
  /** The step shown, 1 … 5. Attribute `step`: integer. Default 1. */
  step: number;
}

/** `<posenc-properties>`: Uniqueness, bounds, the rotation property and extrapolation, each computed live with a pass/fail badge. A `pos`, `k`, `pair` or `train-length` outside its range is named in a message with the value used instead; the number boxes, the equation and the badges show and check the values used. */
export declare class PosencProperties extends PosencElement {
  /** Width of the checked table: an even number of dimensions, 2 … 16 384. Attribute `d-model`: even integer 2 … 16 384. Default 128. */
  dModel: number;
  /** Positions of the checked table, 4 … 2048. Attribute `length`: integer 4 … 2048. Default 200. */
  length: number;
  /** Wavelength base. Attribute `base`: number. Default 10 000. */
  base: number;
  /** The rotation check's start: PE(pos + k) from PE(pos); a whole number 0 … 1 048 576. Attribute `pos`: integer. Default 10. */
  pos: number;
  /** The rotation check's shift: PE(pos + k) from PE(pos); a whole number 0 … 1 048 576. Attribute `k`: integer. Default 5. */
  k: number;
  /** The column pair drawn in the rotation check, 0 … d-model / 2 − 1. Attribute `pair`: integer. Default 0. */
  pair: number;
  /** Training length of the extrapolation check, 2 … length − 2 (the check looks at positions beyond it; a value outside is named and the nearest one used). Attribute `train-length`: integer. Default 50. */
  trainLength: number;
  /** All check results, from the engine's numbers. */
  readonly checks: {
    uniq: { min: number; at: [number, number] };
    bounds: { lo: number; hi: number };
    rotation: { pos: number; k: number; maxErr: number; worst: number };
    extrap: { T: number; inside: number; beyond: number; minBeyond: number; learnedError: string };
  } | null;
}

/** `<posenc-learned>`: A learned absolute position table (seeded Normal(0, std) draws, as GPT-2 initialises `wpe`) beside the sinusoidal one. Positions at or past `max-length` have no row: the widget looks them up anyway and shows the engine's error — that is the lesson. */
export declare class PosencLearned extends PosencElement {
  /** Rows of the table, 1 … 16 777 216 (and max-length × d-model ≤ 16 777 216). Attribute `max-length`: integer 1 … 16 777 216. Default 512. */
  maxLength: number;
  /** Columns of both tables, 1 … 16 384. Attribute `d-model`: integer 1 … 16 384. Default 64. */
  dModel: number;
  /** Seed of the draws. Attribute `seed`: integer. Default 0. */
  seed: number;
  /** Standard deviation of the Normal draws. Attribute `std`: number. Default 0.02. */
  std: number;
  /** Base of the sinusoidal table drawn beside it. Attribute `base`: number. Default 10 000. */
  base: number;
  /** The looked-up position; at or past max-length the learned lookup fails (the engine's RangeError is shown). Attribute `position`: integer. Default 0. */
  position: number;
  /** Rows drawn past the end of the table (0: an eighth of max-length, at least 8). Attribute `extra`: integer. Default 0. */
  extra: number;
  /** The selection (its last position is looked up). Attribute `positions`: list of integers. Default —. */
  positions: number[];
  /** Resolves when both tables are completely drawn. */
  readonly renderComplete: Promise<void>;
  /** Looks one position up in both tables; the learned lookup may fail (that is the lesson). */
  lookup(position: number): { position: number; learned: Float32Array | null; learnedError: string; sinusoidal: Float32Array | null; sinusoidalError: string };
  /** The looked-up position in both tables, and the learned table's parameters and bytes. */
  readonly result: {
    position: number;
    learned: number[] | null;
    learnedError: string;
    sinusoidal: number[] | null;
    parameters: number;
    bytes: number;
  } | null;
}

/** `<posenc-rope>`: A query at position m and a key at position n rotated by RoPE; one channel pair drawn as 2-D vectors; the score q·k, and the same score at the same gap from the start (the relative property); the channel pairing of both conventions; the long-range decay: RoFormer's upper bound on |q·k| (section 3.4.3, max<sub>i</sub>|h<sub>i+1</sub> − h<sub>i</sub>| · Σ<sub>j</sub>|S<sub>j</sub>| for this query and key), plotted above their q·k and never below |q·k|. The CSV has both (`upper_bound`, `q_dot_k`), the bound's shape (2/d)·Σ<sub>j</sub>|S<sub>j</sub>| (`mean_abs_partial_sum`, the paper's "relative upper bound") and the factor (`max_step_h`). */
export declare class PosencRope extends PosencElement {
  /** Head dimension: even, 2 … 1024. Attribute `head-dim`: even integer 2 … 1024. Default 64. */
  headDim: number;
  /** RoPE base. Attribute `base`: number. Default 10 000. */
  base: number;
  /** `half` (rotate_half: LLaMA, NeoX) or `interleaved` (GPT-J, RoFormer). Attribute `convention`: 'half', 'interleaved'. Default 'half'. */
  convention: 'half' | 'interleaved';
  /** Query position, 0 … 1 073 741 824. Attribute `m`: integer 0 … 1 073 741 824. Default 5. */
  m: number;
  /** Key position, 0 … 1 073 741 824. Attribute `n`: integer 0 … 1 073 741 824. Default 2. */
  n: number;
  /** The channel pair drawn, 0 … head-dim / 2 − 1 (a value outside is named and the nearest pair drawn). Attribute `pair`: integer. Default 0. */
  pair: number;
  /** Seed of the query and key content. Attribute `seed`: integer. Default 0. */
  seed: number;
  /** Slider range and half-width of the decay plots, 4 … 4096. Attribute `span`: integer 4 … 4096. Default 256. */
  span: number;
  /** The group's selection as last received ([query, key]); `m` and `n` follow it. Attribute `false`: list of integers. Default —. */
  positions: number[];
  /** Resolves when the decay bound (computed after the first paint) is drawn too. */
  readonly renderComplete: Promise<void>;
  /** Scores, the reference at the same gap from the start ((m − n, 0) or (0, n − m)), the pair. */
  readonly result: { m: number; n: number; score: number; reference: { m: number; n: number; score: number }; difference: number; pair: number; channels: [number, number]; invFreq: number; pairScore: number; pairs: [number, number][] } | null;
}

/** `<posenc-scaling>`: RoPE wavelengths (or inverse frequencies) per pair under every `rope_scaling` rule of transformers — default, linear, dynamic NTK, YaRN, Llama 3, LongRoPE — with the original context marked and each rule's attention factor. */
export declare class PosencScaling extends PosencElement {
  /** Head dimension. Attribute `head-dim`: integer. Default 128. */
  headDim: number;
  /** RoPE base. Attribute `base`: number. Default 500 000. */
  base: number;
  /** `default`, `linear`, `dynamic`, `yarn`, `llama3`, `longrope`. Attribute `type`: 'default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope'. Default 'llama3'. */
  type: 'default' | 'linear' | 'dynamic' | 'yarn' | 'llama3' | 'longrope';
  /** Scaling factor. Attribute `factor`: number. Default 8. */
  factor: number;
  /** The original context. Attribute `original-max`: integer. Default 8192. */
  originalMax: number;
  /** The sequence length served (dynamic, LongRoPE); 0: factor × original-max. Attribute `seq-len`: integer. Default 0. */
  seqLen: number;
  /** Llama 3's low_freq_factor. Attribute `low-freq-factor`: number. Default 1. */
  lowFreqFactor: number;
  /** Llama 3's high_freq_factor. Attribute `high-freq-factor`: number. Default 4. */
  highFreqFactor: number;
  /** YaRN's beta_fast. Attribute `beta-fast`: number. Default 32. */
  betaFast: number;
  /** YaRN's beta_slow. Attribute `beta-slow`: number. Default 1. */
  betaSlow: number;
  /** LongRoPE list (head-dim / 2 numbers); empty: illustrative defaults. Attribute `short-factor`: list of numbers. Default —. */
  shortFactor: number[];
  /** LongRoPE list (head-dim / 2 numbers); empty: illustrative defaults. Attribute `long-factor`: list of numbers. Default —. */
  longFactor: number[];
  /** `wavelength` or `frequency`. Attribute `view`: 'wavelength', 'frequency'. Default 'wavelength'. */
  view: 'wavelength' | 'frequency';
  /** Only the selected type and the default. Attribute `solo`: boolean. Default off. */
  solo: boolean;
  /** The selected pair (−1: the pair whose wavelength is closest to the original context); hovering, a tap or the arrow keys read another, a click, a second tap, Select or Enter selects it. Attribute `pair`: integer. Default −1. */
  pair: number;
  /** Every type's inverse frequencies and attention factor, the selected type and pair. */
  readonly result: { type: RopeScalingType; pair: number; curves: Record<RopeScalingType, { invFreq: number[]; attentionFactor: number }> } | null;
}

/** `<posenc-alibi>`: Slopes per head, each head's bias matrix and the attention weights the bias alone produces: the recency each head imposes. */
export declare class PosencAlibi extends PosencElement {
  /** Attention heads; non-powers of two follow BLOOM's rule for the slopes. Attribute `heads`: integer 1 … 64. Default 8. */
  heads: number;
  /** Sequence length of the bias matrices. Attribute `length`: integer 2 … 256. Default 32. */
  length: number;
  /** The head shown (brought into 0 … heads − 1). Attribute `head`: integer. Default 0. */
  head: number;
  /** Query row of the weights plot (−1: the last). Attribute `query`: integer. Default −1. */
  query: number;
  /** −slope·|i − j| without the causal mask. Attribute `symmetric`: boolean. Default off. */
  symmetric: boolean;
  /** Colour scale of the bias matrices: one for all heads, or one per head. Attribute `scale`: 'shared', 'head'. Default 'shared'. */
  scale: 'shared' | 'head';
  /** Slopes, and the selected head's bias and weights on the query row. */
  readonly result: { slopes: number[]; head: number; slope: number; query: number; biasRow: number[]; weightsRow: number[] } | null;
  /** One entry of a head's bias matrix. */
  biasAt(head: number, query: number, key: number): number;
  /** One attention weight the bias alone gives. */
  weightAt(head: number, query: number, key: number): number;
}

/** `<posenc-t5>`: T5's bucket function (exact near, logarithmic far, one last bucket), the query × key bucket grid and the bias a per-head table gives it. A `head` or `positions` outside its range is named in a message with the value used (the nearest head, the grid's edge); the attributes keep what was written. Engine errors caused by `num-buckets` or `max-distance` name those attributes. The regions (exact, logarithmic, last bucket) are found with the engine's bucket function over every distance, not read off the plotted span: "last bucket" is only the final one of a side (num-buckets − 1 before the query in a decoder; num-buckets/2 − 1 and 2·(num-buckets/2) − 1 when bidirectional), and the readouts say where it starts even when that is beyond the plot. */
export declare class PosencT5 extends PosencElement {
  /** Number of buckets (T5's num_buckets). Attribute `num-buckets`: integer. Default 32. */
  numBuckets: number;
  /** Distance from which every farther one shares the last bucket (T5's max_distance). Attribute `max-distance`: integer. Default 128. */
  maxDistance: number;
  /** Encoder (keys on both sides, half the buckets each); off: decoder (causal). Attribute `bidirectional`: boolean. Default off. */
  bidirectional: boolean;
  /** Query × key grid size. Attribute `length`: integer 2 … 128. Default 24. */
  length: number;
  /** Heads of the (untrained) bias table. Attribute `heads`: integer 1 … 64. Default 4. */
  heads: number;
  /** The head whose bias is shown, 0 … heads − 1. Attribute `head`: integer. Default 0. */
  head: number;
  /** Seed of the (untrained) bias table. Attribute `seed`: integer. Default 0. */
  seed: number;
  /** Half-width of the bucket plot (0: max-distance + 25 %), up to 16 384; only what is drawn. Attribute `span`: integer. Default 0. */
  span: number;
  /** [query, key] of the grid cursor, each 0 … length − 1. Attribute `positions`: list of integers. Default —. */
  positions: number[];
  /** The bucket of any integer relative position from the engine (null for a non-integer or before the engine is loaded). */
  bucketOf(relativePosition: number): number | null;
  /** The cell under the grid cursor. */
  readonly cell: { query: number; key: number; relativePosition: number; bucket: number; head: number; bias: number; tableValue: number } | null;
  /** `past`/`future` are `{ exact, log, last, lastBucket }` with `[from, to]` distances, `last` = `[start, Infinity]` (null if no distance up to 2^53 − 1 reaches the final bucket). */
  readonly result: {
    cell: PosencT5['cell'];
    /** `last`: the final bucket's distances, [start, Infinity]; null only if no distance reaches it. */
    past: { exact: [number, number]; log: [number, number]; last: [number, number] | null; lastBucket: number };
    future: { exact: [number, number]; log: [number, number]; last: [number, number] | null; lastBucket: number };
    rp: number;
    bucket: number | null;
  } | null;
}

/** `<posenc-padding>`: Position ids of a padded batch under transformers' two conventions (RoBERTa, generation) next to the common mistake `cumsum(mask)·mask − 1`, and the lookup error it causes. With `past-length` P every convention continues after the cached tokens: the arange row is `arange(P, P + length)` (GPT-2's default ids), RoBERTa adds P to its count, and the generation ids are computed over the whole attention mask — P ones for the cache, then the shown slots — and cut to the shown slots, so the first real token shown gets P. The row labels and a "KV cache" note say so. The tutorial shortcut (`cumsum(mask)·mask − 1`) ignores the cache. */
export declare class PosencPadding extends PosencElement {
  /** The tokens of the sequence. Attribute `tokens`: comma-separated list. Default 'The,cat,sat'. */
  tokens: string[];
  /** Padded length, from the number of tokens to 64 (0: three more than the tokens). Attribute `length`: integer. Default 0. */
  length: number;
  /** `right` or `left`. Attribute `pad-side`: 'right', 'left'. Default 'right'. */
  padSide: 'right' | 'left';
  /** The padding token's id, 0 … 99. Attribute `pad-token-id`: integer 0 … 99. Default 1. */
  padTokenId: number;
  /** Tokens already in the KV cache, 0 … 1 048 576. Attribute `past-length`: integer 0 … 1 048 576. Default 0. */
  pastLength: number;
  /** The slot (column) explained in the readout (−1: none). Attribute `column`: integer. Default −1. */
  column: number;
  /** Every row of the table; `mistake` is cumsum(mask)·mask − 1 (−1 at padding), `mistakeError` the lookup error it causes. */
  readonly result: { tokens: string[]; ids: number[]; mask: number[]; naive: number[]; roberta: number[]; generation: number[]; mistake: number[]; mistakeError: string } | null;
}

/** `<posenc-methods>`: One token sequence, five ways of telling the model where each token is: each method's positional contribution to the attention logit for a query and a key d tokens back, against distance; which methods are relative, their parameter counts, and what happens past the training length. */
export declare class PosencMethods extends PosencElement {
  /** The token sequence shown (repeated past its end). Attribute `tokens`: comma-separated list. Default 'The,quick,brown,fox,jumps,over,the,lazy,dog,.'. */
  tokens: string[];
  /** The training length: the learned table has this many rows. Attribute `train-length`: integer 2 … 65 536. Default 64. */
  trainLength: number;
  /** Query position (−1: train-length − 1). Attribute `query`: integer. Default −1. */
  query: number;
  /** Distance of the key before the query. Attribute `distance`: integer. Default 3. */
  distance: number;
  /** Width of the tables and of RoPE's head. Attribute `d-model`: even integer 2 … 1024. Default 64. */
  dModel: number;
  /** Heads of T5 and ALiBi, 1 … 64. Attribute `heads`: integer. Default 8. */
  heads: number;
  /** Head shown for T5 and ALiBi, 0 … heads − 1. Attribute `head`: integer. Default 2. */
  head: number;
  /** T5 (bidirectional) buckets, 4 … 65 536. Attribute `num-buckets`: integer. Default 32. */
  numBuckets: number;
  /** T5's max distance, greater than num-buckets / 4. Attribute `max-distance`: integer. Default 128. */
  maxDistance: number;
  /** Base of the sinusoidal table and of RoPE. Attribute `base`: number. Default 10 000. */
  base: number;
  /** Seed of the learned table, the T5 table and RoPE's q and k. Attribute `seed`: integer. Default 0. */
  seed: number;
  /** Largest distance plotted. Attribute `window`: integer 2 … 1024. Default 64. */
  window: number;
  /** [query, key]. Attribute `positions`: list of integers. Default —. */
  positions: number[];
  /** The method marked (its panel and column), shared with the group; null: none. Attribute `method`: 'sinusoidal', 'learned', 't5', 'rope', 'alibi'. Default —. */
  method: MethodName | null;
  /** Scores against distance 0…D for a query at i, per method. */
  curves(i: number, D: number): Record<MethodName, { value?: Float64Array; error?: Error }>;
  /** The pair's score per method; relative: the Euclidean distance between the curves of two queries (0: relative); beyond: true, or the engine's message for a query at 2 × train-length. */
  readonly result: { query: number; key: number; distance: number; method: MethodName | null; scores: Record<MethodName, ScoreOrError>; relative: Record<MethodName, number | null>; beyond: Record<MethodName, true | string>; parameters: Record<MethodName, number | null> } | null;
}

/** `<posenc-model>`: A published transformers `config.json` read as transformers ≥ 4.56 reads it (`pe.fromConfig` and `pe.rope.fromConfig`, see docs/engine.md): pick one of thirty-four models, each with a link to its config, or paste your own. The RoPE models: Llama 3.1/3.2, Qwen2.5 with and without YaRN, Mistral and Mistral Nemo, Phi-3 and Phi-4-mini LongRoPE, DeepSeek V2/V3, Pythia, Phi-2, Gemma 2, Gemma 3 (1B, and 4B read through its `text_config`), Llama 4 Scout, Qwen3, Qwen2-VL (M-RoPE), ModernBERT, SmolLM3, GLM-4, GPT-J, Command R7B, gpt-oss, a linear and a dynamic recipe. When a model's layers differ, a strip shows them, one block per layer coloured by the RoPE it uses (striped when its attention slides or is chunked, hollow without RoPE); choosing a layer shows that layer's RoPE, and a NoPE layer says it rotates nothing (Llama 4: its temperature tuning). For the chosen RoPE it shows the rotary width and base, the attention factor, every pair's wavelength (scaled, and dashed without the scaling) against the trained and the extended context — how many pairs never complete a turn — and, at the model's longest context, how precisely its own arithmetic holds the angles: the largest angle error in float32 and in bfloat16 (`pe.rope.precision` over its last 4096 positions) and how many pairs still differ between two neighbouring positions after the cast (`pe.rope.cosSin`). Models without RoPE show their method with a link to the widget that explains it: ALiBi's slope per head (Falcon-RW, BLOOM, MPT), the learned table's size and offset (GPT-2, OPT's 2 extra rows, BERT, RoBERTa's padding rows), T5's buckets (T5). Phi-3's and Phi-4-mini's LongRoPE factor lists are illustrative lists of the published shape. Keys: focus the plot, ←/→ choose a pair (Shift: by 8), Home/End; in the layer strip, arrows and Home/End choose a layer. The CSV has one row per pair (inv_freq, wavelength with and without the scaling, the largest float32 and bfloat16 angle errors). Part 3 of the demo (`model.html`, and `posenc-demo-model.html` as one file) is built around it. Dynamic NTK is shown at factor × the trained length, and LongRoPE at the longest context, with the frequencies they pick there. */
export declare class PosencModel extends PosencElement {
  /** One of the published configs it offers (llama-3.1-8b, qwen2.5-7b-yarn, phi-3-mini-128k, deepseek-v3 …). Attribute `preset`: 'llama-3.1-8b', 'llama-3.2-1b', 'qwen2.5-7b', 'qwen2.5-7b-yarn', 'mistral-7b-v0.3', 'phi-3-mini-128k', 'deepseek-v2', 'deepseek-v3', 'pythia-1.4b', 'phi-2', 'gemma-2-9b', 'gpt-oss-20b', 'vicuna-7b-16k', 'llama-2-7b-dynamic', 'gemma-3-4b', 'gemma-3-1b', 'llama-4-scout', 'qwen3-8b', 'qwen2-vl-7b', 'modernbert-base', 'smollm3-3b', 'phi-4-mini', 'glm-4-9b', 'gpt-j-6b', 'command-r7b', 'mistral-nemo', 'falcon-rw-1b', 'bloom-560m', 'mpt-7b', 'gpt-2', 'opt-350m', 'bert-base', 'roberta-base', 't5-small'. Default 'llama-3.1-8b'. */
  preset: 'llama-3.1-8b' | 'llama-3.2-1b' | 'qwen2.5-7b' | 'qwen2.5-7b-yarn' | 'mistral-7b-v0.3' | 'phi-3-mini-128k' | 'deepseek-v2' | 'deepseek-v3' | 'pythia-1.4b' | 'phi-2' | 'gemma-2-9b' | 'gpt-oss-20b' | 'vicuna-7b-16k' | 'llama-2-7b-dynamic' | 'gemma-3-4b' | 'gemma-3-1b' | 'llama-4-scout' | 'qwen3-8b' | 'qwen2-vl-7b' | 'modernbert-base' | 'smollm3-3b' | 'phi-4-mini' | 'glm-4-9b' | 'gpt-j-6b' | 'command-r7b' | 'mistral-nemo' | 'falcon-rw-1b' | 'bloom-560m' | 'mpt-7b' | 'gpt-2' | 'opt-350m' | 'bert-base' | 'roberta-base' | 't5-small';
  /** A config.json as JSON text; when set it replaces the preset (invalid JSON, or a config posenc cannot read, is a message naming the key). Attribute `config`: text. Default —. */
  config: string;
  /** The selected pair (−1: the pair whose wavelength is nearest the trained context); hovering, a tap or the arrow keys read another, a click, a second tap, Select or Enter selects it. Attribute `pair`: integer. Default −1. */
  pair: number;
  /** The layer shown (−1: the first full-attention layer with the main RoPE); resets with the model. Attribute `layer`: integer. Default −1. */
  layer: number;
  /** With `group`: the first position is the one whose neighbour is compared (default: the last two of the context). Attribute `positions`: list of integers. Default —. */
  positions: number[];
  /** Resolves when the precision table (computed after the first paint, a window of positions per task) is drawn too. */
  readonly renderComplete: Promise<void>;
  /** What the config gives for the layer shown (a model without RoPE: { model, method }; a NoPE layer: { model, method, layer, rope: null }); `neverTurn`: pairs whose wavelength exceeds the longest context. */
  readonly result: { model: string; type: string; headDim: number; rotaryDim: number; base: number; attentionFactor: number; trained: number | null; longest: number; neverTurn: number; precision: Record<'float32' | 'bfloat16', { maxAngleError: number; worstPair: number }> } | null;
}

/** `<posenc-train>`: A small decoder-only transformer trained in the page by the engine (`pe.train`, docs/engine.md) on an algorithmic task at training length L, then tested at L … 4L as it trains: token accuracy and exact match per length (the training length marked): what the model **writes** (greedy decoding), exact match and token accuracy, teacher-forced accuracy only where named so, per answer position on hover, tap or ←/→, an example at 2L (or at L) token by token with right and wrong marked (every task: the first sample the engine evaluates at that length), and the attention weights of that example per layer and head, to compare a head at L with the same head at 2L. **Race** trains every method of `methods` in every seed of `seeds` on the same budget (the same batches per seed), one worker per trained method up to `hardwareConcurrency` − 1 (RoPE trained once per seed and scored as RoPE, with dynamic NTK and with position interpolation at test); the table shows per method and length the mean exact match over the seeds and its range, a baseline row (the best rule that learns nothing, computed by the engine on the same samples), and greys a method whose exact match at L is below 0.95 in any seed ("did not learn the task at L"); **Pause** holds a race in its method and **Resume the race** carries on; **Keep this race** leaves them on the plot, dashed, under the next race (another task or length). Training runs in a Web Worker running its own instance of the engine (the module `posenc-train-worker.js` next to `posenc-widgets.js`; in the one-tag script and the single files, a worker started from the inlined engine), or on the page in slices of about 8 ms (each redraw a task of its own) when the page forbids workers (a CSP whose `worker-src`, or `script-src` in its place, leaves out `blob:` for the one-tag script): a note under the buttons says which, and `runnerKind`/`runnerReason` tell scripts. Bundlers that follow `new Worker(new URL(…, import.meta.url))` (Vite, webpack) emit the worker with an app built from `posenc/widgets`; esbuild does not, and there the widget trains on the page and says the worker did not start. Removing the widget stops it and frees its trainers and worker. */
export declare class PosencTrain extends PosencElement {
  /** One of pe.train.tasks: copy, reverse, sort, recall, add. Attribute `task`: text. Default 'copy'. */
  task: string;
  /** none, sinusoidal, learned, rope, rope-ntk (RoPE trained as it is, dynamic NTK scaling at test), rope-pi (RoPE trained as it is, position interpolation at test), alibi or t5; shared with the group. Attribute `method`: 'none', 'sinusoidal', 'learned', 'rope', 'rope-ntk', 'rope-pi', 'alibi', 't5'. Default 'alibi'. */
  method: 'none' | 'sinusoidal' | 'learned' | 'rope' | 'rope-ntk' | 'rope-pi' | 'alibi' | 't5';
  /** The methods of a race: those of `method` (rope-ntk and rope-pi reuse the race's RoPE training), and rope-pi-ft and rope-ft, the race's RoPE fine-tuned for a tenth of the steps at 2L with position interpolation and without it (the control). Attribute `methods`: comma-separated list. Default 'none,sinusoidal,learned,rope,rope-pi,rope-pi-ft,alibi,t5'. */
  methods: string[];
  /** The seeds of a race, attribute "1,2,3": every method is trained in each (1 to 8 seeds). Attribute `seeds`: list of integers. Default '1,2,3'. */
  seeds: number[];
  /** Training length L. Attribute `train-length`: integer 4 … 16. Default 8. */
  trainLength: number;
  /** tiny (d 16, 1 layer, 2 heads), mini (d 32, 2 layers, 4 heads) or small (d 64, 2 layers, 4 heads). Attribute `size`: 'tiny', 'mini', 'small'. Default 'mini'. */
  size: 'tiny' | 'mini' | 'small';
  /** Training steps, the same for every method of a race. Attribute `steps`: integer 10 … 5000. Default 1000. */
  steps: number;
  /** Seed of the initial weights and of the batches of a single run (Train). Attribute `seed`: integer 0 … 2 147 483 647. Default 0. */
  seed: number;
  /** Train on the page even where a worker could run. Attribute `no-worker`: boolean. Default off. */
  noWorker: boolean;
  /** What the widget is doing (a paused race is paused). */
  readonly state: 'idle' | 'running' | 'paused' | 'done' | 'error' | 'racing';
  /** Where training runs: 'worker' or 'page' (null before the first run). */
  readonly runnerKind: 'worker' | 'page' | null;
  /** Why it runs on the page: 'blocked' (the page's CSP), 'failed', 'off' (no-worker), 'unsupported'. */
  readonly runnerReason: string | null;
  /** Starts the worker (or settles on the page) ahead of the first run. */
  prepare(): Promise<{ kind: 'worker' | 'page'; reason: string }>;
  /** Trains the chosen method (or resumes it). */
  train(): Promise<void>;
  /** Pauses the run or the race. */
  pause(): void;
  /** Stops and forgets the run and the race. */
  reset(): Promise<void>;
  /** Trains every method of `methods` in every seed of `seeds` on one budget, in parallel workers (or resumes a paused race). */
  race(): Promise<void>;
  /** Keeps the race's curves, dashed under the next race's. */
  keep(): void;
  /** Forgets the kept races. */
  clearKept(): void;
  /** The whole experiment as a PyTorch script reproducing the first 50 losses. */
  toPyTorchAsync(): Promise<string>;
  /** The run, the race (per method and seed, and summarised over the seeds: mean, min and max), the races kept and the example shown. */
  readonly result: { runner: 'worker' | 'page' | null; reason: string | null; run: TrainRun | null; race: { running: boolean; seconds: number | null; workers: number; seeds: number[]; entries: (TrainRun & { method: string; seed: number })[]; table: TrainSummary[]; baseline: TrainBaseline[] } | null; kept: number; example: TrainExample | null };
}

declare global {
  interface HTMLElementTagNameMap {
    'posenc-permutation': PosencPermutation;
    'posenc-heatmap': PosencHeatmap;
    'posenc-waves': PosencWaves;
    'posenc-compare': PosencCompare;
    'posenc-similarity': PosencSimilarity;
    'posenc-pipeline': PosencPipeline;
    'posenc-slicing': PosencSlicing;
    'posenc-properties': PosencProperties;
    'posenc-learned': PosencLearned;
    'posenc-rope': PosencRope;
    'posenc-scaling': PosencScaling;
    'posenc-alibi': PosencAlibi;
    'posenc-t5': PosencT5;
    'posenc-padding': PosencPadding;
    'posenc-methods': PosencMethods;
    'posenc-model': PosencModel;
    'posenc-train': PosencTrain;
  }
  interface HTMLElementEventMap {
    'posenc-select': CustomEvent<PosencSelectDetail>;
    'posenc-rendered': CustomEvent<{ ms: number; frames: number } | {}>;
    'posenc-change': CustomEvent<{ position: number; learnedError: string } | { m: number; n: number; score: number; pair: number } | { type: RopeScalingType; attentionFactor: number } | { head: number; slope: number; slopes: number[] } | { query: number; key: number; relativePosition: number; bucket: number; head: number; bias: number; tableValue: number; curve: { relativePosition: number; bucket: number | null } } | { ids: number[]; mask: number[]; naive: number[]; roberta: number[]; generation: number[]; mistake: number[] } | NonNullable<PosencMethods['result']> | { state: PosencTrain['state']; result: PosencTrain['result'] }>;
  }
}
// </widgets>
