// docs/widgets.md, "Site generators": every code block with a title is the file of that name in the
// generator's test site (tests/browser/hosts/<generator>/), which hosts-<generator>.test.mjs builds and
// opens. So the recipes authors copy are the ones the tests run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const FOLDERS = {
  'Docusaurus 3': 'docusaurus',
  'VitePress 1': 'vitepress',
  'Astro Starlight': 'starlight',
  Marp: 'marp',
  Slidev: 'slidev',
  'MyST (Jupyter Book 2)': 'myst',
  'Observable Framework': 'framework',
  Hugo: 'hugo',
  Sphinx: 'sphinx',
  Jekyll: 'jekyll',
  'Jupyter without anywidget': 'jupyter',
};

test('the site generator recipes in docs/widgets.md are the files the site tests build', () => {
  const doc = readFileSync(join(root, 'docs/widgets.md'), 'utf8');
  const section = doc.split(/^### Site generators$/m)[1]?.split(/^### /m)[0];
  assert.ok(section, 'docs/widgets.md has a "Site generators" section');
  const seen = {};
  for (const part of section.split(/^#### /m).slice(1)) {
    const heading = part.slice(0, part.indexOf('\n'));
    const folder = FOLDERS[heading];
    assert.ok(folder, `a test site for "${heading}"`);
    // (a block holding a fenced block opens with more backticks, and closes with as many)
    for (const [, , title, body] of part.matchAll(/^(`{3,})\w* title="([^"]+)"\n([\s\S]*?)\n\1$/gm)) {
      const file = join(root, 'tests/browser/hosts', folder, title);
      assert.ok(existsSync(file), `${heading}: ${title} is a file of the test site`);
      assert.equal(body, readFileSync(file, 'utf8').replace(/\n$/, ''), `${heading}: the block ${title} is the test site's file`);
      (seen[heading] ??= []).push(title);
    }
  }
  // every generator has its recipe, with the files that make it work
  assert.deepEqual(seen, {
    'Docusaurus 3': ['docusaurus.config.js', 'src/posenc.js', 'docs/intro.mdx'],
    'VitePress 1': ['.vitepress/config.mjs', '.vitepress/theme/index.js', 'index.md'],
    'Astro Starlight': ['src/components/Posenc.astro', 'src/content/docs/index.mdx'],
    Marp: ['slides.md'],
    Slidev: ['index.html', 'vite.config.ts', 'slides.md'],
    'MyST (Jupyter Book 2)': ['lesson.md'],
    'Observable Framework': ['observablehq.config.js', 'src/index.md'],
    Hugo: ['hugo.toml', 'layouts/_default/baseof.html', 'content/_index.md'],
    Sphinx: ['conf.py', 'index.rst'],
    Jekyll: ['_config.yml', 'index.md'],
  });
});
