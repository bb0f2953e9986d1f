import { XSRF_FORM_FIELD } from '../http/xsrf';
import { escapeHtml, formatEuro } from './html';

export interface SandboxPageData {
  paymentId: string;
  orderNumber: string;
  amount: number;
  method: string;
  status: string;
  xsrfToken: string;
}

/**
 * DESIGN 2: the reference API's sandbox payment provider. German, clearly labelled as no real payment; two plain
 * forms approve or cancel. Every value is escaped; no script runs on the page.
 */
export function sandboxPage(data: SandboxPageData): string {
  const id = encodeURIComponent(data.paymentId);
  const token = escapeHtml(data.xsrfToken);
  const pending = data.status === 'pending';
  const actions = pending
    ? `<form method="post" action="/sandbox/pay/${id}/approve">
      <input type="hidden" name="${XSRF_FORM_FIELD}" value="${token}">
      <button type="submit" class="ok">Zahlung bestätigen</button>
    </form>
    <form method="post" action="/sandbox/pay/${id}/cancel">
      <input type="hidden" name="${XSRF_FORM_FIELD}" value="${token}">
      <button type="submit">Zahlung abbrechen</button>
    </form>`
    : '<p>Diese Zahlung ist bereits abgeschlossen.</p>';
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox – keine echte Zahlung</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.badge{background:#fff3cd;border:2px solid #b58100;padding:.75rem 1rem;font-weight:700}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
form{display:inline-block;margin:1rem 1rem 0 0}
button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer;border:1px solid #555;background:#fff;border-radius:4px}
button.ok{background:#1f6f3f;color:#fff;border-color:#1f6f3f}
</style>
</head>
<body>
<main>
  <p class="badge" role="note">Sandbox – keine echte Zahlung</p>
  <h1>Zahlung prüfen</h1>
  <dl>
    <dt>Bestellnummer</dt><dd>${escapeHtml(data.orderNumber)}</dd>
    <dt>Betrag</dt><dd>${escapeHtml(formatEuro(data.amount))}</dd>
    <dt>Zahlungsart</dt><dd>${escapeHtml(data.method)}</dd>
  </dl>
  ${actions}
</main>
</body>
</html>`;
}
