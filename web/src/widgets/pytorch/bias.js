// "Copy as PyTorch" for the relative biases: ALiBi's slopes and bias, T5's buckets.
import { header, py } from './python.js';

// ALiBi's slopes as its reference code computes them, for any head count
export const ALIBI_SLOPES = `
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
export const T5_BUCKET = `
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
