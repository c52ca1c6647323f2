// Every engine call the option table (web/src/engine/schema.js) declares, ready to run: its example options
// and an input of the size they ask for. Tests that should cover every method loop over these instead of
// writing each method's call out, so a new method is covered as soon as its option set is in the table.
import { OPTION_SETS, optionsOf } from '../../web/src/engine/schema.js';
import { randomF32 } from './helpers.mjs';

const TARGETS = { FloatTarget: Float32Array, Int32Array };

/**
 * [{ set, call, options, into, run(pe, overrides) }] for every option set that is a call of its own
 * (the nested scaling options are read through rope.invFreq). `into` is the typed-array class an `into`
 * option takes (null without one); `run` calls the facade with the example options, `overrides` on top.
 */
export function schemaCalls() {
  return Object.entries(OPTION_SETS)
    .filter(([, set]) => !set.nested)
    .map(([setName, set]) => {
      const into = Object.fromEntries(optionsOf(setName)).into;
      const call = set.calls[0];
      const run = (pe, overrides = {}) => {
        const fn = call.split('.').reduce((o, k) => o[k], pe);
        const options = { ...set.example, ...overrides };
        if (!set.input) return fn(options);
        // an input the size the options ask for; options out of range are refused before it is read
        const n = set.input.length?.(options);
        const input = set.input.length ? randomF32(Number.isSafeInteger(n) && n > 0 && n <= 2 ** 22 ? n : 1, 7) : set.input.value;
        return fn(input, options);
      };
      return { set: setName, call, options: set.example, into: into ? TARGETS[into.target] : null, run };
    });
}
