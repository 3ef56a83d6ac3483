import purgeCss from '@fullhuman/postcss-purgecss';
import { fromWebRoot } from './web-root.ts';

/**
 * Bootstrap's rules whose classes no screen uses are dropped from the built CSS. Class names our
 * code writes literally are found in the sources; react-bootstrap builds its classes from a prefix
 * and a variant (`btn-${variant}`, `${prefix}-dialog`), so the families of the components we use stay
 * whole. A screen that starts using another Bootstrap component (offcanvas, accordion, toast...) adds
 * its family to the safelist.
 */
export const bootstrapPurge = purgeCss({
  content: [fromWebRoot('index.html'), fromWebRoot('src/**/*.{ts,tsx}')],
  // The build's own code (this file's words among them) names no class of the screens.
  skippedContentGlobs: [fromWebRoot('src/build/**')],
  safelist: {
    standard: [
      /^(show|fade|active|disabled|collapse|collapsing|visually-hidden|was-validated)$/,
      /^h[1-6]$/,
      /^col(-(sm|md|lg|xl|xxl))?(-\d+|-auto)?$/,
      /^offset(-(sm|md|lg|xl|xxl))?-\d+$/,
      /^list-group(-flush|-item|-item-action)?$/,
      /^(is-valid|is-invalid|valid-feedback|invalid-feedback|valid-tooltip|invalid-tooltip)$/,
    ],
    // The component families the screens use, with every variant and part react-bootstrap may build.
    greedy: [
      /^(modal|dropdown|dropup|dropstart|dropend|popover|bs-popover|tooltip|bs-tooltip|Toastify)/,
      /^(btn|alert|badge|card|table|nav|tab|input-group|page|pagination|spinner|container|row)$/,
      /^(btn|alert|badge|card|table|nav|tab|input-group|page|pagination|spinner|container)-/,
      /^navbar($|-(brand|nav|text|toggler|collapse|light|dark|expand-lg))/,
      /^form-/,
      /^(bg|text-bg|text|border)-(primary|secondary|success|danger|warning|info|light|dark|body|white|black)/,
      // Leaflet's stylesheet and our markers' (the maps): their classes are written by script.
      /^(leaflet|map)-/,
      // react-bootstrap marks the dark navbar with data-bs-theme (its toggler icon comes from there).
      /data-bs-theme/,
    ],
  },
});
