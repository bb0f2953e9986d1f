/** The longest origin stored (a DNS name has at most 253 characters; scheme and port come on top). */
export const MAX_ORIGIN_LENGTH = 300;

/**
 * A registered origin exactly as browsers send it in the Origin header: `scheme://host[:port]`, http or https, no
 * path, query, fragment or credentials. The WHATWG URL parser does the normalising (a default port goes, a Unicode
 * host becomes its punycode, upper case becomes lower case), so `https://Müller.example:443/` is stored as
 * `https://xn--mller-kva.example`. Throws an Error with a message for the operator when the input is no such origin.
 */
export function normaliseOrigin(input: string): string {
  const text = input.trim();
  if (!text || text.length > MAX_ORIGIN_LENGTH) {
    throw new Error(
      `An origin needs 1-${MAX_ORIGIN_LENGTH} characters, e.g. https://autohaus-meyer.example.`,
    );
  }
  // The URL parser would quietly drop control characters at the ends; an origin never has any.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f-\u009f\s]/.test(text)) {
    throw new Error(`'${shown(text)}' holds spaces or control characters; an origin has none.`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`'${shown(text)}' is not an origin; write it as https://host or https://host:port.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`'${shown(text)}' must start with https:// (or http:// for a local test page).`);
  }
  // `https://host/` is the same origin; anything after the host (a page, a query) is not part of one.
  const bare = /^[a-z]+:\/\/[^/?#]+\/?$/i.test(text);
  if (!bare || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `'${shown(text)}' is not a bare origin: give only scheme, host and port (https://host[:port]), no path.`,
    );
  }
  // A DNS name (Unicode ones arrive here as punycode), an IPv4 or a bracketed IPv6 address: no wildcards.
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) {
    throw new Error(
      `'${shown(text)}' has no valid host name (wildcards are not allowed: register each origin).`,
    );
  }
  if (url.origin.length > MAX_ORIGIN_LENGTH) throw new Error('The origin is too long.');
  return url.origin;
}

/** Input echoed in a message: bounded and free of control characters (a terminal escape must not reach the TTY). */
function shown(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 100);
}
