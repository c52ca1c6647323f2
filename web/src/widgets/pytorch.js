// "Copy as PyTorch": short programs that recompute, with torch, the table a widget shows with its current
// parameters, ending in a tensor named `result` with the shape and dtype of the widget's .npy export (its
// toArray()). tests/browser/export-pytorch.test.mjs runs them with Debian's python3-torch and compares.
// The code is written for a reader: the formula as models write it, in float64, cast at the end.

const py = (v) => (typeof v === 'boolean' ? (v ? 'True' : 'False') : String(v));
const header = (tag, what) => `# posenc <${tag}>: ${what}\nimport math\nimport torch\n`;

/** The sinusoidal table (Vaswani et al.): pair i has frequency base^(-2i/d_model), exact in float64. */
export function sinusoidalCode({ length, dModel, base, offset, layout }, tag = 'posenc-heatmap') {
  return `${header(tag, `the sinusoidal table, ${length} positions × ${dModel} (${layout})`)}
length, d_model, base, offset = ${py(length)}, ${py(dModel)}, ${py(base)}, ${py(offset)}
position = torch.arange(offset, offset + length, dtype=torch.float64)[:, None]
frequency = float(base) ** (-torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
angle = position * frequency  # [length, ceil(d_model / 2)]
${layout === 'split'
    ? 'table = torch.cat([torch.sin(angle), torch.cos(angle)[:, : d_model // 2]], dim=1)  # all sines, then cosines'
    : `table = torch.empty(length, d_model, dtype=torch.float64)
table[:, 0::2] = torch.sin(angle)                   # even columns: sine
table[:, 1::2] = torch.cos(angle)[:, : d_model // 2]  # odd columns: cosine`}
result = table.float()
`;
}

const METRIC_CODE = {
  cosine: 'unit = table / table.norm(dim=1, keepdim=True).clamp_min(1e-300)\nresult = (unit @ unit.T).float()',
  dot: 'result = (table @ table.T).float()',
  euclidean: 'result = torch.cdist(table, table).float()',
};

/** The position × position similarity of a sinusoidal table (computed from its float32 values). */
export function similarityCode({ length, dModel, base, metric }) {
  return sinusoidalCode({ length, dModel, base, offset: 0, layout: 'interleaved' }, 'posenc-similarity')
    .replace(/result = table\.float\(\)\n$/, `table = table.float().double()  # the float32 table, compared in float64\n${METRIC_CODE[metric]}\n`);
}

/** ALiBi's bias per head (Press et al.), with the slopes of its reference code for any head count. */
export function alibiCode({ heads, length, causal }) {
  return `${header('posenc-alibi', `the ALiBi bias, ${heads} heads × ${length} × ${length}${causal ? ', causal' : ', symmetric'}`)}
def slopes(n):  # geometric, starting at 2^(-8/n); other counts interleave the next power of two's
    if math.log2(n).is_integer():
        return [2 ** (-8 * (i + 1) / n) for i in range(n)]
    closest = 2 ** math.floor(math.log2(n))
    return slopes(closest) + slopes(2 * closest)[0::2][: n - closest]

heads, length, causal = ${py(heads)}, ${py(length)}, ${py(causal)}
m = torch.tensor(slopes(heads), dtype=torch.float64)[:, None, None]
i = torch.arange(length)[:, None]  # query
j = torch.arange(length)[None, :]  # key
distance = (i - j).double()
bias = -m * (distance if causal else distance.abs())
if causal:
    bias = bias.masked_fill(j > i, float("-inf"))
result = bias.float()
`;
}

/** T5's relative position buckets (transformers' _relative_position_bucket, in float32 as it is), length × length. */
export function t5Code({ length, numBuckets, maxDistance, bidirectional }) {
  return `${header('posenc-t5', `T5 relative position buckets, ${length} × ${length}`)}
def relative_position_bucket(relative_position, bidirectional, num_buckets, max_distance):
    buckets = torch.zeros_like(relative_position)
    if bidirectional:
        num_buckets //= 2
        buckets += (relative_position > 0).long() * num_buckets
        relative_position = relative_position.abs()
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    large = max_exact + (
        torch.log(relative_position.float() / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    ).long()
    large = torch.min(large, torch.full_like(large, num_buckets - 1))
    return buckets + torch.where(is_small, relative_position, large)

length, num_buckets, max_distance, bidirectional = ${py(length)}, ${py(numBuckets)}, ${py(maxDistance)}, ${py(bidirectional)}
query = torch.arange(length)[:, None]
key = torch.arange(length)[None, :]
result = relative_position_bucket(key - query, bidirectional, num_buckets, max_distance).int()
`;
}
