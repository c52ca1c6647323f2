// Assertions over a page: tolerances, the layout at a width, attribute reflection, the toolbar's exports
// and axe-core's audit.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

/** Asserts that `actual` is within `tol` of `expected`; `what` names the quantity in the message. */
export const near = (actual, expected, tol, what) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);

/**
 * A lesson page (demo part 1 or 2) `width` px wide: nothing makes the page scroll sideways, every posenc
 * widget in <main> ends inside the viewport, and every formula ends inside its column. A formula wider than
 * its column scrolls in its own box, fades at the side with more and is a labelled tab stop; one that fits
 * is no tab stop. Returns the formulas that scroll, for the caller to operate.
 */
export async function assertFitsWidth(page, width) {
  // the formulas' marks follow ResizeObserver callbacks: let a frame pass after the last size change
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const layout = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    widgets: [...document.querySelectorAll('main *')].filter((e) => e.localName.startsWith('posenc-')).map((e) => [e.localName, e.getBoundingClientRect().right]),
    formulas: [...document.querySelectorAll('.tex')].map((t, index) => {
      const column = t.parentElement.getBoundingClientRect().right - parseFloat(getComputedStyle(t.parentElement).paddingRight);
      return {
        index,
        tex: t.dataset.tex,
        right: t.getBoundingClientRect().right,
        column,
        scrolls: t.scrollWidth - t.clientWidth > 1,
        clipped: t.scrollHeight > t.clientHeight + 1,
        heights: [t.scrollHeight, t.clientHeight],
        display: t.classList.contains('display'),
        fades: t.classList.contains('more-right'),
        stop: t.tabIndex === 0 && t.getAttribute('role') === 'region' && Boolean(t.getAttribute('aria-label')),
      };
    }),
  }));
  assert.ok(layout.scroll <= width, `page scroll width ${layout.scroll}`);
  for (const [tag, right] of layout.widgets) assert.ok(right <= width, `${tag} ends at ${right}`);
  assert.ok(layout.formulas.length > 0, 'the page has formulas');
  for (const f of layout.formulas) {
    assert.ok(f.right <= f.column + 0.5, `formula ${f.tex} ends at ${f.right}, its column at ${f.column}`);
    // the rule (web/demo/demo.css, .tex): a formula scrolls sideways in its own box, which clips it above and
    // below; an inline one has 0.3em of room past its line, a display one its own padding
    assert.ok(
      !f.clipped,
      `formula ${f.tex} is cut off at the top or bottom: its ink is ${f.heights[0]} px high in a ${f.heights[1]} px box. ` +
        (f.display
          ? 'A display formula (.tex.display) clips what reaches past its 4 px padding: split it over two lines (an aligned environment) or lower what stands highest'
          : "An inline formula (.tex) grows with KaTeX's box for it, plus 0.3em above and below (web/demo/demo.css), and clips ink that reaches further: glyphs drawn past " +
            'their metrics, as the tail of a ζ under a subscript once did at 0.2em. Fix: write it as a display formula (class="tex display" in the page), or raise the room in demo.css ' +
            '(padding-block and margin-block together: the lines stay where they are)'),
    );
    assert.equal(f.fades, f.scrolls, `formula ${f.tex}: fades at the right exactly when it scrolls`);
    assert.equal(f.stop, f.scrolls, `formula ${f.tex}: a labelled tab stop exactly when it scrolls`);
  }
  return layout.formulas.filter((f) => f.scrolls);
}

/**
 * Property -> attribute reflection: for each [selector, property, attribute, value, text] sets the property
 * and asserts that the attribute reads `text` once the element has updated.
 */
export async function checkReflection(page, cases) {
  for (const [sel, prop, attr, value, text] of cases) {
    await page.evaluate(([s, p, v]) => (document.querySelector(s)[p] = v), [sel, prop, value]);
    await page.evaluate((s) => document.querySelector(s).updateComplete, sel);
    assert.equal(await page.getAttribute(sel, attr), text, `${sel}.${prop} -> [${attr}]`);
  }
}

/**
 * The toolbar of each posenc-<tag> on the page: Embed shows the element's markup, CSV downloads
 * posenc-<tag>.csv with rows, NPY a .npy whose data fills its shape, PNG a non-empty PNG.
 */
export async function checkExports(page, tags) {
  for (const tag of tags) {
    const el = page.locator(`posenc-${tag}`);
    await el.getByRole('button', { name: /Copy embed code/ }).click();
    const code = await el.locator('.embed textarea').inputValue();
    assert.match(code, new RegExp(`^<posenc-${tag}[^>]*></posenc-${tag}>$`), `${tag} embed code`);
    const [csv] = await Promise.all([page.waitForEvent('download'), el.getByRole('button', { name: /as CSV/ }).click()]);
    assert.equal(csv.suggestedFilename(), `posenc-${tag}.csv`);
    assert.ok(readFileSync(await csv.path(), 'utf8').split('\n').length > 2, `${tag} CSV has rows`);
    // Chromium throttles downloads fired in quick succession from one tab (the next is silently dropped);
    // a user never clicks that fast, so give each download a moment.
    await page.waitForTimeout(300);
    const [npy] = await Promise.all([page.waitForEvent('download'), el.getByRole('button', { name: /NumPy \.npy/ }).click()]);
    assert.equal(npy.suggestedFilename(), `posenc-${tag}.npy`);
    const npyBytes = readFileSync(await npy.path());
    assert.equal(npyBytes.subarray(0, 6).toString('latin1'), '\x93NUMPY', `${tag} .npy magic`);
    const header = npyBytes.subarray(10, 10 + npyBytes.readUInt16LE(8)).toString('latin1');
    const shape = header.match(/'shape': \(([\d, ]*)\)/)[1].split(',').filter((v) => v.trim()).map(Number);
    const itemSize = Number(header.match(/'descr': '[<|][fiu](\d)'/)[1]);
    assert.equal(npyBytes.length - 10 - header.length, shape.reduce((a, b) => a * b, 1) * itemSize, `${tag} .npy data fills its shape`);
    await page.waitForTimeout(300);
    const [png] = await Promise.all([page.waitForEvent('download'), el.getByRole('button', { name: /as PNG/ }).click()]);
    const bytes = readFileSync(await png.path());
    assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], `${tag} PNG signature`);
    assert.ok(bytes.length > 1000, `${tag} PNG is not empty`);
    await page.waitForTimeout(300);
  }
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page (shadow roots included) and returns the serious and critical violations as text. */
export async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${JSON.stringify(n.target)} — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 220)}`));
  });
}
