// A consumer of the published types: compiled with tsc --noEmit in npm test (never run).
import { load, type Engine, type EngineBuffer, type RopeScaling } from 'posenc';

async function main(): Promise<void> {
  const pe: Engine = await load({ simd: true });
  const table: Float32Array = pe.sinusoidal({ length: 20, dModel: 32, layout: 'split' });
  const reused = new Float32Array(20 * 32);
  pe.sinusoidal({ length: 20, dModel: 32, base: 100, offset: 5, into: reused });
  const { dot, cosine, euclidean } = pe.compare(table.subarray(0, 32), [0, 1, 0, 1]);
  const sim: Float32Array = pe.similarity(table, { length: 20, dModel: 32, metric: 'euclidean' });
  const scaling: RopeScaling = { type: 'llama3', factor: 8, lowFreqFactor: 1, highFreqFactor: 4, originalMaxPositionEmbeddings: 8192 };
  const { invFreq, attentionFactor } = pe.rope.invFreq({ headDim: 128, base: 500000, scaling });
  const rotated = pe.rope.apply(new Float32Array(2 * 4 * 8), { seqLen: 2, heads: 4, headDim: 8, convention: 'interleaved', offset: 10 });
  const slopes: Float32Array = pe.alibi.slopes(12);
  const bias = pe.alibi.bias({ heads: 4, length: 8, causal: false });
  const bucket: number = pe.t5.bucket(-7, { bidirectional: false });
  const grid: Int32Array = pe.t5.buckets({ queryLength: 4, keyLength: 6, numBuckets: 16 });
  const roberta: Int32Array = pe.positionIds([0, 5, 1], { convention: 'roberta', padTokenId: 1 });
  const generation = pe.positionIds([0, 1, 1], { convention: 'generation' });
  const { output, weights } = pe.attention({ q: rotated, k: rotated, v: rotated, seqLen: 2, heads: 4, headDim: 8, bias, causal: true });
  const omega: Float64Array = pe.frequencies({ dModel: 5, base: 100 });
  const learned = pe.learned({ maxLength: 16, dModel: 8, seed: 3, positions: [0, 15] });
  console.log(omega, dot, cosine, euclidean, sim, invFreq, attentionFactor, slopes, bucket, grid, roberta, generation, output, weights, learned, pe.simd, pe.build);
  const x = pe.buffer(2 * 4 * 8);
  x.array.set(rotated);
  const inPlace: EngineBuffer = pe.rope.apply(x, { seqLen: 2, heads: 4, headDim: 8, into: x });
  const fresh: Float32Array = pe.rope.apply(x, { seqLen: 2, heads: 4, headDim: 8 });
  const tableBuffer: EngineBuffer = pe.sinusoidal({ length: 20, dModel: 32, into: pe.buffer(640) });
  const similarityOfBuffer: Float32Array = pe.similarity(tableBuffer, { length: 20, dModel: 32 });
  const { liveBuffers, bufferBytes } = pe.diagnostics();
  console.log(inPlace.array[0], fresh, similarityOfBuffer, liveBuffers, bufferBytes);
  x.free();
  {
    using scratch = pe.buffer(4);  // freed at the end of the block
    scratch.array.fill(0);
  }
  tableBuffer[Symbol.dispose]();
  // @ts-expect-error a buffer holds float32: not an Int32 target
  pe.t5.buckets({ queryLength: 2, keyLength: 2, into: pe.buffer(4) });
  // @ts-expect-error into with a buffer returns the buffer, not a Float32Array
  const wrong: Float32Array = pe.rope.apply(x, { seqLen: 2, heads: 4, headDim: 8, into: x });
  // @ts-expect-error layout is an enum
  pe.sinusoidal({ length: 1, dModel: 2, layout: 'sideways' });
  // @ts-expect-error an array-like object is not an array (the engine rejects it too)
  pe.compare({ length: 2, 0: 1, 1: 2 }, [1, 2]);
  // @ts-expect-error options are camelCase: snake_case keys are rejected
  pe.rope.invFreq({ headDim: 8, scaling: { rope_type: 'linear', factor: 2 } });
  // a transformers config as published, and what it reads into
  const model = pe.rope.fromConfig({ hidden_size: 4096, num_attention_heads: 32, rope_theta: 5e5 }, { seqLen: 8192 });
  const modelFreq: Float64Array = model.invFreq;
  pe.rope.invFreq({ headDim: model.headDim, base: model.base, scaling: model.scaling });
  const fromModel: Float32Array = pe.rope.apply(x, { seqLen: 2, heads: 4, config: { head_dim: 8 } });
  // @ts-expect-error config replaces headDim, base, partialRotaryFactor and scaling
  pe.rope.apply(x, { seqLen: 2, heads: 4, headDim: 8, config: { head_dim: 8 } });
  const cache = pe.rope.cosSin({ config: { head_dim: 8 }, positions: [0, 1], dtype: 'bfloat16' });
  const stuck: number | null = pe.rope.precision({ headDim: 8, dtype: 'float16', to: 4096 }).pairs[0].firstStuck;
  // several dtypes in one pass: one result each
  const [, bf16Errors] = pe.rope.precision({ headDim: 8, dtype: ['float32', 'bfloat16'], to: 4096 });
  const bf16Worst: number = bf16Errors.maxAngleError;
  // @ts-expect-error no float8 emulation
  pe.rope.cosSin({ headDim: 8, positions: [0], dtype: 'float8' });
  // per layer: which RoPE each layer uses, and the position method of any config
  const gemma = { model_type: 'gemma3_text', num_hidden_layers: 6 };
  const layerRope: number | null = pe.rope.fromConfig(gemma).layers[0].rope;
  const localCache = pe.rope.cosSin({ config: gemma, layer: 0, positions: [[0, 1], [0, 0], [0, 1]] });
  pe.rope.apply(x, { seqLen: 2, heads: 4, config: gemma, layer: 5 });
  const ids = pe.rope.mropePositionIds({ textBefore: 3, grid: [1, 4, 4] });
  const method = pe.fromConfig({ model_type: 'bloom', n_head: 16 });
  const alibiSlopes: Float32Array | undefined = method.method === 'alibi' ? method.slopes : undefined;
  // @ts-expect-error the grid has three sizes
  pe.rope.mropePositionIds({ grid: [4, 4] });
  // a trainer: train short, evaluate long
  const withTrainer: Engine = await load({ train: true, simd: false });
  const trainer = withTrainer.train.create({ task: 'reverse', position: pe.train.positions[4], trainLength: 8 });
  const losses: Float32Array = trainer.step(10);
  const [first] = trainer.evaluate({ lengths: [8, 16], samples: 50 });
  const exact: number = first.supported ? first.exactMatch : 0;
  const answer: Int32Array = trainer.predict([0, 3, 4, 5, 1], { scaling: { type: 'yarn', factor: 2 } });
  const grads: Float32Array = trainer.gradients(trainer.batch()).grads['head.weight'];
  // @ts-expect-error no such task
  pe.train.create({ task: 'translate' });
  trainer.dispose();
  void losses, exact, answer, grads;
  void modelFreq, fromModel, cache, stuck, layerRope, localCache, ids, alibiSlopes;
}
void main();
