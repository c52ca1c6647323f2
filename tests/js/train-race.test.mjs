// The race's statistics of <posenc-train> (web/src/widgets/train/race.js), apart from the browser: workers
// per machine, RoPE's variants trained once, mean and range over seeds, fit at L, the baseline per length,
// and the order of the runs (every method's first seed first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Race, baselineRows, summarize, trainedMethods, workerCount } from '../../web/src/widgets/train/race.js';

const row = (length, exactMatch, accuracy = exactMatch, baseline = { rule: 'mode', exactMatch: 0, accuracy: 0.1 }) => ({ length, supported: true, exactMatch, accuracy, teacherForced: accuracy, baseline });

test('race: one worker per trained method up to the cores less one, two on 2 cores, at least one', () => {
  assert.equal(workerCount(6, 8), 6);
  assert.equal(workerCount(6, 4), 3);
  assert.equal(workerCount(6, 2), 2);
  assert.equal(workerCount(6, 1), 1);
  assert.equal(workerCount(2, 16), 2);
  assert.deepEqual(trainedMethods(['none', 'rope', 'rope-ntk', 'rope-pi', 'alibi']), ['none', 'rope', 'alibi']);
  assert.deepEqual(trainedMethods(['rope-pi']), ['rope']);
});

test('race: mean and range over seeds; fit at L in every seed or greyed', () => {
  const lengths = [8, 12];
  const s = summarize('none', [[row(8, 1), row(12, 0.2)], [row(8, 0.96), row(12, 0.4)], [row(8, 0.99), row(12, 0)]], lengths, 8);
  assert.equal(s.seeds, 3);
  assert.equal(s.fit, true);
  assert.ok(Math.abs(s.rows[0].exactMatch.mean - (1 + 0.96 + 0.99) / 3) < 1e-12);
  assert.deepEqual([s.rows[1].exactMatch.min, s.rows[1].exactMatch.max], [0, 0.4]);
  // one seed below 0.95 at L: did not learn the task
  assert.equal(summarize('sinusoidal', [[row(8, 1), row(12, 0.9)], [row(8, 0.5), row(12, 0)]], lengths, 8).fit, false);
  // nothing done yet: not judged; a seed still running is left out
  assert.equal(summarize('t5', [null, null], lengths, 8).fit, null);
  assert.equal(summarize('t5', [[row(8, 1), row(12, 1)], null], lengths, 8).seeds, 1);
  // a length the method cannot run at (a learned table without rows there)
  const learned = summarize('learned', [[row(8, 1), { length: 12, supported: false }]], lengths, 8);
  assert.equal(learned.rows[1].supported, false);
});

test('race: the baseline per length, its most common rule and mean scores', () => {
  const b = baselineRows(
    [
      [row(8, 1, 1, { rule: 'reversed', exactMatch: 0.1, accuracy: 0.3 }), row(12, 1, 1, { rule: 'mode', exactMatch: 0, accuracy: 0.2 })],
      [row(8, 1, 1, { rule: 'reversed', exactMatch: 0.3, accuracy: 0.5 }), row(12, 1, 1, { rule: 'mode', exactMatch: 0, accuracy: 0.4 })],
      null,
    ],
    [8, 12],
  );
  assert.equal(b[0].rule, 'reversed');
  assert.ok(Math.abs(b[0].exactMatch - 0.2) < 1e-12 && Math.abs(b[0].accuracy - 0.4) < 1e-12);
  assert.equal(b[1].rule, 'mode');
  assert.deepEqual(baselineRows([null], [8]), [{ length: 8, rule: null, exactMatch: NaN, accuracy: NaN }]);
});

test('race: runs in seed order, RoPE once per seed with its variants, one budget', () => {
  const race = new Race({ methods: ['none', 'rope', 'rope-pi', 'alibi'], seeds: [1, 2], settings: { task: 'copy', L: 8, size: 'mini', steps: 100 }, lengths: [8], samples: 4, exampleLengths: [8], summary: '' });
  assert.deepEqual(race.jobs.map((j) => `${j.trained}/${j.seed}`), ['none/1', 'rope/1', 'alibi/1', 'none/2', 'rope/2', 'alibi/2']);
  assert.deepEqual(race.jobs[1].methods, ['rope', 'rope-pi']);
  assert.equal(race.jobs[1].main, 'rope');
  assert.equal(race.stepsTotal, 600);
  assert.equal(race.secondsLeft(), null, 'no estimate before any step');
  const only = new Race({ methods: ['rope-pi'], seeds: [1], settings: { task: 'copy', L: 8, size: 'mini', steps: 10 }, lengths: [8], samples: 4, exampleLengths: [8], summary: '' });
  assert.equal(only.jobs[0].main, 'rope-pi');
});
