// <posenc-padding>'s settings and public API, declared once (see ../element/descriptor.js).

export const tag = 'posenc-padding';

export const properties = {
  tokens: { kind: 'strings', default: ['The', 'cat', 'sat'] },
  length: { kind: 'integer', default: 0 },
  padSide: { kind: 'name', values: ['right', 'left'], default: 'right' },
  // the toy vocabulary gives the tokens ids from 100 on: a pad id below them
  padTokenId: { kind: 'integer', default: 1, min: 0, max: 99, engine: 'RobertaPositionIdsOptions.padTokenId' },
  // tokens in the KV cache (the generation ids need a mask that long)
  pastLength: { kind: 'integer', default: 0, min: 0, max: 1048576, engine: 'RobertaPositionIdsOptions.pastLength' },
  column: { kind: 'integer', default: -1 },
};

export const about = {
  className: 'PosencPadding',
  part: 'methods',
  order: 6,
  title: 'padding and position ids',
  summary:
    'Position ids of a padded batch under transformers\' two conventions (RoBERTa, generation) next to the common mistake `cumsum(mask)·mask − 1`, and the lookup error it causes.\n\nWith `past-length` P every convention continues after the cached tokens: the arange row is `arange(P, P + length)` (GPT-2\'s default ids), RoBERTa adds P to its count, and the generation ids are computed over the whole attention mask — P ones for the cache, then the shown slots — and cut to the shown slots, so the first real token shown gets P. The row labels and a "KV cache" note say so. The tutorial shortcut (`cumsum(mask)·mask − 1`) ignores the cache.',
  docs: {
    tokens: 'The tokens of the sequence.',
    length: 'Padded length, from the number of tokens to 64 (0: three more than the tokens).',
    padSide: '`right` or `left`.',
    padTokenId: 'The padding token\'s id, 0 … 99.',
    pastLength: 'Tokens already in the KV cache, 0 … 1 048 576.',
    column: 'The slot (column) explained in the readout (−1: none).',
  },
  exports: ['csv', 'npy', 'png', 'pytorch'],
  events: {
    'posenc-change': { detail: '{ ids: number[]; mask: number[]; naive: number[]; roberta: number[]; generation: number[]; mistake: number[] }', doc: 'The ids changed (`naive`: the arange row).' },
  },
  members: [
    {
      ts: 'readonly result: { tokens: string[]; ids: number[]; mask: number[]; naive: number[]; roberta: number[]; generation: number[]; mistake: number[]; mistakeError: string } | null',
      doc: 'Every row of the table; `mistake` is cumsum(mask)·mask − 1 (−1 at padding), `mistakeError` the lookup error it causes.',
    },
  ],
};
