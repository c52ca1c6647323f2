// posenc/widgets/inline: every shipped catalogue installed before any widget is defined, so no language
// needs a file fetched (imported by inline.js ahead of the widgets).
import { shipCatalogues } from '../i18n/index.js';
import catalogues from './catalogues/inline.js';

shipCatalogues(catalogues);
