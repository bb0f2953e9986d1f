import { escapeHtml, sandboxDocument } from '../payments/html';
import type { OutboxMail } from './sandboxOutbox';

/** '25.11.2026, 14:05:09' ('short' wrote the year with two digits, '25.11.26'). */
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));

function page(title: string, body: string): string {
  return sandboxDocument({
    title,
    badge: 'Sandbox – keine echte E-Mail. Diese Nachrichten wurden nicht versendet.',
    maxWidth: '40rem',
    style: `ul{list-style:none;padding:0}li{border-bottom:1px solid #ccc;padding:.75rem 0}
pre{white-space:pre-wrap;font:inherit;background:#f5f5f5;padding:1rem}
a{color:#0b4f9c}
.button{display:inline-block;background:#1f6f3f;color:#fff;padding:.6rem 1.2rem;border-radius:4px;text-decoration:none}`,
    body,
  });
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
