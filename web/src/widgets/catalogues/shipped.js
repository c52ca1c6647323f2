// The catalogues shipped beside English, each loaded when a page's language first asks for it: in the ES
// module (posenc/widgets, the demo's ES build) each is a chunk of its own, so an English page downloads
// neither. The builds that must work with no other file (the one-tag script, the single files) carry each module
// in the same file, built when first asked for (scripts/build-web.mjs); posenc/widgets/inline installs them all
// at once (./inline.js).
export default {
  es: () => import('./es.js'),
  'zh-CN': () => import('./zh-CN.js'),
};
