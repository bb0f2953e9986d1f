/**
 * `<lp-cart-button>`: the shared `.button` look (at least 44 px high, primary colours: white on #0b57a4 is
 * 7.2:1, visible focus ring) as an inline badge; the count keeps its width from 0 to 99, so the first line
 * arriving shifts nothing.
 */
export const cartButtonStyles = `
:host { display: inline-block !important; }
.root { display: inline-block; padding: 0; }
.button { padding: 8px 12px; }
svg { width: 24px; height: 24px; fill: none; stroke: currentColor; stroke-width: 2; }
.count { min-width: 2ch; text-align: center; }
`;
