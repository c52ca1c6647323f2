// The catalogues shipped beside English, each loaded when a page's language first asks for it: in the ES
// module (posenc/widgets, the demo's ES build) each is a chunk of its own, so an English page downloads
// neither. Builds that must work with no other file (the one-tag script, the single files, posenc/widgets/inline)
// use ./inline.js instead, which has them all.
export default {
  es: () => import('./es.js'),
  'zh-CN': () => import('./zh-CN.js'),
};
