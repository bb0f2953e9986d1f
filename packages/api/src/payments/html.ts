/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatEuro(amount: number): string {
  return `${amount.toFixed(2).replace('.', ',')} €`;
}

/**
 * Headers of the sandbox's own HTML pages (payment, outbox): no script, no framing, no Referer (the outbox's links
 * carry tokens), never cached.
 */
export const SANDBOX_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const SANDBOX_STYLE =
  'body{font-family:system-ui,sans-serif;margin:3rem auto;padding:0 1rem;color:#1a1a1a}\n' +
  '.badge{background:#fff3cd;border:2px solid #b58100;padding:.75rem 1rem;font-weight:700}';

/**
 * A German sandbox page (DESIGN 2): the labelled badge first, then `body`. `title` and `badge` are escaped here;
 * `body` and `style` are the caller's markup, with every value in them escaped by the caller.
 */
export function sandboxDocument(page: {
  title: string;
  badge: string;
  maxWidth: string;
  style: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>
${SANDBOX_STYLE}
body{max-width:${page.maxWidth}}
${page.style}
</style>
</head>
<body>
<main>
  <p class="badge" role="note">${escapeHtml(page.badge)}</p>
  ${page.body}
</main>
</body>
</html>`;
}
