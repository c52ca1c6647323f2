// The engine's named values (enums), each list once. A module of its own, without the option table's
// texts, so that widgets can import it at the cost of a few bytes.

/** Named values, each list once; `typeName` is its TypeScript name. */
export const NAMES = Object.freeze({
  layout: { typeName: 'Layout', values: ['interleaved', 'split'] },
  metric: { typeName: 'Metric', values: ['cosine', 'dot', 'euclidean'] },
  ropeConvention: { typeName: 'RopeConvention', values: ['half', 'interleaved', 'deinterleave'] },
  ropeLayout: { typeName: 'RopeLayout', values: ['bshd', 'bhsd'] },
  ropeScalingType: { typeName: 'RopeScalingType', values: ['default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope'] },
  positionIdsConvention: { typeName: 'PositionIdsConvention', values: ['roberta', 'generation'] },
});
