// The apply shape of scripts/gen-bindings.mjs: a call whose option set has an `input` array x, rows × row
// floats, that an Applier class works through row by row (rotating, scaling) into a result of x's length:
// a new Float32Array, the caller's `into`, or x itself (in place). rope.apply is one; xPos or any RoPE-family
// method would be another. Its declaration (NATIVE or CALLS[...].native in web/src/engine/schema.js), besides
// the fields every shape has (params, fields, enums, objects, header, validate):
//   applier    the C++ class: static workspace_bytes(p), Applier(p, workspace), rotate(first, count, x) (in
//              place), rotate(first, count, src, dst) and rotate_copy(first, count, x, refill, context), each
//              returning the rows done before the first row holding a NaN or an infinity (cpp/wasm/apply.hpp
//              says what the binding does with them); RopeApplier (posenc/rope.hpp) is the model;
//   rows       [rows, row]: C++ over `p`, how many rows x holds and the floats in each;
//   shapeText  x's length in words, for the length error ("batch x seqLen x heads x headStride");
//   tables     what the workspace holds, for the out-of-memory error ("the rotation tables");
//   nonfinite  Error nonfinite(p, row, index, name): the error naming a row's first NaN or infinity;
//   positions? { option, instead? }: an array option of token positions (integers from 0 to 2^53 - 1, read
//              into the int64 fields <field> and <field>_size), and the scalar option it replaces, which may
//              then not be given with it.
// The binding reads x first, then the options (gen-bindings.mjs), then hands everything to apply_rows
// (cpp/wasm/apply.hpp), the one hand-written copy of the streaming; the fuzz case runs the Applier on
// hostile parameters that pass validate() and random x (floats in [-4, 4]) whole, in two pieces, in place and
// through rotate_copy: every value finite (so validate() must refuse what would overflow float, such as a decay
// raised to a large position), the pieces equal to float rounding (1e-4 relative), the rest exactly.
import { SOURCE, bindingEnd, bindingIncludes, comment, declaredIn, fuzzFields, readAndValidate } from './gen-bindings.mjs';

/** The apply shape's own fields, checked (`fail` says what is missing). */
export function describeApply(common, n, set, all, fail) {
  if (!set.input) fail(`${common.setName} has no input: the apply shape works through an input array (input: { name, length })`);
  for (const key of ['applier', 'rows', 'shapeText', 'tables', 'nonfinite']) if (!n[key]) fail(`the apply shape needs ${key} (scripts/gen-bindings-apply.mjs says what each is)`);
  if (!all.into || all.into.target !== 'FloatTarget') fail(`${common.setName} needs into: FloatTarget (the result has x's length, float32)`);
  return { ...common, input: set.input.name, applier: n.applier, rows: n.rows, shapeText: n.shapeText, tables: n.tables, nonfinite: n.nonfinite, positions: n.positions };
}

/** cpp/wasm/gen/<symbol>.cpp for the apply shape. */
export function applyBinding(c) {
  const pos = c.fields.find((f) => f.positions);
  // after finish(): the positions, if given, replace the option they stand for
  const after = pos
    ? [
        '  if (has_positions) {',
        ...(c.positions.instead ? [`    if (${c.positions.instead}) return js_error(type_error("${c.positions.instead} and ${pos.key} cannot both be given (${pos.key} holds every position)"));`] : []),
        `    p.${pos.field} = positions.data();`,
        `    p.${pos.field}_size = static_cast<int64_t>(positions.size());`,
        '  }',
      ]
    : [];
  return [
    ...comment(`pe.${c.path}: ${SOURCE} (${declaredIn(c)}): edit those, not this. Reads ${c.input} and the options into ${c.params}, checks them with ${c.validate}(), and has apply_rows (cpp/wasm/apply.hpp) stream ${c.input} through ${c.applier}, in place or into another array.`),
    ...bindingIncludes(c, ['../apply.hpp', '../marshal.hpp']),
    '',
    'namespace posenc::wasm {',
    'namespace {',
    '',
    `val ${c.symbol}_js(val ${c.input}_arg, val options) {`,
    '  CallScope scope;',
    `  ArrayArg ${c.input};`,
    `  if (auto e = read_array(${c.input}_arg, "${c.input}", ${c.input})) return js_error(e);`,
    ...readAndValidate(c, after),
    `  return apply_rows<${c.applier}>(p, ${c.input}, into, ${c.rows[0]}, ${c.rows[1]}, "${c.shapeText}",`,
    `                    "${c.tables}", &${c.nonfinite});`,
    ...bindingEnd(c),
  ].join('\n');
}

/** The fuzz case of an apply-shape call. */
export function applyFuzz(c) {
  const [rows, row] = c.rows;
  return [
    ...comment(`pe.${c.path}: ${c.params} through ${c.validate}(), then ${c.applier} on random ${c.input}: whole, in two pieces, in place and through rotate_copy, all finite and equal.`),
    `void fuzz_${c.symbol}(FuzzedDataProvider& in) {`,
    `  ${c.params} p;`,
    ...fuzzFields(c),
    `  if (${c.validate}(p) || static_cast<double>(${rows}) * static_cast<double>(${row}) > kBudget) return;`,
    `  const int64_t rows = ${rows}, row = ${row};`,
    '  const std::vector<float> x = floats(in, rows * row);',
    '  std::vector<float> whole(x.size()), pieces(x.size()), in_place(x), copied(x);',
    `  detail::OwnedWorkspace ws(${c.applier}::workspace_bytes(p));`,
    `  ${c.applier} applier(p, ws.get());`,
    '  require(applier.rotate(0, rows, x.data(), whole.data()) == rows);',
    '  const int64_t split = in.ConsumeIntegralInRange<int64_t>(0, rows);',
    '  require(applier.rotate(0, split, x.data(), pieces.data()) == split);',
    '  require(applier.rotate(split, rows - split, x.data() + split * row, pieces.data() + split * row) == rows - split);',
    '  require(applier.rotate(0, rows, in_place.data()) == rows);',
    '  struct Source {',
    '    const std::vector<float>& x;',
    '    int64_t row;',
    '    static void copy(void* self, int64_t r, float* to) {',
    '      const Source& s = *static_cast<Source*>(self);',
    '      std::copy(s.x.begin() + r * s.row, s.x.begin() + (r + 1) * s.row, to);',
    '    }',
    '  } source{x, row};',
    '  require(applier.rotate_copy(0, rows, copied.data(), &Source::copy, &source) == rows);',
    '  // a run split in two may start its second piece from exact angles where the whole run carried them on by',
    '  // recurrence (RoPE\'s rotor): the pieces agree to float rounding (relative: a method may scale values, as',
    '  // xPos does), the same run in place or copied exactly',
    '  for (size_t k = 0; k < whole.size(); ++k)',
    '    require(std::isfinite(whole[k]) && std::fabs(whole[k] - pieces[k]) <= 1e-4f * std::max(1.0f, std::fabs(whole[k])) && whole[k] == in_place[k] && whole[k] == copied[k]);',
    '}',
  ];
}
