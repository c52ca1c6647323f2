// Observable Framework: the pages are in src/; links keep their .html (any static server serves them), and
// the default web font (Google Fonts) is left out, so nothing leaves the site
export default {
  title: 'Positional encodings',
  root: 'src',
  cleanUrls: false,
  globalStylesheets: [],
};
