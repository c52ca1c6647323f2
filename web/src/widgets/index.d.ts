// Type declarations for `posenc/widgets`: the custom elements, their properties (each mirrors an
// attribute), events and helpers. Importing the module registers every element.

import type { LitElement } from 'lit';
import type { Engine, Layout, Metric } from '../engine/index.js';

/** Shared by every widget. */
export declare class PosencElement extends LitElement {
  /** Widgets with the same group share their selected positions. Attribute `group`. */
  group: string;
  /** 'auto' (follow prefers-color-scheme), 'light' or 'dark'. Attribute `theme`. */
  theme: 'auto' | 'light' | 'dark' | string;
  /** The engine facade once loaded (null before). */
  readonly pe: Engine | null;
  /** Resolves when the engine is loaded and the current state is drawn. */
  whenReady(): Promise<void>;
  /** The markup that re-creates this widget with its current attributes. */
  readonly embedCode: string;
  /** The widget's data as CSV text. */
  toCSV(): string;
  /** A canvas with the widget's picture (what the PNG export saves). */
  exportCanvas(): Promise<HTMLCanvasElement | null>;
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

/** Hands the widgets an engine loaded by the page (call before the first widget connects). */
export declare function setEngine(engine: Engine | Promise<Engine>): void;
/** The engine the widgets use (loaded once per page). */
export declare function getEngine(): Promise<Engine>;

export declare class SelectionChannel extends EventTarget {
  readonly name: string;
  positions: number[];
  select(positions: number[], source?: Element | null): boolean;
}
/** The selection channel of a group (created on first use). */
export declare function getChannel(name: string): SelectionChannel;

/** Keeps location.hash in step with the attributes of the given widgets (which need ids). */
export declare function syncWithUrl(elements: Iterable<Element>, options?: { win?: Window; delay?: number }): () => void;
export declare function encodeState(elements: Iterable<Element>): string;
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
