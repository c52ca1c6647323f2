# posenc-widgets.iife.js goes in _static/; the pages hold the tags in `.. raw:: html`
project = 'Transformers 101'
html_static_path = ['_static']
# plain Sphinx copies _static/ but loads only the scripts named here
html_js_files = [('posenc-widgets.iife.js', {'defer': 'defer'})]
