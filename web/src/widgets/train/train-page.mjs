// What both <posenc-train> test files use: the engine check, waiting for a state, and the long tasks while
// something runs.
import assert from 'node:assert/strict';
import { evalEl } from '../../../../tests/browser/helpers.mjs';

/** Fails unless the built engine has pe.train (asked once, in the page): every test below trains. */
let hasTrain;
export async function assertEngineTrains(page) {
  hasTrain ??= await page.evaluate(async () => Boolean((await window.posenc.getEngine()).train));
  assert.ok(hasTrain, 'the engine in web/src/engine/gen has pe.train');
}

/** Runs `action` on the element and waits until its state is `until` (or `done` / `error`). */
export async function waitState(page, sel, states, timeout = 120000) {
  await page.waitForFunction(([s, list]) => list.includes(document.querySelector(s).state), [sel, states], { timeout, polling: 100 });
  return evalEl(page, sel, (el) => el.state);
}

/** Long tasks (PerformanceObserver 'longtask', over 50 ms) while `run` runs, as durations in ms. */
export async function longTasksDuring(page, run) {
  await page.evaluate(() => {
    window.__long = [];
    window.__obs = new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => Math.round(e.duration))));
    window.__obs.observe({ type: 'longtask' });
  });
  await run();
  return page.evaluate(() => {
    window.__obs.disconnect();
    return window.__long;
  });
}
