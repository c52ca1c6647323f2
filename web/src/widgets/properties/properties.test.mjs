// Browser test of <posenc-properties> in Chromium, beside the element it tests: its readouts against float64
// references, selection, keyboard. What every widget shares (linking, attributes, exports) is tested in
// tests/browser/widgets.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, near, widgetPage, shot, refEncoding, refCompare } from '../../../../tests/browser/helpers.mjs';

const env = browserPerFile();

test('properties: the four checks hold, rotation error is tiny, learned lookup error comes from the engine', async () => {
  const page = await widgetPage(env, '<posenc-properties id="p" d-model="128" length="200"></posenc-properties>');
  const checks = await page.evaluate(() => {
    const el = document.querySelector('#p');
    const c = el.checks;
    return { badges: [...el.shadowRoot.querySelectorAll('.badge')].map((b) => b.textContent), err: c.rotation.maxErr, min: c.uniq.min, lo: c.bounds.lo, hi: c.bounds.hi, learned: c.extrap.learnedError };
  });
  assert.deepEqual(checks.badges, ['✓ holds', '✓ holds', '✓ holds', '✓ holds']);
  assert.ok(checks.err < 1e-5 && checks.err > 0, `rotation error ${checks.err}`);
  near(checks.min, refCompare(refEncoding(0, 128), refEncoding(1, 128)).euclidean, 1e-4, 'closest pair distance');
  assert.ok(checks.lo >= -1 && checks.hi <= 1);
  assert.match(checks.learned, /50/);
  await page.locator('#p').getByLabel('k').fill('37');
  await page.locator('#p').getByLabel('k').press('Enter');
  await page.evaluate(() => document.querySelector('#p').updateComplete);
  assert.equal(await page.getAttribute('#p', 'k'), '37');
  await shot(page.locator('#p'), 'properties');
  assert.deepEqual(page.errors, []);
  await page.close();
});
