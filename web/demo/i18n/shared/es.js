// What every part of the demo lesson says in Spanish: the skip link, the header's switches, the footer and the
// messages the page scripts write (web/demo/language.js, MESSAGES), by their keys. Each page's own text is in
// ../<page>.es.js, beside it; a page script imports both.

export default {
  'common.skip': 'Saltar a la lección',
  'common.theme': 'Tema de color',
  'common.theme.auto': 'Automático',
  'common.theme.light': 'Claro',
  'common.theme.dark': 'Oscuro',
  'common.language': 'Idioma',
  'common.contents': 'Contenido',
  'common.foot.engine': 'Todos los números los calcula el motor de posenc (C++ compilado a WebAssembly) que se ejecuta en esta página; no se descarga nada de la red.',
  'js.engine.loading': 'Cargando el motor…',
  'js.engine.simd': 'Motor listo: WebAssembly con SIMD.',
  'js.engine.scalar': 'Motor listo: WebAssembly (versión escalar: este navegador no tiene WebAssembly SIMD).',
  'js.engine.failed': 'El motor no pudo arrancar: {error}',
  'js.formula.scrolls': 'Fórmula, se desplaza en horizontal',
  'js.formula.more': 'La fórmula sigue a la derecha: desplázala →',
  'js.formula.back': '← La fórmula empieza más a la izquierda',
  'js.notes.one': 'Un ajuste de este enlace no se pudo usar; la página muestra en su lugar su propio valor:',
  'js.notes.other': '{count} ajustes de este enlace no se pudieron usar; la página muestra en su lugar sus propios valores:',
  'js.notes.more': '… y {count} más.',
  'js.notes.hide': 'Ocultar este aviso',
  'js.text.empty': 'Escribe primero unas palabras.',
  'js.text.used': '{count} tokens: se usan en la tabla de relleno (los {first} primeros) y en la comparación.',
};
