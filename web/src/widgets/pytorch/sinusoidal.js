// "Copy as PyTorch" for the sinusoidal table and what the widgets compute from it: slices, the
// similarity of positions, the properties widget's checks.
import { header, py } from './python.js';

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

export const SINUSOIDAL = `
def sinusoidal(length, d_model, base, offset=0):
    """The sinusoidal table (sin at even columns, cos at odd), exact in float64, as float32."""
    angle = torch.arange(offset, offset + length, dtype=torch.float64)[:, None] * float(base) ** (-torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
    table = torch.empty(length, d_model, dtype=torch.float64)
    table[:, 0::2] = torch.sin(angle)
    table[:, 1::2] = torch.cos(angle)[:, : d_model // 2]
    return table.float()
`;

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
