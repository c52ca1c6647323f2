// "Copy as PyTorch" for what goes into a model: the toy vocabulary and seeded tables, the pipeline of one
// token, slicing, permutation, a learned table and the position ids of a padded row.
import { header, py, pyString } from './python.js';
import { SINUSOIDAL } from './sinusoidal.js';

// posenc's toy vocabulary and seeded tables in Python, bit for bit (toy.js and the engine's learned.cpp):
// a token's id is FNV-1a of its UTF-16 text mod 50000; a learned row is Normal(0, std) by Marsaglia's polar
// method on splitmix64, with the engine's platform-independent log; dropout masks come from mulberry32.
export const TOY = `
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
