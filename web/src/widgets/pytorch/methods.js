// "Copy as PyTorch" for the methods widget, which puts five methods side by side.
import { ALIBI_SLOPES, T5_BUCKET } from './bias.js';
import { TOY } from './inputs.js';
import { header, py } from './python.js';
import { SINUSOIDAL } from './sinusoidal.js';

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
