// Type declarations for `posenc` (the engine). Hand-written (Emscripten 3.1.6 cannot emit them), except the parts
// between the <options> and <calls> markers, which scripts/gen-schema.mjs writes from web/src/engine/schema.js.
/// <reference lib="esnext.disposable" />

/** Any numeric input: a typed array (not a BigInt one) or a plain array of numbers. */
export type NumericArray =
  | readonly number[]
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array;

/** A transformers config.json, parsed (only its RoPE keys are read). */
export type TransformersConfig = Record<string, unknown>;

/** The arithmetic of rope.cosSin and rope.precision: a model's dtype, or 'float64' for the exact values. */
export type RopeDtype = 'float64' | 'float32' | 'bfloat16' | 'float16';

/**
 * RoPE frequencies from posenc's options or from a transformers config (and, when its layers differ, the
 * layer). Dynamic NTK and LongRoPE are sized by the positions asked for unless `seqLen` is given.
 */
export type RopeSource = RopeOptions | { config: TransformersConfig; seqLen?: number; layer?: number };

export interface RopeCosSin {
  cos: Float32Array | Float64Array;
  sin: Float32Array | Float64Array;
  positions: number;
  rotaryDim: number;
  attentionFactor: number;
  dtype: RopeDtype;
  convention: RopeConvention;
}

export interface RopePrecision {
  dtype: RopeDtype;
  from: number;
  to: number;
  /** More than 2^20 positions: evenly spread samples were checked. */
  sampled: boolean;
  pairs: { pair: number; invFreq: number; maxAngleError: number; worstPosition: number; firstStuck: number | null }[];
  maxAngleError: number;
  worstPair: number;
  /** 2^24: from here float32 positions p and p + 1 are the same number (null for float64). */
  positionsCollapseAt: number | null;
}

/** One rotary embedding of a model: what it was read from, and the frequencies it gives. */
export interface RopeEntry {
  type: RopeScalingType;
  /** The head size the rotation is defined on (DeepSeek: qk_rope_head_dim). */
  headDim: number;
  /** Channels that rotate: headDim × partialRotaryFactor. */
  rotaryDim: number;
  base: number;
  partialRotaryFactor: number;
  /** How the model pairs channels: rotate_half, pairs (2i, 2i+1), or DeepSeek's rope_interleave ('deinterleave'). */
  convention: RopeConvention;
  maxPositionEmbeddings: number | null;
  originalMaxPositionEmbeddings: number | null;
  /** posenc's names: pass it on to rope.invFreq or rope.apply. */
  scaling: RopeScaling;
  invFreq: Float64Array;
  attentionFactor: number;
  /** M-RoPE (Qwen2-VL): pairs per section (temporal, height, width); position ids then have three rows. */
  mropeSection?: [number, number, number];
}

/** The attention a layer runs, for pe.attention. */
export interface LayerAttention {
  heads: number | null;
  kvHeads: number | null;
  scale: number;
  /** Logit soft-cap (Gemma 2); null: none. */
  softcap: number | null;
  /** Llama 4's NoPE layers: q × (log(floor((position + 1) / floorScale) + 1) · attnScale + 1). */
  temperatureTuning?: { floorScale: number; attnScale: number };
}

/** One layer of a model: its attention and which RoPE it uses. */
export interface ModelLayer extends LayerAttention {
  index: number;
  attention: 'full' | 'sliding' | 'chunked';
  /** The sliding window or the attention chunk (null: full attention, or not given). */
  window: number | null;
  /** Index into `ropes`; null on a NoPE layer (no rotation). */
  rope: number | null;
}

/**
 * What pe.rope.fromConfig read from a config: the top-level fields are the main layers' RoPE (the
 * full-attention layers', else the first RoPE layer's, = ropes[0]); `layers` and `ropes` hold every layer's.
 */
export interface RopeFromConfig extends RopeEntry {
  /** The attention of the main layers: heads, kvHeads, scale and softcap (null: none). */
  attention: LayerAttention;
  /** The text model's model_type (null: not given). */
  modelType: string | null;
  /** Each distinct RoPE of the model; layers that share one point to the same entry. */
  ropes: RopeEntry[];
  /** One per layer (num_hidden_layers; empty when the config does not say). */
  layers: ModelLayer[];
  /** Where each value was read from, the defaults assumed, the keys not read, and the rules used. */
  notes: string[];
}

/** The position method of a model, from pe.fromConfig. */
export type PositionMethod =
  | ({ method: 'rope' } & RopeFromConfig)
  | { method: 'alibi'; rule: 'bloom' | 'mpt'; heads: number; slopes: Float32Array; alibiBiasMax?: number; modelType: string | null; layers: number | null; notes: string[] }
  | {
      method: 'learned';
      /** Positions the table serves. */
      maxPositions: number;
      /** Rows of the table (OPT: maxPositions + 2; RoBERTa: maxPositions + padTokenId + 1). */
      tableSize: number;
      /** Row of position 0. */
      offset: number;
      /** How position ids are made: arange, GPT-2's generation rule, OPT's mask cumsum, RoBERTa's padding-aware rule. */
      positionIds: 'arange' | 'generation' | 'opt' | 'roberta';
      padTokenId?: number;
      heads: number | null;
      modelType: string | null;
      layers: number | null;
      notes: string[];
    }
  | {
      method: 't5';
      numBuckets: number;
      maxDistance: number;
      encoder: { bidirectional: true };
      decoder: { bidirectional: false } | null;
      /** The bias table is in each stack's first layer (false: UMT5, one per layer). */
      sharedAcrossLayers: boolean;
      heads: number | null;
      modelType: string | null;
      layers: number | null;
      notes: string[];
    }
  | { method: 'none'; modelType: string | null; notes: string[] };

/** M-RoPE position ids for text, an image or video grid, then text, as Qwen2-VL's and Qwen2.5-VL's get_rope_index number them. */
export interface MropePositionIdsOptions {
  textBefore?: number;
  /** [t, h, w] in patches, as image_grid_thw. */
  grid: [number, number, number];
  textAfter?: number;
  /** Patches merged into one token along h and w. Default 2. */
  spatialMergeSize?: number;
  /** Frame f's temporal index is ⌊f × temporalStep⌋: 1 (Qwen2-VL, the default); Qwen2.5-VL videos: second_per_grid_t × tokens_per_second. */
  temporalStep?: number;
}

/**
 * `length` float32 values in engine memory, made by `pe.buffer(length)`. Engine calls read a buffer given as
 * input, and write a buffer given as `into`, in place: no copy in or out (the fast path for large tensors).
 */
export interface EngineBuffer {
  readonly length: number;
  /**
   * A view of the buffer's memory. Any engine call may grow the engine's memory, which detaches earlier
   * views: read `array` again after engine calls instead of keeping it. Throws after free().
   */
  readonly array: Float32Array;
  readonly freed: boolean;
  /**
   * Returns the memory to the engine (idempotent). Buffers are not freed by garbage collection (a view can
   * outlive the buffer object): free each one, or declare it with `using`.
   */
  free(): void;
  /** free(), for `using buffer = pe.buffer(n)` (TypeScript 5.2+; Node 20 itself cannot parse `using`). */
  [Symbol.dispose](): void;
}

/** A numeric input, read in place when it is an EngineBuffer (or a view of one). */
export type NumericInput = NumericArray | EngineBuffer;
/** Where a float32 result goes: a Float32Array of the right length, or an EngineBuffer written in place. */
export type FloatTarget = Float32Array | EngineBuffer;

export interface Comparison {
  dot: number;
  /** 0 when either vector is all zeros. */
  cosine: number;
  euclidean: number;
}

// <options>
// generated by scripts/gen-schema.mjs from web/src/engine/schema.js: edit those, not this
export type Layout = 'interleaved' | 'split';
export type Metric = 'cosine' | 'dot' | 'euclidean';
export type RopeConvention = 'half' | 'interleaved' | 'deinterleave';
export type RopeLayout = 'bshd' | 'bhsd';
export type RopeScalingType = 'default' | 'linear' | 'dynamic' | 'yarn' | 'llama3' | 'longrope';
export type PositionIdsConvention = 'roberta' | 'generation';

export interface SinusoidalOptions {
  /** Number of positions (rows). Allowed: integer 1 … 2^28. */
  length: number;
  /** Width of each encoding (columns). Odd widths end with a sine that has no cosine partner. Allowed: integer 1 … 2^20. */
  dModel: number;
  /** Wavelength base. Allowed: number > 1. Default 10000. */
  base?: number;
  /** First position (KV cache / long context); offset + length ≤ 2^53 − 1. Allowed: integer 0 … 2^53 − 1. Default 0. */
  offset?: number;
  /** 'interleaved' (sin, cos, sin, cos …: the paper) or 'split' (all sines, then all cosines). Default 'interleaved'. */
  layout?: Layout;
  /** Filled and returned instead of a new array; must have length × dModel elements. */
  into?: FloatTarget;
}

export interface FrequenciesOptions {
  /** Width of the encoding: ⌈dModel/2⌉ sin/cos pairs. Allowed: integer 1 … 2^20. */
  dModel: number;
  /** Wavelength base. Allowed: number > 1. Default 10000. */
  base?: number;
}

export interface LearnedOptions {
  /** Rows of the table. Allowed: integer 1 … 2^28. */
  maxLength: number;
  /** Width of each row. Allowed: integer 1 … 2^20. */
  dModel: number;
  /** The same seed gives the same table in every build. Allowed: integer 0 … 2^32 − 1. Default 0. */
  seed?: number;
  /** Standard deviation of the Normal(0, std) draws. Allowed: number 0 … 1000000. Default 0.02. */
  std?: number;
  /** Look up these rows only; a position < 0 or ≥ maxLength is a RangeError. */
  positions?: NumericInput;
  /** Filled and returned instead of a new array; must have the result's length. */
  into?: FloatTarget;
}

export interface SimilarityOptions {
  /** Rows of the table. Allowed: integer 1 … 2^20. */
  length: number;
  /** Width of each row. Allowed: integer 1 … 2^20. */
  dModel: number;
  /** What is computed for every pair of rows. Default 'cosine'. */
  metric?: Metric;
  /** length × length elements; must not overlap the table. */
  into?: FloatTarget;
}

/** transformers' `rope_scaling`, keys in camelCase (`rope_type` is `type`). */
export interface RopeScaling {
  /** The scaling recipe. Default 'default'. */
  type?: RopeScalingType;
  /** How many times the context grows; ≥ 1. Required except for default, and for longrope when both lengths (their ratio) or attentionFactor are given. Allowed: number > 0, ≤ 1000000. */
  factor?: number;
  /** The pretrained context length (dynamic, yarn, llama3, longrope). Allowed: integer 1 … 2^53 − 1. */
  originalMaxPositionEmbeddings?: number;
  /** The extended context length. Allowed: integer 1 … 2^53 − 1. */
  maxPositionEmbeddings?: number;
  /** The sequence length the frequencies serve (dynamic, longrope). rope.apply defaults it to offset + seqLen. Allowed: integer 1 … 2^53 − 1. */
  seqLen?: number;
  /** YaRN: rotations below which a pair is interpolated fully. Allowed: number > 0.000001, ≤ 1000000. */
  betaFast?: number;
  /** YaRN: rotations above which a pair is left as it is. Allowed: number > 0.000001, ≤ 1000000. */
  betaSlow?: number;
  /** YaRN (DeepSeek): attention factor numerator. Allowed: number > −1000000, ≤ 1000000. */
  mscale?: number;
  /** YaRN (DeepSeek): attention factor denominator. Allowed: number > −1000000, ≤ 1000000. */
  mscaleAllDim?: number;
  /** YaRN, LongRoPE: the attention factor as given. Allowed: number > 0, ≤ 1000000. */
  attentionFactor?: number;
  /** YaRN: floor/ceil the correction range. Default true. */
  truncate?: boolean;
  /** Llama 3: wavelengths beyond original / lowFreqFactor are divided by factor. Allowed: number > 0, ≤ 1000000. */
  lowFreqFactor?: number;
  /** Llama 3: wavelengths below original / highFreqFactor are kept; ≥ lowFreqFactor. Allowed: number > 0, ≤ 1000000. */
  highFreqFactor?: number;
  /** LongRoPE: rotaryDim / 2 values from 1e-6 to 1e6, for sequences within the original length. */
  shortFactor?: NumericInput;
  /** LongRoPE: rotaryDim / 2 values from 1e-6 to 1e6, beyond it. */
  longFactor?: NumericInput;
}

export interface RopeOptions {
  /** Channels per head; headDim × partialRotaryFactor must be even. Allowed: integer 1 … 2^20. */
  headDim: number;
  /** Wavelength base. Allowed: number > 1. Default 10000. */
  base?: number;
  /** Fraction of each head that rotates, in (0, 1]. Allowed: number > 0, ≤ 1. Default 1. */
  partialRotaryFactor?: number;
  /** Long-context scaling. */
  scaling?: RopeScaling;
}

export interface RopeApplyOptions extends RopeOptions {
  /** Sequences; x holds batch × seqLen × heads × headStride values. Allowed: integer 1 … 2^28. Default 1. */
  batch?: number;
  /** Tokens per sequence. Allowed: integer 1 … 2^28. */
  seqLen: number;
  /** Heads per token. Allowed: integer 1 … 4096. */
  heads: number;
  /** Position of the first token (KV cache); offset + seqLen ≤ 2^53 − 1. Not with positionIds. Allowed: integer 0 … 2^53 − 1. Default 0. */
  offset?: number;
  /** One position per token, integers from 0 to 2^53 − 1: seqLen values (shared by the batch) or batch × seqLen (left padding, packed sequences). Dynamic NTK and LongRoPE take their length from the largest + 1, as transformers does. */
  positionIds?: NumericInput;
  /** 'bshd': x is [batch][seqLen][heads][headStride] (as projected); 'bhsd': [batch][heads][seqLen][headStride] (q and k after transformers' transpose). Default 'bshd'. */
  layout?: RopeLayout;
  /** Channels per head in x, when the heads are wider than headDim (DeepSeek: qk_nope_head_dim + qk_rope_head_dim). Defaults to headDim. Allowed: integer 1 … 2^20. */
  headStride?: number;
  /** First rotating channel of each head (DeepSeek: qk_nope_head_dim); channelOffset + rotary width ≤ headStride. Other channels pass through. Allowed: integer 0 … 2^20. Default 0. */
  channelOffset?: number;
  /** 'half' (GPT-NeoX / LLaMA rotate_half), 'interleaved' (GPT-J / RoFormer) or 'deinterleave' (DeepSeek's rope_interleave: pairs (2i, 2i+1) read, written back in rotate_half order). Default 'half'. */
  convention?: RopeConvention;
  /** As many elements as x: x itself (rotated in place) or memory that does not overlap x. */
  into?: FloatTarget;
}

export interface AlibiBiasOptions {
  /** Attention heads (one slope each). Allowed: integer 1 … 4096. */
  heads: number;
  /** Positions (the bias is length × length per head). Allowed: integer 1 … 2^20. */
  length: number;
  /** true: −slope·(i−j) at j ≤ i and −Infinity above the diagonal; false: symmetric −slope·|i−j|. Default true. */
  causal?: boolean;
  /** Filled and returned instead of a new array; must have the result's length. */
  into?: FloatTarget;
}

export interface T5BucketOptions {
  /** Separate buckets for keys before and after the query. Default true. */
  bidirectional?: boolean;
  /** Buckets (at least 4 when bidirectional). Allowed: integer 2 … 65536. Default 32. */
  numBuckets?: number;
  /** Distance from which every position shares the last bucket; greater than the exact-bucket count. Allowed: integer 2 … 2^53 − 1. Default 128. */
  maxDistance?: number;
}

export interface T5GridOptions extends T5BucketOptions {
  /** Queries (rows). Allowed: integer 1 … 2^28. */
  queryLength: number;
  /** Keys (columns). Allowed: integer 1 … 2^28. */
  keyLength: number;
  /** Filled and returned instead of a new array; must have the result's length. */
  into?: Int32Array;
}

export interface RobertaPositionIdsOptions {
  /** RoBERTa's rule: pads keep padTokenId, tokens count on from padTokenId + 1. Default 'roberta'. */
  convention?: 'roberta';
  /** The padding token id. Allowed: integer −2^30 … 2^30. */
  padTokenId: number;
  /** Tokens already in the KV cache. Allowed: integer 0 … 2^30. Default 0. */
  pastLength?: number;
  /** Filled and returned instead of a new array; must have the result's length. */
  into?: Int32Array;
}

export interface GenerationPositionIdsOptions {
  /** Generation: positions from the attention mask (cumsum − 1, 1 at pads). */
  convention: 'generation';
  /** Filled and returned instead of a new array; must have the result's length. */
  into?: Int32Array;
}

export interface AttentionOptions {
  /** Queries, [seqLen][heads][headDim]. */
  q: NumericInput;
  /** Keys, [keyLength][kvHeads][headDim]. */
  k: NumericInput;
  /** Values, [keyLength][kvHeads][headDim]. */
  v: NumericInput;
  /** Queries. Allowed: integer 1 … 4096. */
  seqLen: number;
  /** Query heads. Allowed: integer 1 … 4096. */
  heads: number;
  /** Channels per head. Allowed: integer 1 … 2^20. */
  headDim: number;
  /** Key/value heads (grouped-query attention): a divisor of heads; query head h reads key/value head ⌊h / (heads / kvHeads)⌋. Defaults to heads. Allowed: integer 1 … 4096. */
  kvHeads?: number;
  /** Keys, when the queries are the last seqLen of them (a decode step against a KV cache): query i sits at position keyLength − seqLen + i. Defaults to seqLen. Allowed: integer 1 … 4096. */
  keyLength?: number;
  /** Multiplies q·k; a finite number other than 0. Defaults to 1/√headDim (DeepSeek V3 multiplies it by mscale²; Gemma 2 uses 1/√query_pre_attn_scalar). */
  scale?: number;
  /** Logit soft-capping (Gemma 2's attn_logit_softcapping): scores become softcap · tanh(scores / softcap) before the bias; 0 for none. Allowed: number 0 … 1e+30. Default 0. */
  softcap?: number;
  /** Additive, [heads][seqLen][keyLength] or [seqLen][keyLength]; −Infinity masks. */
  bias?: NumericInput;
  /** Mask the keys after each query’s position. Default false. */
  causal?: boolean;
}

export type PositionIdsOptions = RobertaPositionIdsOptions | GenerationPositionIdsOptions;
// </options>

export type TrainTask = 'copy' | 'reverse' | 'sort' | 'recall' | 'add';
export type TrainPosition = 'none' | 'sinusoidal' | 'learned' | 'rope' | 'alibi' | 't5';

/** pe.train.create's options (docs/engine.md, "Train short, test long"). */
export interface TrainOptions {
  /** Default 'copy'. */
  task?: TrainTask;
  /** Default 'none'. */
  position?: TrainPosition;
  /** n of the training samples, 4 … 64 (even for recall and add); default 8. */
  trainLength?: number;
  /** 16 … 128, default 32. */
  dModel?: number;
  /** 1 … 4, default 2. */
  layers?: number;
  /** 1 … 8 dividing dModel into even head sizes, default 4. */
  heads?: number;
  /** Tokens: 0 BOS, 1 SEP, 2 reserved, 3 … vocab − 1 symbols; 4 (5 for add) … 256, default 16. */
  vocab?: number;
  /** Sequences per step, 1 … 1024, default 32. */
  batch?: number;
  /** S of the cosine schedule, default 1000. */
  steps?: number;
  /** W warm-up steps, 0 … steps, default 100. */
  warmup?: number;
  /** Peak learning rate, (0, 1], default 3e-3. */
  lr?: number;
  /** AdamW's decoupled weight decay on 2-D weights, [0, 1], default 0.01. */
  weightDecay?: number;
  /** Global gradient-norm clip, default 1. */
  clip?: number;
  /** 0 … 2^32 − 1, default 0: initialisation and batches. */
  seed?: number;
  /** learned only: the table size P, from the training sequence length (the default) to 1024. */
  maxPositions?: number;
  /** t5 only: buckets (default 32) and max distance (default 128) of T5's causal buckets. */
  t5Buckets?: number;
  t5MaxDistance?: number;
  /**
   * Default true: fairseq's Transformer (Vaswani et al.): embeddings Normal(0, 1/√dModel), the token
   * embedding times √dModel, Linear weights Glorot-normal. false: GPT-2's Normal(0, 0.02), no multiplier.
   */
  scaleEmbedding?: boolean;
  /**
   * rope only: RoPE's positions in training, `{ type: 'linear', factor }` (position interpolation, Chen et al.
   * 2023: positions divided by factor, to fine-tune at a longer length weights trained at a shorter one).
   * `evaluate`, `attention` and `predict` use it unless given a `scaling` of their own.
   */
  scaling?: RopeScaling;
}

/** Token ids [batch × T] and targets (−1: no loss), row-major Int32Arrays. */
export interface TrainBatch {
  inputs: Int32Array | readonly number[];
  targets: Int32Array | readonly number[];
}

/** The evaluation at one sample length n. */
export type TrainEvaluation =
  | {
      length: number;
      supported: true;
      /** Samples whose whole answer is right (greedy and teacher-forced agree on this). */
      exactMatch: number;
      /** Per answer position: the answer the model writes, greedily, one token after the other. */
      greedyAccuracy: Float64Array;
      /** Per answer position, teacher-forced: the true prefix fed in. */
      accuracy: Float64Array;
      /** Per answer position, teacher-forced cross-entropy. */
      loss: Float64Array;
      /** The best rule that learns nothing of the task, on the same samples ('mode', 'prompt', 'reversed'). */
      baseline: { rule: string; exactMatch: number; accuracy: Float64Array };
    }
  | { length: number; supported: false; reason: string };

/** RoPE scaling at evaluation (rope only): linear, dynamic or yarn; originalMaxPositionEmbeddings defaults to T. */
export interface TrainScalingOptions {
  scaling?: RopeScaling;
}

export interface Trainer {
  /** Optimiser steps taken. */
  readonly steps: number;
  /** Positions T of a training sequence. */
  readonly sequenceLength: number;
  /** Each parameter's shape (torch names: tok_emb, layers.0.attn.q.weight, …). */
  readonly shapes: Readonly<Record<string, readonly number[]>>;
  /** n optimiser steps (1 … 100000, default 1; at most the steps left of `steps`) on the engine's seeded batches: their losses. */
  step(n?: number): Float32Array;
  /** The batch the next step will train on (not consumed). */
  batch(): { inputs: Int32Array; targets: Int32Array };
  /**
   * The first `count` (1 … 1024, default 1) samples evaluate() scores at sample length n, rows of `length`
   * (T) tokens: inputs, and targets (−1 before the answer).
   */
  samples(options: { length: number; count?: number }): { inputs: Int32Array; targets: Int32Array; length: number };
  /** Loss and gradients of a batch (rows = the trainer's batch, any length), without an update. */
  gradients(batch: TrainBatch): { loss: number; grads: Record<string, Float32Array> };
  /** One optimiser step on the given batch: its loss. */
  stepOn(batch: TrainBatch): number;
  /** Exact match, accuracy and loss per answer position at each sample length (samples default 100). */
  evaluate(options: { lengths: NumericArray; samples?: number } & TrainScalingOptions): TrainEvaluation[];
  /** Attention weights of one sequence: [layers][heads][length][length]. */
  attention(tokens: NumericArray, options?: TrainScalingOptions): { layers: number; heads: number; length: number; weights: Float32Array };
  /** The greedy answer to a prompt ([BOS, x…, SEP], recall: [BOS, k v …, SEP, q]). */
  predict(tokens: NumericArray, options?: TrainScalingOptions): Int32Array;
  /** A copy of every parameter by name (pe.toNpy(w, trainer.shapes[name]) writes one). */
  weights(): Record<string, Float32Array>;
  /** Replaces the named parameters (names and lengths checked). */
  setWeights(weights: Record<string, Float32Array | readonly number[]>): void;
  /** Frees the trainer's engine memory; any later call (a second dispose() too) is a TypeError. */
  dispose(): void;
}

export interface Engine {
  /** True when the WebAssembly SIMD build was loaded. */
  readonly simd: boolean;
  /** 'wasm-simd128' or 'scalar'. */
  readonly build: string;
  /** Results are new Float32Arrays, or the `into` given (an EngineBuffer comes back as itself). */
  sinusoidal<T extends FloatTarget = Float32Array>(options: SinusoidalOptions & { into?: T }): T;
  // <calls>
  // generated by scripts/gen-schema.mjs from web/src/engine/schema.js: edit those, not this
  /** ω_i = base^(−2i/dModel) for each of the ⌈dModel/2⌉ sin/cos pairs (wavelength 2π/ω_i). */
  frequencies(options: FrequenciesOptions): Float64Array;
  learned<T extends FloatTarget = Float32Array>(options: LearnedOptions & { into?: T }): T;
  compare(a: NumericInput, b: NumericInput): Comparison;
  readonly alibi: {
    slopes(heads: number): Float32Array;
    bias<T extends FloatTarget = Float32Array>(options: AlibiBiasOptions & { into?: T }): T;
  };
  readonly t5: {
    /** relativePosition = key − query. */
    bucket(relativePosition: number, options?: T5BucketOptions): number;
    /** [query][key] buckets. */
    buckets(options: T5GridOptions): Int32Array;
  };
  positionIds(ids: NumericInput, options: PositionIdsOptions): Int32Array;
  attention(options: AttentionOptions): { output: Float32Array; weights: Float32Array };
  // </calls>
  /** The length × length matrix; sinusoidal tables take an O(L·d + L²) path. */
  similarity<T extends FloatTarget = Float32Array>(table: NumericInput, options: SimilarityOptions & { into?: T }): T;
  readonly rope: {
    invFreq(options: RopeOptions): { invFreq: Float64Array; attentionFactor: number };
    apply<T extends FloatTarget = Float32Array>(x: NumericInput, options: RopeApplyOptions & { into?: T }): T;
    /** With `config` (a transformers config.json) in place of headDim, base, partialRotaryFactor and scaling. */
    apply<T extends FloatTarget = Float32Array>(
      x: NumericInput,
      options: Omit<RopeApplyOptions, 'headDim' | 'base' | 'partialRotaryFactor' | 'scaling' | 'positionIds'> & {
        config: TransformersConfig;
        /** The layer whose RoPE rotates (required when the config's layers differ; a NoPE layer is an error). */
        layer?: number;
        /** As for rope.apply; with an M-RoPE config also [3][batch][seqLen] flat, or three arrays. */
        positionIds?: NumericInput | [NumericInput, NumericInput, NumericInput];
        into?: T;
      },
    ): T;
    /**
     * A transformers config.json, parsed and exactly as published, read with the rules of transformers ≥ 4.56
     * and the model type's own (text_config, defaults, pair convention, layer pattern, NoPE layers, M-RoPE).
     * `seqLen` as in invFreq. A config without RoPE is a RangeError naming its method (see pe.fromConfig).
     */
    fromConfig(config: TransformersConfig, options?: { seqLen?: number }): RopeFromConfig;
    /**
     * The cos/sin cache transformers builds, [positions][rotaryDim] each with the attention factor, in the
     * model's arithmetic for `dtype` (float32 angles, cos/sin cast with round-to-nearest-even; bfloat16 and
     * float16 values held in a Float32Array) or exact ('float64', the default).
     */
    cosSin(options: RopeSource & { positions: ArrayLike<number> | [ArrayLike<number>, ArrayLike<number>, ArrayLike<number>]; dtype?: RopeDtype; convention?: RopeConvention }): RopeCosSin;
    /** Angle errors per pair of the model's arithmetic in `dtype` over positions from … to, and where pairs stand still. */
    precision(options: RopeSource & { dtype?: RopeDtype; from?: number; to: number }): RopePrecision;
    /**
     * The same for several dtypes (each at most once) in one pass over the positions: float32, bfloat16 and
     * float16 share the float32 angles and their cos and sin. One result per dtype, in the list's order.
     */
    precision(options: RopeSource & { dtype: readonly RopeDtype[]; from?: number; to: number }): RopePrecision[];
    /** Position ids [3][seqLen] (Int32Array) for text, one image or video grid, then text, and the generation delta. */
    mropePositionIds(options: MropePositionIdsOptions): { positionIds: Int32Array; seqLen: number; ropeDelta: number };
  };
  /**
   * Which position method a transformers config's model uses and what the engine needs for it: RoPE (as
   * rope.fromConfig), ALiBi slopes, learned tables, T5 buckets, or none.
   */
  fromConfig(config: TransformersConfig): PositionMethod;
  /** A small transformer trained in the engine on seeded tasks, with any position method (create() needs load({ train: true })). */
  readonly train: {
    readonly tasks: readonly TrainTask[];
    readonly positions: readonly TrainPosition[];
    create(options?: TrainOptions): Trainer;
  };
  /** A zeroed EngineBuffer of `length` float32 values (1 … 2^28) in engine memory. */
  buffer(length: number): EngineBuffer;
  /**
   * NumPy's .npy bytes (version 1.0) for any table the engine returns: dtype from the array (Float32Array
   * '<f4', Float64Array '<f8', Int32Array '<i4', Uint8Array '|u1'; a number array as float64), `shape`
   * defaulting to [data.length]. `np.load` reads it.
   */
  toNpy(data: Float32Array | Float64Array | Int32Array | Uint8Array | number[], shape?: number[]): Uint8Array;
  /**
   * Engine memory: bytes allocated inside the wasm heap (flat across calls: nothing leaks), the heap size,
   * the live EngineBuffers and the bytes their pool holds (freed blocks are kept for later buffers).
   */
  diagnostics(): { heapInUse: number; heapSize: number; liveBuffers: number; bufferBytes: number };
}

export interface LoadOptions {
  /** Force the SIMD (true) or scalar (false) build; default: SIMD when the engine supports it. */
  simd?: boolean;
  /**
   * The build with the trainer (pe.train.create); default false: the smaller build, whose pe.train.create()
   * throws a TypeError (pe.train.tasks and positions are there). The inlined entries always carry it.
   */
  train?: boolean;
}

/** The shared engine instance (one per build: SIMD or scalar, with the trainer or without). */
export function load(options?: LoadOptions): Promise<Engine>;
/** Whether this JavaScript engine validates WebAssembly SIMD. */
export function simdSupported(): boolean;
