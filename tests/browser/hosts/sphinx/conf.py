# A course author's Sphinx site with posenc widgets (tests/browser/hosts-static.test.mjs copies this folder,
# puts dist/posenc-widgets.iife.js in _static/ and runs `sphinx-build -W -b html`).
project = 'Transformers 101'
html_static_path = ['_static']
# plain Sphinx copies _static/ but loads only the scripts named here
html_js_files = [('posenc-widgets.iife.js', {'defer': 'defer'})]
