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

// ALiBi's slopes as its reference code computes them, for any head count
const ALIBI_SLOPES = `
def slopes(n):  # geometric, starting at 2^(-8/n); other counts interleave the next power of two's
    if math.log2(n).is_integer():
        return [2 ** (-8 * (i + 1) / n) for i in range(n)]
    closest = 2 ** math.floor(math.log2(n))
    return slopes(closest) + slopes(2 * closest)[0::2][: n - closest]
`;

/** ALiBi's bias per head (Press et al.). */
export function alibiCode({ heads, length, causal }) {
  return `${header('posenc-alibi', `the ALiBi bias, ${heads} heads × ${length} × ${length}${causal ? ', causal' : ', symmetric'}`)}${ALIBI_SLOPES}
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

// transformers' T5Attention._relative_position_bucket, in float32 as it is
const T5_BUCKET = `
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
`;

/** T5's relative position buckets, length × length. */
export function t5Code({ length, numBuckets, maxDistance, bidirectional }) {
  return `${header('posenc-t5', `T5 relative position buckets, ${length} × ${length}`)}${T5_BUCKET}
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

// posenc's toy vocabulary and seeded tables in Python, bit for bit (toy.js and the engine's learned.cpp):
// a token's id is FNV-1a of its UTF-16 text mod 50000; a learned row is Normal(0, std) by Marsaglia's polar
// method on splitmix64, with the engine's platform-independent log; dropout masks come from mulberry32.
const TOY = `
M64 = 2**64 - 1

def token_id(token):
    h = 0x811C9DC5
    for unit in memoryview(token.encode("utf-16-le", "surrogatepass")).cast("H"):
        h = ((h ^ unit) * 0x01000193) & 0xFFFFFFFF
    return h % 50000

def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)

def log01(x):  # posenc's log: frexp and an atanh series, the same bits on every platform
    m, e = math.frexp(x)
    if m < 0.70710678118654752440:
        m, e = m * 2, e - 1
    t = (m - 1) / (m + 1)
    t2, term, total = t * t, t, 0.0
    for k in range(1, 40, 2):
        total += term / k
        term *= t2
    return 2 * total + e * 0.69314718055994530942

def learned_row(seed, position, d_model, std):
    """Row \`position\` of posenc's learned table for \`seed\`: Normal(0, std) draws, float32."""
    _, state = splitmix64(((seed << 32) ^ position) & M64)
    row = []
    while len(row) < d_model:
        s = 0.0
        while not 0 < s < 1:
            state, a = splitmix64(state)
            state, b = splitmix64(state)
            u, v = (a >> 11) * 2.0**-52 - 1.0, (b >> 11) * 2.0**-52 - 1.0
            s = u * u + v * v
        k = math.sqrt(-2 * log01(s) / s)
        row += [std * u * k, std * v * k]
    return torch.tensor(row[:d_model], dtype=torch.float64).float()
`;

const SINUSOIDAL = `
def sinusoidal(length, d_model, base, offset=0):
    """The sinusoidal table (sin at even columns, cos at odd), exact in float64, as float32."""
    angle = torch.arange(offset, offset + length, dtype=torch.float64)[:, None] * float(base) ** (-torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
    table = torch.empty(length, d_model, dtype=torch.float64)
    table[:, 0::2] = torch.sin(angle)
    table[:, 1::2] = torch.cos(angle)[:, : d_model // 2]
    return table.float()
`;

const MULBERRY32 = `
def mulberry32(seed):  # the dropout mask's random numbers (toy.js prng)
    a = seed & 0xFFFFFFFF
    def draw():
        nonlocal a
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = ((a ^ (a >> 15)) * (1 | a)) & 0xFFFFFFFF
        t = ((t + (((t ^ (t >> 7)) * (61 | t)) & 0xFFFFFFFF)) & 0xFFFFFFFF) ^ t
        return (t ^ (t >> 14)) / 4294967296
    return draw
`;

/** A string as a Python literal (JSON's escapes are Python's too; lone surrogates included). */
const pyString = (s) => JSON.stringify(String(s));

/** The pipeline's stages for one token, rows in order: embedding, (× √d_model), PE, sum, (dropout). */
export function pipelineCode({ token, position, dModel, base, scale, dropout, rate }) {
  return `${header('posenc-pipeline', `token ${pyString(token)} at position ${position}, step by step`)}${TOY}${SINUSOIDAL}${dropout ? MULBERRY32 : ''}
token, position, d_model, base = ${pyString(token)}, ${py(position)}, ${py(dModel)}, ${py(base)}
embedding = learned_row(token_id(token), 0, d_model, 1 / math.sqrt(d_model))  # the lookup: one row per token id
stages = [embedding]
x = embedding
${scale ? 'x = (embedding.double() * math.sqrt(d_model)).float()  # × √d_model, as the original transformer\nstages.append(x)\n' : ''}pe = sinusoidal(1, d_model, base, offset=position)[0]
total = x + pe
stages += [pe, total]
${dropout ? `p = ${py(rate)}
draw = mulberry32(token_id(token) * 131 + position)
kept = torch.tensor([draw() >= p for _ in range(d_model)])
stages.append(torch.where(kept, (total.double() / (1 - p)).float(), 0.0))  # the survivors scaled by 1 / (1 - p)
` : ''}result = torch.stack(stages)
`;
}

/** x + pe[:, :seq] for a batch of seeded inputs: the slicing widget's last step. */
export function slicingCode({ length, dModel, base, batch, seq }) {
  return `${header('posenc-slicing', `x + pe[:, :seq] with x of shape [${batch}, ${seq}, ${dModel}]`)}${TOY}${SINUSOIDAL}
length, d_model, base, batch, seq = ${py(length)}, ${py(dModel)}, ${py(base)}, ${py(batch)}, ${py(seq)}
pe = sinusoidal(length, d_model, base)[None]  # [1, length, d_model], as a module's buffer holds it
x = torch.stack([learned_row(7, r, d_model, 1.0) for r in range(batch * seq)]).reshape(batch, seq, d_model)
result = x + pe[:, :seq]  # [batch, seq, d_model]: the slice broadcasts over the batch
`;
}

/** Self-attention with identity projections, run on the sentence and on a shuffle of it. */
export function permutationCode({ tokens, order, dModel, base, encoding }) {
  return `${header('posenc-permutation', `attention outputs of ${tokens.length} tokens, in order and shuffled, ${encoding ? 'with' : 'without'} positional encoding`)}${TOY}${encoding ? SINUSOIDAL : ''}
tokens = [${tokens.map(pyString).join(', ')}]
order = [${order.join(', ')}]  # the shuffled sentence: tokens[order[0]], tokens[order[1]], …
d_model, base = ${py(dModel)}, ${py(base)}
embedding = torch.stack([learned_row(token_id(t), 0, d_model, 1.0) for t in tokens])

def attend(indices):  # queries, keys and values are the inputs themselves
    x = embedding[indices]
${encoding ? '    x = x + sinusoidal(len(indices), d_model, base)  # the position of each slot, not of each word\n' : ''}    x = x.double()
    weights = torch.softmax(x @ x.T / math.sqrt(d_model), dim=-1)
    return (weights @ x).float()

original, shuffled = attend(list(range(len(tokens)))), attend(order)
print("largest change of a word's output:", (shuffled - original[order]).abs().max().item())
result = torch.stack([original, shuffled])  # [2, tokens, d_model]; row k of shuffled is tokens[order[k]]
`;
}

/** The properties widget's checks on the float32 table, in the order of its CSV rows. */
export function propertiesCode({ length, dModel, base, pos, k, trainLength }) {
  return `${header('posenc-properties', 'the checks: uniqueness, bounds, rotation, extrapolation')}${SINUSOIDAL}
length, d_model, base, pos, k, T = ${py(length)}, ${py(dModel)}, ${py(base)}, ${py(pos)}, ${py(k)}, ${py(trainLength)}
table = sinusoidal(length, d_model, base).double()  # the float32 table, checked in float64
distance = torch.cdist(table, table) + torch.diag(torch.full((length,), math.inf, dtype=torch.float64))
# rotation: PE(pos + k) = R(k) PE(pos), with R(k) read off PE(k)'s sine and cosine of each pair
a, b, r = (sinusoidal(1, d_model, base, offset=o)[0].double() for o in (pos, pos + k, k))
s, c, x, y = r[0::2], r[1::2], a[0::2], a[1::2]
rotation_error = torch.maximum((b[0::2] - (c * x + s * y)).abs(), (b[1::2] - (-s * x + c * y)).abs()).max()

def cosine(p, q):
    return table[p] @ table[q] / (table[p].norm() * table[q].norm())

result = torch.tensor([
    distance.min(),                        # the closest two positions: no two rows are equal
    table.min(), table.max(),              # every value within [-1, 1]
    rotation_error,                        # float32 rounding only
    cosine(max(0, T - 2), max(0, T - 2) + 1),  # neighbours inside the training length
    cosine(length - 2, length - 1),        # neighbours at the end
    (table[T + 1 :] - table[T]).norm(dim=1).min(),  # the closest pair beyond the training length
]).float()
`;
}

/**
 * The methods widget's table: for a query, the score each method gives a key at distance 0 … span (the
 * learned column only while the query is inside the table, as the widget shows).
 */
export function methodsCode({ query, span, dModel, base, seed, trainLength, heads, head, numBuckets, maxDistance }) {
  return `${header('posenc-methods', `five methods' scores for query ${query} against the keys 0 … ${span} positions back`)}${TOY}${SINUSOIDAL}${T5_BUCKET}${ALIBI_SLOPES}
query, span, d_model, base, seed, train_length = ${py(query)}, ${py(span)}, ${py(dModel)}, ${py(base)}, ${py(seed)}, ${py(trainLength)}
heads, head, num_buckets, max_distance = ${py(heads)}, ${py(head)}, ${py(numBuckets)}, ${py(maxDistance)}
distance = torch.arange(span + 1)
key = query - distance
columns = {"query": torch.full_like(distance, query), "distance": distance, "key": key}

# absolute methods: the dot product of the query's row and the key's row (no content)
pe = sinusoidal(span + 1, d_model, base, offset=query - span).double()  # positions query - span … query
columns["sinusoidal"] = pe[span - distance] @ pe[span]
if query < train_length:  # a learned table has no row for a later position
    table = torch.stack([learned_row(seed, p, d_model, 0.02) for p in range(query - span, query + 1)]).double()
    columns["learned"] = table[span - distance] @ table[span]

# T5: one learned scalar per bucket and head, the bucket from the relative position key - query
bias = torch.stack([learned_row(seed + 1, b, heads, 1.0) for b in range(num_buckets)])
columns["t5"] = bias[relative_position_bucket(-distance, True, num_buckets, max_distance), head]

# RoPE: a query and a key vector (seeded content) rotated by their positions, then q·k
inv_freq = float(base) ** (-torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)

def rope(x, position):  # rotate_half pairs (i, i + d/2); float32 out, as the engine returns it
    angle = position * inv_freq
    cos, sin, x, half = torch.cos(angle), torch.sin(angle), x.double(), d_model // 2
    return torch.cat([x[:half] * cos - x[half:] * sin, x[half:] * cos + x[:half] * sin]).float()

q = rope(learned_row(seed, 0, d_model, 1.0), query).double()
columns["rope"] = torch.stack([rope(learned_row(seed, 1, d_model, 1.0), j) for j in key.tolist()]).double() @ q
# ALiBi: minus the head's slope times the distance
columns["alibi"] = -slopes(heads)[head] * distance.double()
print("columns:", ", ".join(columns))
result = torch.stack([c.double() for c in columns.values()], dim=1).float()
`;
}

/** The learned table: posenc's seeded Normal(0, std) rows, as an nn.Embedding weight would start out. */
export function learnedCode({ maxLength, dModel, seed, std }) {
  return `${header('posenc-learned', `a learned table, ${maxLength} positions × ${dModel}, seed ${seed}, Normal(0, ${std})`)}${TOY}
max_length, d_model, seed, std = ${py(maxLength)}, ${py(dModel)}, ${py(seed)}, ${py(std)}
table = torch.stack([learned_row(seed, p, d_model, std) for p in range(max_length)])
embedding = torch.nn.Embedding(max_length, d_model)
with torch.no_grad():
    embedding.weight.copy_(table)  # training would move these rows; nothing ties a row to its neighbours
result = embedding(torch.arange(max_length)).detach()  # embedding(torch.tensor([max_length])) is an IndexError
`;
}
