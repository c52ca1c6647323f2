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

/** `<posenc-heatmap length d-model base offset layout scheme positions label>` */
export declare class PosencHeatmap extends PosencElement {
  length: number;
  dModel: number;
  base: number;
  offset: number;
  layout: Layout;
  /** A d3-scale-chromatic scheme name: RdBu (default), PuOr, BrBG, PiYG, RdYlBu, Spectral, viridis, … */
  scheme: string;
  /** Selected positions (at most two), attribute "3,7". */
  positions: number[];
  label: string;
  /** Resolves when the picture for the current attributes is completely drawn (big tables draw progressively). */
  readonly renderComplete: Promise<void>;
  /** Timing of the last full repaint. */
  readonly lastRender: { ms: number; frames: number };
  /** The cell under the keyboard/pointer cursor. */
  readonly cursor: { position: number; dimension: number };
  /** The engine's value at a row (position − offset) and column. */
  valueAt(row: number, col: number): number;
}

/** `<posenc-waves d-model dims length base layout positions view sweep label>` */
export declare class PosencWaves extends PosencElement {
  dModel: number;
  length: number;
  base: number;
  layout: Layout;
  /** Dimensions drawn in the position view, attribute "0,1,4". */
  dims: number[];
  positions: number[];
  view: 'position' | 'dimension';
  /** Sweep the position cursor automatically (attribute `sweep`; never under prefers-reduced-motion). */
  sweep: boolean;
  label: string;
  valueAt(position: number, dimension: number): number;
}

/** `<posenc-compare d-model length base layout tokens positions label>` */
export declare class PosencCompare extends PosencElement {
  dModel: number;
  length: number;
  base: number;
  layout: Layout;
  /** Token texts, attribute "The,cat,sat" (rendered as text, never HTML). */
  tokens: string[];
  positions: number[];
  label: string;
  /** The engine's comparison of the two selected positions; null until two are selected. */
  readonly result: { dot: number; cosine: number; euclidean: number } | null;
  readonly pair: number[];
}

/** `<posenc-similarity length d-model base metric scheme positions label>` */
export declare class PosencSimilarity extends PosencElement {
  length: number;
  dModel: number;
  base: number;
  metric: Metric;
  scheme: string;
  positions: number[];
  label: string;
  readonly renderComplete: Promise<void>;
  /** The engine's length × length matrix. */
  readonly matrix: Float32Array | null;
  valueAt(i: number, j: number): number;
}

export interface PipelineStage {
  key: 'token' | 'embedding' | 'scaled' | 'pe' | 'sum' | 'dropout';
  title: string;
  shape: string;
  text: string;
  vector?: Float32Array;
  dropped?: Uint8Array;
}

/** `<posenc-pipeline token position d-model base scale dropout dropout-rate step label>` */
export declare class PosencPipeline extends PosencElement {
  token: string;
  position: number;
  dModel: number;
  base: number;
  /** Multiply the embedding by √d_model. */
  scale: boolean;
  dropout: boolean;
  dropoutRate: number;
  /** Current stage, 1-based. */
  step: number;
  label: string;
  readonly stages: PipelineStage[];
}

/** `<posenc-slicing d-model length seq batch base step label>` */
export declare class PosencSlicing extends PosencElement {
  dModel: number;
  length: number;
  seq: number;
  batch: number;
  base: number;
  /** 1 … 5. */
  step: number;
  label: string;
}

/** `<posenc-permutation tokens order encoding d-model base label>` */
export declare class PosencPermutation extends PosencElement {
  tokens: string[];
  /** order[k] = index of the original token now at position k, attribute "2,0,1". */
  order: number[];
  /** Add sinusoidal positional encoding before attention. */
  encoding: boolean;
  dModel: number;
  base: number;
  label: string;
  readonly result: {
    tokens: string[];
    order: number[];
    perToken: number[];
    maxDiff: number;
    original: { output: Float32Array; weights: Float32Array };
    shuffled: { output: Float32Array; weights: Float32Array };
  } | null;
}

/** `<posenc-properties d-model length base pos k pair train-length label>` */
export declare class PosencProperties extends PosencElement {
  dModel: number;
  length: number;
  base: number;
  pos: number;
  k: number;
  pair: number;
  trainLength: number;
  label: string;
  readonly checks: {
    uniq: { min: number; at: [number, number] };
    bounds: { lo: number; hi: number };
    rotation: { pos: number; k: number; maxErr: number; worst: number };
    extrap: { T: number; inside: number; beyond: number; minBeyond: number; learnedError: string };
  } | null;
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
/** The engine the widgets use (loaded once per page). */
export declare function getEngine(): Promise<Engine>;

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

declare global {
  interface HTMLElementTagNameMap {
    'posenc-heatmap': PosencHeatmap;
    'posenc-waves': PosencWaves;
    'posenc-compare': PosencCompare;
    'posenc-similarity': PosencSimilarity;
    'posenc-pipeline': PosencPipeline;
    'posenc-slicing': PosencSlicing;
    'posenc-permutation': PosencPermutation;
    'posenc-properties': PosencProperties;
  }
  interface HTMLElementEventMap {
    'posenc-select': CustomEvent<PosencSelectDetail>;
    'posenc-rendered': CustomEvent<{ ms?: number; frames?: number }>;
  }
}

// ---- the method widgets (learned, T5, RoPE, scaling, ALiBi, comparison, padding) ------------------------

import type { RopeConvention, RopeScalingType } from '../engine/index.js';

/** `{ value }` when the engine produced a number, `{ error }` (its message) when it refused. */
export type ScoreOrError = { value: number; error?: undefined } | { value?: undefined; error: string };

/** `<posenc-learned max-length d-model seed std base position extra positions label>` */
export declare class PosencLearned extends PosencElement {
  maxLength: number;
  dModel: number;
  seed: number;
  /** Standard deviation of the Normal draws. Default 0.02. */
  std: number;
  /** Base of the sinusoidal table drawn beside it. */
  base: number;
  /** The looked-up position; at or past max-length the learned lookup fails (the engine's RangeError is shown). */
  position: number;
  /** Rows drawn past the end of the table (0: an eighth of max-length, at least 8). */
  extra: number;
  positions: number[];
  label: string;
  readonly renderComplete: Promise<void>;
  readonly lastRender: { ms: number; frames: number };
  lookup(position: number): { position: number; learned: Float32Array | null; learnedError: string; sinusoidal: Float32Array | null; sinusoidalError: string };
  readonly result: {
    position: number;
    learned: number[] | null;
    learnedError: string;
    sinusoidal: number[] | null;
    parameters: number;
    bytes: number;
  } | null;
}

/** `<posenc-t5 num-buckets max-distance bidirectional length heads head seed span positions label>` */
export declare class PosencT5 extends PosencElement {
  numBuckets: number;
  maxDistance: number;
  /** Present: encoder (keys on both sides, half the buckets each). Absent: decoder (causal). */
  bidirectional: boolean;
  /** Query × key grid size. */
  length: number;
  heads: number;
  head: number;
  seed: number;
  /** Half-width of the bucket plot (0: max-distance + 25 %). */
  span: number;
  /** [query, key] of the grid cursor. */
  positions: number[];
  label: string;
  readonly lastRender: { ms: number; frames: number };
  bucketOf(relativePosition: number): number | null;
  readonly cell: { query: number; key: number; relativePosition: number; bucket: number; head: number; bias: number; tableValue: number } | null;
  readonly result: {
    cell: PosencT5['cell'];
    /** `last`: the final bucket's distances, [start, Infinity]; null only if no distance reaches it. */
    past: { exact: [number, number]; log: [number, number]; last: [number, number] | null; lastBucket: number };
    future: { exact: [number, number]; log: [number, number]; last: [number, number] | null; lastBucket: number };
    rp: number;
    bucket: number | null;
  } | null;
}

/** `<posenc-rope head-dim base convention m n pair seed span label>` */
export declare class PosencRope extends PosencElement {
  headDim: number;
  base: number;
  convention: RopeConvention;
  /** Query position. */
  m: number;
  /** Key position. */
  n: number;
  /** The channel pair drawn. */
  pair: number;
  /** Seed of the query and key content. */
  seed: number;
  /** The group's selection as last received ([query, key]); `m` and `n` follow it. */
  positions: number[];
  /** Slider range and half-width of the decay plots. */
  span: number;
  label: string;
  /** Resolves when the decay bound (computed after the first paint) is drawn too. */
  readonly renderComplete: Promise<void>;
  readonly lastRender: { ms: number; frames: number };
  readonly result: {
    m: number;
    n: number;
    score: number;
    /** The same gap from the start: (m − n, 0) or (0, n − m). */
    reference: { m: number; n: number; score: number };
    difference: number;
    pair: number;
    channels: [number, number];
    invFreq: number;
    pairScore: number;
    pairs: [number, number][];
  } | null;
}

/** `<posenc-scaling head-dim base type factor original-max seq-len low-freq-factor high-freq-factor beta-fast beta-slow short-factor long-factor view solo pair label>` */
export declare class PosencScaling extends PosencElement {
  headDim: number;
  base: number;
  type: RopeScalingType;
  factor: number;
  originalMax: number;
  /** The sequence length served (dynamic, LongRoPE); 0: factor × original-max. */
  seqLen: number;
  lowFreqFactor: number;
  highFreqFactor: number;
  betaFast: number;
  betaSlow: number;
  /** LongRoPE lists (head-dim / 2 values); empty: illustrative defaults. */
  shortFactor: number[];
  longFactor: number[];
  view: 'wavelength' | 'frequency';
  /** Only the selected type and the default. */
  solo: boolean;
  /** Cursor pair (−1: the pair whose default wavelength is closest to the original context). */
  pair: number;
  label: string;
  readonly lastRender: { ms: number; frames: number };
  readonly result: { type: RopeScalingType; pair: number; curves: Record<RopeScalingType, { invFreq: number[]; attentionFactor: number }> } | null;
}

/** `<posenc-alibi heads length head query symmetric scale label>` */
export declare class PosencAlibi extends PosencElement {
  heads: number;
  length: number;
  head: number;
  /** Query row of the weights plot (−1: the last). */
  query: number;
  /** −slope·|i − j| without the causal mask. */
  symmetric: boolean;
  /** Colour scale of the bias matrices: 'shared' or 'head'. */
  scale: 'shared' | 'head' | string;
  label: string;
  readonly lastRender: { ms: number; frames: number };
  biasAt(head: number, query: number, key: number): number;
  weightAt(head: number, query: number, key: number): number;
  readonly result: { slopes: number[]; head: number; slope: number; query: number; biasRow: number[]; weightsRow: number[] } | null;
}

export type MethodName = 'sinusoidal' | 'learned' | 't5' | 'rope' | 'alibi';

/** `<posenc-methods tokens train-length query distance d-model heads head num-buckets max-distance base seed window positions label>` */
export declare class PosencMethods extends PosencElement {
  tokens: string[];
  trainLength: number;
  /** Query position (−1: train-length − 1). */
  query: number;
  /** Distance of the key before the query. */
  distance: number;
  dModel: number;
  heads: number;
  /** Head shown for T5 and ALiBi. */
  head: number;
  numBuckets: number;
  maxDistance: number;
  base: number;
  seed: number;
  /** Largest distance plotted. */
  window: number;
  /** [query, key]. */
  positions: number[];
  /** The method marked (its panel and column), shared with the group; null: none. */
  method: MethodName | null;
  label: string;
  readonly lastRender: { ms: number; frames: number };
  /** Scores against distance 0…D for a query at i, per method. */
  curves(i: number, D: number): Record<MethodName, { value?: Float64Array; error?: Error }>;
  readonly result: {
    query: number;
    key: number;
    distance: number;
    method: MethodName | null;
    scores: Record<MethodName, ScoreOrError>;
    /** Euclidean distance between the curves of two queries (0: relative). */
    relative: Record<MethodName, number | null>;
    /** true, or the engine's message for a query at 2 × train-length. */
    beyond: Record<MethodName, true | string>;
    parameters: Record<MethodName, number | null>;
  } | null;
}

/** `<posenc-padding tokens length pad-side pad-token-id past-length column label>` */
export declare class PosencPadding extends PosencElement {
  tokens: string[];
  /** Padded length (0: three more than the tokens). */
  length: number;
  padSide: 'right' | 'left';
  padTokenId: number;
  pastLength: number;
  /** The slot (column) explained in the readout (−1: none). */
  column: number;
  label: string;
  readonly lastRender: { ms: number; frames: number };
  readonly result: {
    tokens: string[];
    ids: number[];
    mask: number[];
    naive: number[];
    roberta: number[];
    generation: number[];
    /** cumsum(mask)·mask − 1: −1 at padding. */
    mistake: number[];
    mistakeError: string;
  } | null;
}

/** `<posenc-model preset config pair positions label>`: a transformers config read by pe.rope.fromConfig. */
export declare class PosencModel extends PosencElement {
  /** One of the published configs it offers (llama-3.1-8b, qwen2.5-7b-yarn, phi-3-mini-128k, deepseek-v3 …). */
  preset: string;
  /** A config.json as JSON text; when set it replaces the preset. */
  config: string;
  /** The pair under the cursor (−1: the pair whose wavelength is nearest the trained context). */
  pair: number;
  label: string;
  readonly result: {
    model: string;
    type: string;
    headDim: number;
    rotaryDim: number;
    base: number;
    attentionFactor: number;
    trained: number | null;
    longest: number;
    /** Pairs whose wavelength exceeds the longest context. */
    neverTurn: number;
    precision: Record<'float32' | 'bfloat16', { maxAngleError: number; worstPair: number }>;
  } | null;
}

/** One row of `<posenc-train>`'s results: a test length and how the model did there. */
export interface TrainLengthRow {
  length: number;
  /** false when the model cannot run at this length (a learned table without rows for it); `reason` says why. */
  supported: boolean;
  reason: string;
  /** Share of samples whose whole answer is right. */
  exactMatch: number;
  /** Share of answer tokens right (the mean of `positions`). */
  accuracy: number;
  /** Accuracy per answer position. */
  positions: number[];
  loss: number;
}

/** One training run of `<posenc-train>`. */
export interface TrainRun {
  method?: string;
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

/** One sample at `length` (the first the engine evaluates there), token by token, and the model's greedy answer. */
export interface TrainExample {
  length: number;
  prompt: number[];
  expected: number[];
  predicted: number[] | null;
  /** The trainer's message when the example could not be made. */
  error?: string;
}

/**
 * `<posenc-train task method methods train-length size steps seed no-worker label>`: a small transformer
 * trained in the page (pe.train) at length L and tested at L … 4L; Race trains every method of `methods`.
 */
export declare class PosencTrain extends PosencElement {
  /** One of pe.train.tasks (copy, reverse, sort, recall, add). */
  task: string;
  /** none, sinusoidal, learned, rope, rope-ntk (RoPE with dynamic NTK at test), alibi or t5. */
  method: string;
  /** The methods of a race. */
  methods: string[];
  /** Training length L, 4 to 16. */
  trainLength: number;
  /** tiny, mini or small. */
  size: 'tiny' | 'mini' | 'small';
  steps: number;
  seed: number;
  /** Train on the page even where a worker could run. */
  noWorker: boolean;
  readonly state: 'idle' | 'running' | 'paused' | 'done' | 'error' | 'racing';
  /** Where training runs: 'worker' or 'page' (null before the first run). */
  readonly runnerKind: 'worker' | 'page' | null;
  /** Why it runs on the page: 'blocked' (the page's CSP), 'failed', 'off' (no-worker), 'unsupported'. */
  readonly runnerReason: string | null;
  prepare(): Promise<{ kind: 'worker' | 'page'; reason: string }>;
  train(): Promise<void>;
  pause(): void;
  reset(): Promise<void>;
  race(): Promise<void>;
  keep(): void;
  clearKept(): void;
  /** The whole experiment as a PyTorch script reproducing the first 50 losses. */
  toPyTorchAsync(): Promise<string>;
  /** Shows the example (and its attention) at L (0) or at 2L (1, the default). */
  showExampleAt(which: 0 | 1): void;
  readonly result: {
    runner: 'worker' | 'page' | null;
    reason: string | null;
    run: TrainRun | null;
    race: { running: boolean; seconds: number | null; entries: (TrainRun & { method: string })[] } | null;
    kept: number;
    example: TrainExample | null;
  };
}

export declare const METHOD_WIDGET_TAGS: readonly string[];
export declare const TRAIN_WIDGET_TAGS: readonly string[];
export declare const MODEL_WIDGET_TAGS: readonly string[];
/** Every widget's tag name: WIDGET_TAGS, METHOD_WIDGET_TAGS, MODEL_WIDGET_TAGS, then TRAIN_WIDGET_TAGS. */
export declare const ALL_WIDGET_TAGS: readonly string[];

declare global {
  interface HTMLElementTagNameMap {
    'posenc-learned': PosencLearned;
    'posenc-t5': PosencT5;
    'posenc-rope': PosencRope;
    'posenc-scaling': PosencScaling;
    'posenc-alibi': PosencAlibi;
    'posenc-methods': PosencMethods;
    'posenc-padding': PosencPadding;
    'posenc-model': PosencModel;
    'posenc-train': PosencTrain;
  }
  interface HTMLElementEventMap {
    'posenc-change': CustomEvent<unknown>;
  }
}
