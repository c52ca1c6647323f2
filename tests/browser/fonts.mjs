// The fonts the browser tests run with. How wide text and formulas are depends on the fonts a reader has,
// and a layout that fits a phone column with one set can overflow it with another: a fresh Debian machine
// has only DejaVu, a desktop usually has more (Liberation, metric-compatible with Arial and Times, and
// Noto). `npm test` installs Liberation and Noto and runs the browser tests with the full set, then runs the
// phone-width layout tests again in a Chromium whose fontconfig sees the DejaVu folder only.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The font sets, by name (`setup({ fonts })`, or POSENC_TEST_FONTS for every file of a run):
 * - dejavu: only /usr/share/fonts/truetype/dejavu, what a fresh Debian machine has;
 * - full: the machine's own fonts, which must include DejaVu, Liberation, Noto and WenQuanYi Micro Hei for
 *   Chinese (npm test installs them).
 * Each set names the families Chromium must find and those it must not, so that a pass can never silently
 * run with other fonts than its name says (a fontconfig setting that Chromium ignored, a package missing).
 */
export const FONT_SETS = {
  dejavu: { dirs: ['/usr/share/fonts/truetype/dejavu'], present: ['DejaVu Sans', 'DejaVu Serif'], absent: ['Liberation Sans', 'Liberation Serif', 'Noto Sans', 'Noto Serif'] },
  full: { dirs: null, present: ['DejaVu Sans', 'Liberation Sans', 'Liberation Serif', 'Noto Sans', 'Noto Serif', 'WenQuanYi Micro Hei'], absent: [] },
};

/** The Debian package of each family a set needs (the install line of assertFonts' message). */
export const FONT_PACKAGES = {
  'DejaVu Sans': 'fonts-dejavu-core',
  'DejaVu Serif': 'fonts-dejavu-core',
  'Liberation Sans': 'fonts-liberation',
  'Liberation Serif': 'fonts-liberation',
  'Noto Sans': 'fonts-noto-core',
  'Noto Serif': 'fonts-noto-core',
  'WenQuanYi Micro Hei': 'fonts-wqy-microhei',
};

/**
 * Tests that lay out a phone-width page say so in their name ("… at 320 px …", "… a 360 px phone column"):
 * those run in both font sets. scripts/test.mjs passes this to `node --test --test-name-pattern`.
 */
export const PHONE_WIDTH_TESTS = '\\b(320|360) px\\b';

/**
 * The environment variables that make Chromium use the font set `name`, writing its fontconfig file into
 * `dir` when the set is not the machine's own. The file keeps the system's rules (aliases, hinting:
 * /etc/fonts/fonts.conf) and only replaces its font folders, so the browser behaves as on a machine with
 * just those fonts installed.
 */
export function fontEnv(name, dir) {
  const set = FONT_SETS[name];
  if (!set) throw new Error(`unknown font set ${JSON.stringify(name)} (known: ${Object.keys(FONT_SETS).join(', ')})`);
  if (!set.dirs) return {};
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <cachedir>${join(dir, 'cache')}</cachedir>
  <include>/etc/fonts/fonts.conf</include>
  <reset-dirs />
${set.dirs.map((d) => `  <dir>${d}</dir>`).join('\n')}
</fontconfig>
`,
  );
  return { FONTCONFIG_FILE: file };
}

/**
 * Asserts that the browser `context` sees the font set `name`: each family it must have lays a text out at
 * another width than the monospace fallback behind it, each family it must not have at the same width.
 */
export async function assertFonts(context, name) {
  const page = await context.newPage();
  try {
    const widths = await page.evaluate((families) => {
      const measure = (family) => {
        const span = document.createElement('span');
        span.style.cssText = `font: 20px ${family}; white-space: nowrap; position: absolute`;
        span.textContent = 'Positional encodings, hands on: 0123456789';
        document.body.append(span);
        const w = span.getBoundingClientRect().width;
        span.remove();
        return w;
      };
      return { fallback: measure('monospace'), sans: measure('sans-serif'), ...Object.fromEntries(families.map((f) => [f, measure(`'${f}', monospace`)])) };
    }, [...FONT_SETS[name].present, ...FONT_SETS[name].absent]);
    const seen = (f) => Math.abs(widths[f] - widths.fallback) > 0.5;
    const missing = FONT_SETS[name].present.filter((f) => !seen(f));
    if (missing.length) assert.fail(`font set ${name}: Chromium does not find ${missing.join(', ')}; install ${missing.length > 1 ? 'them' : 'it'} with \`sudo apt-get install ${[...new Set(missing.map((f) => FONT_PACKAGES[f]))].join(' ')}\` (npm test does)${name === "dejavu" ? "" : ", or run with POSENC_TEST_FONTS=dejavu"} (${JSON.stringify(widths)})`);
    for (const f of FONT_SETS[name].absent) assert.ok(!seen(f), `font set ${name}: Chromium finds ${f}, which this set leaves out (${JSON.stringify(widths)})`);
  } finally {
    await page.close();
  }
}
