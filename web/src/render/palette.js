// Categorical colours for curves: Tableau 10 (distinguishable, colour-blind friendlier than category10), as
// d3-scale-chromatic's schemeTableau10 has them (tests/js/palette.test.mjs checks it). Written out here because
// d3-scale-chromatic is one module whose every scheme is built when it loads: a widget that needs these ten
// colours alone (the methods' shared styles) does not download the rest (./color.js has the scales).
export const CATEGORICAL = ['#4e79a7', '#f28e2c', '#e15759', '#76b7b2', '#59a14f', '#edc949', '#af7aa1', '#ff9da7', '#9c755f', '#bab0ab'];
