// Type declarations for `posenc` (the engine). Hand-written: Emscripten 3.1.6 cannot emit them.
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

export type Layout = 'interleaved' | 'split';
export type Metric = 'cosine' | 'dot' | 'euclidean';
export type RopeConvention = 'half' | 'interleaved';
export type RopeScalingType = 'default' | 'linear' | 'dynamic' | 'yarn' | 'llama3' | 'longrope';

export interface SinusoidalOptions {
  /** Number of positions (rows). */
  length: number;
  /** Width of each encoding (columns). Odd widths end with a sine that has no cosine partner. */
  dModel: number;
  /** Wavelength base, > 1. Default 10000. */
  base?: number;
  /** First position (KV cache / long context). Default 0. */
  offset?: number;
  /** 'interleaved' (sin, cos, sin, cos ...: the paper) or 'split' (all sines, then all cosines). Default 'interleaved'. */
  layout?: Layout;
  /** Filled and returned instead of a new array; must have length × dModel elements. */
  into?: FloatTarget;
}

export interface LearnedOptions {
  maxLength: number;
  dModel: number;
  /** 0 … 2^32−1. Default 0. The same seed gives the same table in every build. */
  seed?: number;
  /** Standard deviation of the Normal(0, std) draws. Default 0.02. */
  std?: number;
  /** Look up these rows only; a position < 0 or ≥ maxLength is a RangeError. */
  positions?: NumericInput;
  into?: FloatTarget;
}

export interface Comparison {
  dot: number;
  /** 0 when either vector is all zeros. */
  cosine: number;
  euclidean: number;
}

export interface SimilarityOptions {
  length: number;
  dModel: number;
  /** Default 'cosine'. */
  metric?: Metric;
  /** length × length elements; must not overlap the table. */
  into?: FloatTarget;
}

/**
 * transformers' `rope_scaling`, keys in camelCase (`rope_type` is `type`). Any other key is a TypeError, in
 * every options object of the API: a pasted snake_case config never silently falls back to defaults.
 */
export interface RopeScaling {
  type?: RopeScalingType;
  factor?: number;
  originalMaxPositionEmbeddings?: number;
  maxPositionEmbeddings?: number;
  /** The sequence length the frequencies serve (dynamic, longrope). rope.apply defaults it to offset + seqLen. */
  seqLen?: number;
  betaFast?: number;
  betaSlow?: number;
  mscale?: number;
  mscaleAllDim?: number;
  attentionFactor?: number;
  /** YaRN: floor/ceil the correction range. Default true. */
  truncate?: boolean;
  lowFreqFactor?: number;
  highFreqFactor?: number;
  /** LongRoPE: rotaryDim / 2 values each. */
  shortFactor?: NumericInput;
  longFactor?: NumericInput;
}

export interface RopeOptions {
  headDim: number;
  /** Default 10000. */
  base?: number;
  /** Fraction of each head that rotates, in (0, 1]. Default 1. */
  partialRotaryFactor?: number;
  scaling?: RopeScaling;
}

export interface RopeApplyOptions extends RopeOptions {
  seqLen: number;
  heads: number;
  /** Position of the first row (KV cache). Default 0. */
  offset?: number;
  /** 'half' (GPT-NeoX / LLaMA rotate_half) or 'interleaved' (GPT-J / RoFormer). Default 'half'. */
  convention?: RopeConvention;
  /** seqLen × heads × headDim elements: x itself (rotated in place) or memory that does not overlap x. */
  into?: FloatTarget;
}

export interface AlibiBiasOptions {
  heads: number;
  length: number;
  /** true: −slope·(i−j) at j ≤ i and −Infinity above the diagonal; false: symmetric −slope·|i−j|. Default true. */
  causal?: boolean;
  into?: FloatTarget;
}

export interface T5BucketOptions {
  /** Default true. */
  bidirectional?: boolean;
  /** Default 32. */
  numBuckets?: number;
  /** Default 128. */
  maxDistance?: number;
}

export interface T5GridOptions extends T5BucketOptions {
  queryLength: number;
  keyLength: number;
  into?: Int32Array;
}

export type PositionIdsOptions =
  | { convention?: 'roberta'; padTokenId: number; pastLength?: number; into?: Int32Array }
  | { convention: 'generation'; into?: Int32Array };

export interface AttentionOptions {
  /** [seqLen][heads][headDim] each. */
  q: NumericInput;
  k: NumericInput;
  v: NumericInput;
  seqLen: number;
  heads: number;
  headDim: number;
  /** Additive, [heads][seqLen][seqLen] or [seqLen][seqLen]; −Infinity masks. */
  bias?: NumericInput;
  /** Default false. */
  causal?: boolean;
}

export interface Engine {
  /** True when the WebAssembly SIMD build was loaded. */
  readonly simd: boolean;
  /** 'wasm-simd128' or 'scalar'. */
  readonly build: string;
  /** Results are new Float32Arrays, or the `into` given (an EngineBuffer comes back as itself). */
  sinusoidal<T extends FloatTarget = Float32Array>(options: SinusoidalOptions & { into?: T }): T;
  /** ω_i = base^(−2i/dModel) for each of the ⌈dModel/2⌉ sin/cos pairs (wavelength 2π/ω_i). */
  frequencies(options: { dModel: number; base?: number }): Float64Array;
  learned<T extends FloatTarget = Float32Array>(options: LearnedOptions & { into?: T }): T;
  compare(a: NumericInput, b: NumericInput): Comparison;
  /** The length × length matrix; sinusoidal tables take an O(L·d + L²) path. */
  similarity<T extends FloatTarget = Float32Array>(table: NumericInput, options: SimilarityOptions & { into?: T }): T;
  readonly rope: {
    invFreq(options: RopeOptions): { invFreq: Float64Array; attentionFactor: number };
    apply<T extends FloatTarget = Float32Array>(x: NumericInput, options: RopeApplyOptions & { into?: T }): T;
  };
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
  /** A zeroed EngineBuffer of `length` float32 values (1 … 2^28) in engine memory. */
  buffer(length: number): EngineBuffer;
  /**
   * Engine memory: bytes allocated inside the wasm heap (flat across calls: nothing leaks), the heap size,
   * the live EngineBuffers and the bytes their pool holds (freed blocks are kept for later buffers).
   */
  diagnostics(): { heapInUse: number; heapSize: number; liveBuffers: number; bufferBytes: number };
}

export interface LoadOptions {
  /** Force the SIMD (true) or scalar (false) build; default: SIMD when the engine supports it. */
  simd?: boolean;
}

/** The shared engine instance (one per build). */
export function load(options?: LoadOptions): Promise<Engine>;
/** Whether this JavaScript engine validates WebAssembly SIMD. */
export function simdSupported(): boolean;
