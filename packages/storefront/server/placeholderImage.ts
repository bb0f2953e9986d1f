/**
 * The demo catalogue's images live at /images/products/<code>.svg on the shop origin (docs/reference/
 * demo-catalogue.md); the storefront draws a neutral plate-shaped placeholder for each code.
 */
export function placeholderSvg(code: string): string {
  const label = code
    .replace(/[^A-Za-z0-9-]/g, '')
    .toUpperCase()
    .slice(0, 24);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320"><rect width="640" height="320" fill="#eef3f8"/><rect x="70" y="110" width="500" height="110" rx="12" fill="#fff" stroke="#1d1d1b" stroke-width="6"/><rect x="76" y="116" width="44" height="98" fill="#0b3d91"/><text x="345" y="185" font-family="Arial,sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#1d1d1b">${label}</text></svg>`;
}
