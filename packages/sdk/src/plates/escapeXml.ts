import { invalidParameter } from '../services/requireParam';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// XML 1.0 cannot carry control characters (other than tab, line feed, carriage return), lone surrogates or
// U+FFFE/U+FFFF; they are dropped rather than making the document ill-formed.
function xmlChar(ch: string): boolean {
  const c = ch.codePointAt(0) as number;
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d;
  if (c >= 0xd800 && c <= 0xdfff) return false;
  return c !== 0xfffe && c !== 0xffff;
}

/**
 * Escapes text for XML/HTML text and attribute values, dropping characters XML cannot carry. A finite number is
 * written as its text; anything else (undefined, null, an object) is refused with the LpError `invalidParameter`
 * rather than written as 'undefined' or '[object Object]'.
 * @example
 * escapeXml('<b>&"'); // '&lt;b&gt;&amp;&quot;'
 */
export function escapeXml(text: string): string {
  if (typeof text !== 'string' && !Number.isFinite(text)) throw invalidParameter('text');
  let out = '';
  for (const ch of String(text)) {
    if (xmlChar(ch)) out += ENTITIES[ch] ?? ch;
  }
  return out;
}
