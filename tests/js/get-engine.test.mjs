// The widgets' shared engine (web/src/widgets/engine.js): the build without the trainer for every widget, the
// one with it for <posenc-train> (getEngine({ train: true })), and once a page has that one, it serves all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEngine, useEngineLoader } from '../../web/src/widgets/engine.js';

test('getEngine(): one load per build, and the build with the trainer serves every widget once asked for', async () => {
  const asked = [];
  useEngineLoader(async (options) => {
    asked.push(options);
    return { trains: options?.train === true };
  });
  const lean = await getEngine();
  assert.equal(lean.trains, false);
  assert.equal(await getEngine({ train: false }), lean);
  const train = await getEngine({ train: true });
  assert.equal(train.trains, true);
  assert.equal(await getEngine({ train: true }), train);
  assert.equal(await getEngine(), train, 'after the trainer build was asked for, widgets share it');
  assert.deepEqual(asked, [undefined, { train: true }]);
});
