/**
 * An information page's HTML (already cleaned by content/cleanHtml.ts on its way in) as plain text for a mail:
 * headings, paragraphs, list items and line breaks become lines, every other tag goes, the few entities the
 * sanitiser writes are read back. The result is shown as text (plain-text mail, escaped in the outbox page), so a
 * tag that survived would be harmless characters, not markup.
 */
export function articleText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|div|ul|ol|tr)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
