// "Copy as PyTorch" for RoPE: the inverse frequencies of every scaling type, as transformers computes
// them, and q·k against the relative position.
import { header, py } from './python.js';

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
