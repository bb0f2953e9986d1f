import { escapeHtml } from '../payments/html';
import type { OutboxMail } from './sandboxOutbox';

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.badge{background:#fff3cd;border:2px solid #b58100;padding:.75rem 1rem;font-weight:700}
ul{list-style:none;padding:0}li{border-bottom:1px solid #ccc;padding:.75rem 0}
pre{white-space:pre-wrap;font:inherit;background:#f5f5f5;padding:1rem}
a{color:#0b4f9c}
.button{display:inline-block;background:#1f6f3f;color:#fff;padding:.6rem 1.2rem;border-radius:4px;text-decoration:none}
</style>
</head>
<body>
<main>
  <p class="badge" role="note">Sandbox – keine echte E-Mail. Diese Nachrichten wurden nicht versendet.</p>
  ${body}
</main>
</body>
</html>`;
}

/** DESIGN 2 style sandbox page: the outbox's newest mails, German, every value escaped, no script. */
export function outboxListPage(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (
        mail,
      ) => `<li><a href="/sandbox/outbox/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject)}</a><br>
      an ${escapeHtml(mail.to)} · ${escapeHtml(dateTime(mail.createdAt))}</li>`,
    )
    .join('\n');
  return page(
    'Postausgang (Sandbox)',
    `<h1>Postausgang</h1>
  ${mails.length ? `<ul>${items}</ul>` : '<p>Noch keine E-Mails.</p>'}`,
  );
}

/** One mail of the outbox, its link as a button. */
export function outboxMailPage(mail: OutboxMail): string {
  const link = mail.link ? `<p><a class="button" href="${escapeHtml(mail.link)}">Link öffnen</a></p>` : '';
  return page(
    `${mail.subject} (Sandbox)`,
    `<h1>${escapeHtml(mail.subject)}</h1>
  <p>An: ${escapeHtml(mail.to)}<br>Gesendet: ${escapeHtml(dateTime(mail.createdAt))}</p>
  <pre>${escapeHtml(mail.text)}</pre>
  ${link}
  <p><a href="/sandbox/outbox">Zurück zum Postausgang</a></p>`,
  );
}
