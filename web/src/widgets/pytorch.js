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

/**
 * Part of a sinusoidal table: `rows` (positions) and `columns` (dimensions) of it, each null for all; the
 * waves and compare widgets show such slices.
 */
export function sinusoidalSliceCode(params, { rows = null, columns = null }, tag, what) {
  const pick = `${rows ? `[[${rows.join(', ')}]]` : ''}${columns ? `[:, [${columns.join(', ')}]]` : ''}`;
  return sinusoidalCode(params, tag).replace(/^# posenc <[^>]+>: .*$/m, `# posenc <${tag}>: ${what}`).replace(/result = table\.float\(\)\n$/, `result = table.float()${pick}\n`);
}

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

// posenc's scaling keys and transformers' names for them
const SNAKE = {
  type: 'rope_type', factor: 'factor', originalMaxPositionEmbeddings: 'original_max_position_embeddings',
  maxPositionEmbeddings: 'max_position_embeddings', seqLen: 'seq_len', betaFast: 'beta_fast', betaSlow: 'beta_slow',
  mscale: 'mscale', mscaleAllDim: 'mscale_all_dim', attentionFactor: 'attention_factor', truncate: 'truncate',
  lowFreqFactor: 'low_freq_factor', highFreqFactor: 'high_freq_factor', shortFactor: 'short_factor', longFactor: 'long_factor',
};
const pyDict = (o) => `{${Object.entries(o).map(([k, v]) => `"${SNAKE[k] ?? k}": ${Array.isArray(v) ? `[${v.map(py).join(', ')}]` : typeof v === 'string' ? `"${v}"` : py(v)}`).join(', ')}}`;

// transformers' _compute_*_parameters (modeling_rope_utils.py, ≥ 4.56) in float64, for explicit values.
const ROPE_INIT = `
def rope_inv_freq(head_dim, base, partial_rotary_factor, s):
    """inv_freq and the attention factor, as transformers computes them (in float64)."""
    dim = int(head_dim * partial_rotary_factor)
    i2 = torch.arange(0, dim, 2, dtype=torch.float64)
    default = 1.0 / base ** (i2 / dim)
    t = s.get("rope_type", "default")
    def mscale(scale, m=1.0):
        return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0
    if t == "default":
        return default, 1.0
    if t == "linear":
        return default / s["factor"], 1.0
    if t == "dynamic":
        trained = s.get("max_position_embeddings") or s["original_max_position_embeddings"]
        seq = max(s.get("seq_len") or trained, trained)
        b = base * ((s["factor"] * seq / trained) - (s["factor"] - 1)) ** (dim / (dim - 2))
        return 1.0 / b ** (i2 / dim), 1.0
    if t == "yarn":
        factor, orig = s["factor"], s["original_max_position_embeddings"]
        attention = s.get("attention_factor")
        if attention is None:
            if s.get("mscale") and s.get("mscale_all_dim"):
                attention = mscale(factor, s["mscale"]) / mscale(factor, s["mscale_all_dim"])
            else:
                attention = mscale(factor)
        def correction_dim(rotations):
            return dim * math.log(orig / (rotations * 2 * math.pi)) / (2 * math.log(base))
        low, high = correction_dim(s.get("beta_fast") or 32), correction_dim(s.get("beta_slow") or 1)
        if s.get("truncate", True):
            low, high = math.floor(low), math.ceil(high)
        low, high = max(low, 0), min(high, dim - 1)
        if low == high:
            high += 0.001
        ramp = ((torch.arange(dim // 2, dtype=torch.float64) - low) / (high - low)).clamp(0, 1)
        return default / factor * ramp + default * (1 - ramp), attention
    if t == "llama3":
        factor, orig = s["factor"], s["original_max_position_embeddings"]
        low, high = s["low_freq_factor"], s["high_freq_factor"]
        wavelength = 2 * math.pi / default
        inv = torch.where(wavelength > orig / low, default / factor, default)
        smooth = (orig / wavelength - low) / (high - low)
        medium = ~(wavelength < orig / high) & ~(wavelength > orig / low)
        return torch.where(medium, (1 - smooth) * inv / factor + smooth * inv, inv), 1.0
    if t == "longrope":
        orig = s["original_max_position_embeddings"]
        factor = s["max_position_embeddings"] / orig if s.get("max_position_embeddings") else s.get("factor", 1.0)
        attention = s.get("attention_factor")
        if attention is None:
            attention = 1.0 if factor <= 1 else math.sqrt(1 + math.log(factor) / math.log(orig))
        long = s.get("seq_len") and s["seq_len"] > orig
        ext = torch.tensor(s["long_factor"] if long else s["short_factor"], dtype=torch.float64)
        return 1.0 / (ext * base ** (i2 / dim)), attention
    raise ValueError(t)
`;

/**
 * RoPE's inverse frequencies for each of `sets` ({ headDim, base, partialRotaryFactor, scaling }), as
 * transformers computes them: one row per set, float64 [sets, rotaryDim / 2] (a vector for one set).
 */
export function ropeInvFreqCode(tag, what, sets) {
  const calls = sets.map((o) => `rope_inv_freq(${py(o.headDim)}, ${py(o.base)}, ${py(o.partialRotaryFactor ?? 1)}, ${pyDict(o.scaling ?? {})})`);
  return `${header(tag, what)}${ROPE_INIT}
rows = [
${calls.map((c) => `    ${c},`).join('\n')}
]
for inv_freq, attention_factor in rows:
    print("attention factor", attention_factor)
result = ${sets.length === 1 ? 'rows[0][0]' : 'torch.stack([inv_freq for inv_freq, _ in rows])'}
`;
}

/** Position ids of a padded batch row, the ways transformers' models compute them (rows: ids, mask, …). */
export function positionIdsCode({ ids, mask, padTokenId, pastLength }) {
  return `${header('posenc-padding', 'position ids of one padded row: input ids, mask, arange, RoBERTa, generation, cumsum(mask)·mask − 1')}
input_ids = torch.tensor([${Array.from(ids).join(', ')}])
attention_mask = torch.tensor([${Array.from(mask).join(', ')}])
pad_token_id, past = ${py(padTokenId)}, ${py(pastLength)}
length = input_ids.numel()
arange = torch.arange(past, past + length)  # what ignoring the padding gives
# RoBERTa (create_position_ids_from_input_ids): pads keep pad_token_id, tokens count on from it
real = input_ids.ne(pad_token_id).int()
roberta = (torch.cumsum(real, dim=0) + past) * real + pad_token_id
# generation (GPT-2 style): the mask covers the cached tokens too; cumsum - 1, and 1 at the pads
full_mask = torch.cat([torch.ones(past, dtype=attention_mask.dtype), attention_mask])
generation = (full_mask.cumsum(-1) - 1).masked_fill(full_mask == 0, 1)[past:]
mistake = attention_mask.cumsum(-1) * attention_mask - 1  # pads land on -1: the lookup fails
result = torch.stack([input_ids, attention_mask, arange, roberta, generation, mistake]).int()
`;
}

/** RoPE's q·k against the relative position m − n for one q and k (the RoPE widget's decay curve). */
export function ropeScoresCode({ q, k, headDim, base, convention, span }) {
  const vec = (v) => `torch.tensor([${Array.from(v, (x) => String(Math.fround(x))).join(', ')}], dtype=torch.float64)`;
  return `${header('posenc-rope', `q·k after RoPE (${convention}) for relative positions −${span} … ${span}`)}
head_dim, base, span = ${py(headDim)}, ${py(base)}, ${py(span)}
q = ${vec(q)}
k = ${vec(k)}
inv_freq = 1.0 / base ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim)

def rope(x, position):
    angle = position * inv_freq
    cos, sin = torch.cos(angle), torch.sin(angle)
${convention === 'interleaved'
    ? `    even, odd = x[0::2], x[1::2]  # GPT-J / RoFormer: pairs (2i, 2i + 1)
    return torch.stack([even * cos - odd * sin, odd * cos + even * sin], dim=-1).flatten()`
    : `    half = head_dim // 2          # GPT-NeoX / LLaMA rotate_half: pairs (i, i + d/2)
    return torch.cat([x[:half] * cos - x[half:] * sin, x[half:] * cos + x[:half] * sin])`}

# the query at r and the key at 0 for r >= 0; the query at 0 and the key at -r before
result = torch.tensor([rope(q, max(r, 0)) @ rope(k, max(-r, 0)) for r in range(-span, span + 1)]).float()
`;
}
