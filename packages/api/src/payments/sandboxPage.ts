import { XSRF_FORM_FIELD } from '../http/xsrf';
import { escapeHtml, formatEuro, sandboxDocument } from './html';

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
  return sandboxDocument({
    title: 'Sandbox – keine echte Zahlung',
    badge: 'Sandbox – keine echte Zahlung',
    maxWidth: '32rem',
    style: `dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
form{display:inline-block;margin:1rem 1rem 0 0}
button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer;border:1px solid #555;background:#fff;border-radius:4px}
button.ok{background:#1f6f3f;color:#fff;border-color:#1f6f3f}`,
    body: `<h1>Zahlung prüfen</h1>
  <dl>
    <dt>Bestellnummer</dt><dd>${escapeHtml(data.orderNumber)}</dd>
    <dt>Betrag</dt><dd>${escapeHtml(formatEuro(data.amount))}</dd>
    <dt>Zahlungsart</dt><dd>${escapeHtml(data.method)}</dd>
  </dl>
  ${actions}`,
  });
}
