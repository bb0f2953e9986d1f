/** The configuration a link carries: `?kennzeichen=B-AB%20123&art=E&groesse=520x110` (banner hand-off). */
export interface UrlConfiguration {
  kennzeichen: string | null;
  art: string | null;
  groesse: string | null;
}

/** Reads the hand-off parameters from a query string (`location.search`). Unknown parameters are ignored. */
export function readUrlConfiguration(search: string): UrlConfiguration {
  const params = new URLSearchParams(search);
  const read = (name: string) => {
    const value = params.get(name);
    // Bound what a crafted link can put into the form.
    return value === null ? null : value.slice(0, 40);
  };
  return { kennzeichen: read('kennzeichen'), art: read('art'), groesse: read('groesse') };
}

/**
 * The link that continues a configuration in the shop: `${shopUrl}/${productAlias}?kennzeichen=...&art=...`.
 *
 * @example
 * configurationUrl('https://shop.example', 'kfz-kennzeichen', { kennzeichen: 'B-AB 123', art: 'E' });
 * // 'https://shop.example/kfz-kennzeichen?kennzeichen=B-AB+123&art=E'
 */
export function configurationUrl(
  shopUrl: string,
  productAlias: string,
  values: { kennzeichen?: string; art?: string; groesse?: string },
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const query = params.toString();
  return `${shopUrl.replace(/\/+$/, '')}/${encodeURIComponent(productAlias)}${query ? `?${query}` : ''}`;
}
