// "Copy as PyTorch" for <posenc-train>: the whole experiment as one script. It builds the model of
// docs/engine.md (pe.train) in torch, loads the engine's initial weights and the engine's first batches
// (both read from a fresh trainer with the widget's settings and seed, embedded as base64), trains with
// torch's AdamW, warm-up and cosine schedule and gradient clipping, and prints its losses beside the
// engine's. tests/browser/train-pytorch.test.mjs runs it with Debian's torch.

function base64(typed) {
  const bytes = new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * The script for `options` (pe.train.create options), reproducing its first `steps` losses. `runner` is
 * the widget's runner: a fresh trainer is made, read and disposed.
 */
export async function trainCode(runner, options, { steps = 50 } = {}) {
  const id = await runner.create(options);
  try {
    const weights = await runner.call(id, 'weights');
    const batches = [];
    const losses = [];
    for (let s = 0; s < steps; s++) {
      const b = await runner.call(id, 'batch');
      batches.push(b);
      losses.push((await runner.call(id, 'step', 1))[0]);
      // on the page, one step per task
      if (runner.kind === 'page') await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return script(options, weights, batches, losses);
  } finally {
    await runner.disposeTrainer(id);
  }
}

function script(options, weights, batches, losses) {
  const o = options;
  const B = o.batch;
  const T = batches[0].inputs.length / B;
  const cfg = {
    task: o.task,
    position: o.position,
    vocab: o.vocab ?? 16,
    d_model: o.dModel,
    layers: o.layers,
    heads: o.heads,
    batch: B,
    seq: T,
    steps: o.steps,
    warmup: o.warmup,
    lr: o.lr ?? 3e-3,
    weight_decay: o.weightDecay ?? 0.01,
    clip: o.clip ?? 1.0,
    max_positions: o.maxPositions ?? null,
    t5_buckets: o.t5Buckets ?? 32,
    t5_max_distance: o.t5MaxDistance ?? 128,
    scale_embedding: o.scaleEmbedding ?? true,
    seed: o.seed,
  };
  const py = (v) => (v === null ? 'None' : typeof v === 'boolean' ? (v ? 'True' : 'False') : typeof v === 'string' ? JSON.stringify(v) : String(v));
  const lines = [];
  lines.push(`# posenc <posenc-train>: ${o.task}, position ${o.position}, trained at length ${o.trainLength}, seed ${o.seed}`);
  lines.push(`# The engine's model (docs/engine.md, pe.train) in torch, from the engine's initial weights and batches;`);
  lines.push(`# prints the first ${losses.length} losses of torch beside the engine's.`);
  lines.push('import base64, math');
  lines.push('import numpy as np');
  lines.push('import torch');
  lines.push('import torch.nn as nn');
  lines.push('import torch.nn.functional as F');
  lines.push('');
  lines.push('CFG = {' + Object.entries(cfg).map(([k, v]) => `${JSON.stringify(k)}: ${py(v)}`).join(', ') + '}');
  lines.push('');
  lines.push('def f32(text):');
  lines.push("    return torch.from_numpy(np.frombuffer(base64.b64decode(text), dtype='<f4').copy())");
  lines.push('def i32(text):');
  lines.push("    return torch.from_numpy(np.frombuffer(base64.b64decode(text), dtype='<i4').astype(np.int64))");
  lines.push('');
  lines.push('WEIGHTS = {');
  for (const [name, arr] of Object.entries(weights)) lines.push(`    ${JSON.stringify(name)}: ${JSON.stringify(base64(arr))},`);
  lines.push('}');
  lines.push('BATCHES = [');
  for (const b of batches) lines.push(`    (${JSON.stringify(base64(Int32Array.from(b.inputs)))}, ${JSON.stringify(base64(Int32Array.from(b.targets)))}),`);
  lines.push(']');
  lines.push(`ENGINE_LOSSES = [${losses.map((v) => v.toPrecision(9)).join(', ')}]`);
  lines.push(MODEL);
  return lines.join('\n') + '\n';
}

const MODEL = String.raw`
V, D, H, N = CFG['vocab'], CFG['d_model'], CFG['heads'], CFG['layers']
DH = D // H
POS = CFG['position']


def sinusoidal(T, d):
    # interleaved: sin at 2i, cos at 2i+1, omega_i = 10000^(-2i/d), in float64, then float32
    pos = np.arange(T, dtype=np.float64)[:, None]
    omega = 10000.0 ** (-2 * np.arange((d + 1) // 2, dtype=np.float64) / d)
    pe = np.zeros((T, d))
    pe[:, 0::2] = np.sin(pos * omega)[:, : (d + 1) // 2]
    pe[:, 1::2] = np.cos(pos * omega)[:, : d // 2]
    return torch.from_numpy(pe.astype(np.float32))


def rope_cos_sin(T, dh):
    # half convention (rotate_half), base 10000, angles in float64
    inv = 10000.0 ** (-2 * np.arange(dh // 2, dtype=np.float64) / dh)
    ang = np.arange(T, dtype=np.float64)[:, None] * inv
    ang = np.concatenate([ang, ang], axis=1)
    return torch.from_numpy(np.cos(ang).astype(np.float32)), torch.from_numpy(np.sin(ang).astype(np.float32))


def rotate_half(x):
    a, b = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
    return torch.cat([-b, a], dim=-1)


def alibi_slopes(n):
    # Press et al.'s get_slopes
    def pow2(k):
        start = 2 ** (-(2 ** -(math.log2(k) - 3)))
        return [start * start**i for i in range(k)]
    if math.log2(n).is_integer():
        return pow2(n)
    c = 2 ** math.floor(math.log2(n))
    return pow2(c) + pow2(2 * c)[0::2][: n - c]


def t5_bucket(rel, num_buckets, max_distance):
    # transformers T5Attention._relative_position_bucket, bidirectional=False
    n = -torch.min(rel, torch.zeros_like(rel))
    max_exact = num_buckets // 2
    is_small = n < max_exact
    large = max_exact + (torch.log(n.float() / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)).to(torch.long)
    large = torch.min(large, torch.full_like(large, num_buckets - 1))
    return torch.where(is_small, n, large)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(D, eps=1e-5)
        self.attn = nn.Module()
        for k in 'qkvo':
            setattr(self.attn, k, nn.Linear(D, D))
        self.ln2 = nn.LayerNorm(D, eps=1e-5)
        self.mlp = nn.Module()
        self.mlp.fc = nn.Linear(D, 4 * D)
        self.mlp.proj = nn.Linear(4 * D, D)

    def forward(self, x, bias, cos_sin):
        B, T, _ = x.shape
        h = self.ln1(x)
        q, k, v = (getattr(self.attn, n)(h).view(B, T, H, DH).transpose(1, 2) for n in 'qkv')
        if cos_sin is not None:
            cos, sin = cos_sin
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
        scores = q @ k.transpose(-1, -2) / math.sqrt(DH)
        if bias is not None:
            scores = scores + bias
        mask = torch.ones(T, T, dtype=torch.bool).triu(1)
        scores = scores.masked_fill(mask, float('-inf'))
        a = (scores.softmax(-1) @ v).transpose(1, 2).reshape(B, T, D)
        x = x + self.attn.o(a)
        return x + self.mlp.proj(F.gelu(self.mlp.fc(self.ln2(x))))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_emb = nn.Parameter(torch.zeros(V, D))
        if POS == 'learned':
            self.pos_emb = nn.Parameter(torch.zeros(CFG['max_positions'], D))
        if POS == 't5':
            self.rel_bias = nn.Parameter(torch.zeros(CFG['t5_buckets'], H))
        self.layers = nn.ModuleList(Layer() for _ in range(N))
        self.ln_f = nn.LayerNorm(D, eps=1e-5)
        self.head = nn.Linear(D, V)

    def forward(self, t):
        B, T = t.shape
        # the token embedding times sqrt(D) (Vaswani et al., fairseq), unless scale_embedding is off
        x = self.tok_emb[t] * (math.sqrt(D) if CFG['scale_embedding'] else 1.0)
        if POS == 'sinusoidal':
            x = x + sinusoidal(T, D)
        if POS == 'learned':
            x = x + self.pos_emb[:T]
        bias, cos_sin = None, None
        i = torch.arange(T)[:, None]
        j = torch.arange(T)[None, :]
        if POS == 'alibi':
            slopes = torch.tensor(alibi_slopes(H), dtype=torch.float32)[:, None, None]
            bias = -slopes * (i - j).clamp(min=0).float()
        if POS == 't5':
            bias = self.rel_bias[t5_bucket(j - i, CFG['t5_buckets'], CFG['t5_max_distance'])].permute(2, 0, 1)
        if POS == 'rope':
            cos_sin = rope_cos_sin(T, DH)
        for layer in self.layers:
            x = layer(x, bias, cos_sin)
        return self.head(self.ln_f(x))


model = Model()
params = dict(model.named_parameters())
assert sorted(params) == sorted(WEIGHTS), (sorted(params), sorted(WEIGHTS))
with torch.no_grad():
    for name, p in params.items():
        p.copy_(f32(WEIGHTS[name]).view_as(p))

decay = [p for n, p in params.items() if p.dim() == 2 and n != 'rel_bias']
other = [p for n, p in params.items() if not (p.dim() == 2 and n != 'rel_bias')]
opt = torch.optim.AdamW([{'params': decay, 'weight_decay': CFG['weight_decay']}, {'params': other, 'weight_decay': 0.0}],
                        lr=CFG['lr'], betas=(0.9, 0.98), eps=1e-8)
W, S = CFG['warmup'], CFG['steps']
sched = torch.optim.lr_scheduler.LambdaLR(
    opt, lambda s: (s + 1) / W if s < W else 0.5 * (1 + math.cos(math.pi * (s - W) / max(1, S - W))))

losses = []
for inputs, targets in BATCHES:
    x = i32(inputs).view(CFG['batch'], -1)
    y = i32(targets).view(CFG['batch'], -1)
    loss = F.cross_entropy(model(x).reshape(-1, V), y.reshape(-1), ignore_index=-1)
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), CFG['clip'])
    opt.step()
    sched.step()
    losses.append(loss.item())

worst = max(abs(a - b) / abs(b) for a, b in zip(losses, ENGINE_LOSSES))
for s, (a, b) in enumerate(zip(losses, ENGINE_LOSSES)):
    print(f'step {s + 1:3d}  torch {a:.6f}  engine {b:.6f}')
print(f'largest relative difference: {worst:.2e}')
`;
