// The colour schemes in the web bundles (scripts/build-web.mjs): in place of d3-scale-chromatic, which
// builds all of its 50 schemes when it loads and brings d3-color and d3-interpolate with it (about 8.5 KiB of
// gzip), each bundle gets the 256 colours web/src/render/color.js reads from a scheme (lut(): the scheme at
// t = i/255), computed here by d3-scale-chromatic itself and stored as the change from one colour to the next
// (2.4 KiB of gzip for the 13 schemes the widgets offer). The bundles therefore draw the very colours the
// library gives; an interpolator asked for another t gets the nearest of the 256. The npm package's sources
// still import d3-scale-chromatic, for the bundlers of the sites that use them.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const OFFSET = 78; // a change d of a channel is the character d + 78: 'A' (-13) … '[' (+13) for these schemes

/** "rgb(r, g, b)" or "#rrggbb", as the d3 interpolators return them, as [r, g, b]. */
function parse(css) {
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(css);
  if (rgb) return rgb.slice(1).map(Number);
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css);
  if (hex) return hex.slice(1).map((h) => parseInt(h, 16));
  throw new Error(`build-web-schemes: a colour neither rgb() nor #rrggbb: ${css}`);
}

/** A scheme's 256 colours: the first as 6 hex digits, then each channel's change as one character. */
export function encodeScheme(interpolate) {
  let text = '';
  let prev = null;
  for (let i = 0; i < 256; i++) {
    const c = parse(interpolate(i / 255));
    if (!prev) text += c.map((v) => v.toString(16).padStart(2, '0')).join('');
    else
      for (let k = 0; k < 3; k++) {
        const code = c[k] - prev[k] + OFFSET;
        // printable, and neither a quote nor a backslash
        if (code < 35 || code > 126 || code === 92 || code === 39 || code === 96) throw new Error(`build-web-schemes: a change of ${c[k] - prev[k]} in one step cannot be stored`);
        text += String.fromCharCode(code);
      }
    prev = c;
  }
  return text;
}

/** The module that stands for d3-scale-chromatic: every `interpolate*` scheme it has (esbuild keeps those used). */
export async function schemesModule(root) {
  const require = createRequire(`${root}/package.json`);
  const d3 = await import(pathToFileURL(require.resolve('d3-scale-chromatic')).href);
  const names = Object.keys(d3).filter((n) => /^interpolate[A-Z]/.test(n) && typeof d3[n] === 'function' && d3[n].length === 1);
  const lines = [
    '// d3-scale-chromatic\'s schemes as 256 colours each (scripts/build-web-schemes.mjs)',
    'function decode(text) {',
    '  const c = [0, 2, 4].map((i) => parseInt(text.slice(i, i + 2), 16));',
    '  const out = [`rgb(${c[0]}, ${c[1]}, ${c[2]})`];',
    `  for (let i = 6; i < text.length; i += 3) {`,
    `    for (let k = 0; k < 3; k++) c[k] += text.charCodeAt(i + k) - ${OFFSET};`,
    '    out.push(`rgb(${c[0]}, ${c[1]}, ${c[2]})`);',
    '  }',
    '  return out;',
    '}',
    'function scheme(text) {',
    '  let colours = null;',
    '  return (t) => (colours ??= decode(text))[Math.max(0, Math.min(255, Math.round(t * 255) || 0))];',
    '}',
    ...names.map((n) => `export const ${n} = /* @__PURE__ */ scheme(${JSON.stringify(encodeScheme(d3[n]))});`),
  ];
  return lines.join('\n') + '\n';
}

/** The esbuild plugin: `import … from 'd3-scale-chromatic'` gets schemesModule(). */
export function schemeTables(root) {
  let module = null;
  return {
    name: 'posenc-scheme-tables',
    setup(b) {
      b.onResolve({ filter: /^d3-scale-chromatic$/ }, () => ({ path: 'd3-scale-chromatic', namespace: 'posenc-schemes' }));
      b.onLoad({ filter: /.*/, namespace: 'posenc-schemes' }, async () => ({ contents: await (module ??= schemesModule(root)), loader: 'js' }));
    },
  };
}
