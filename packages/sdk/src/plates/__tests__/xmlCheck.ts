/**
 * A small XML well-formedness check for tests (no DOM in Node): matched and nested tags, quoted unique
 * attributes, no stray '<' or '&'. Returns the problems found (empty when well-formed) and the elements.
 */
export function checkXml(xml: string): {
  problems: string[];
  elements: Array<{ name: string; attrs: Record<string, string>; text: string }>;
} {
  const problems: string[] = [];
  const elements: Array<{ name: string; attrs: Record<string, string>; text: string }> = [];
  const stack: Array<{ name: string; attrs: Record<string, string>; text: string }> = [];
  const token =
    /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|(<)/gy;
  const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
  let roots = 0;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    const [, close, name, rawAttrs, selfClose, text, stray] = m;
    if (stray) {
      problems.push(`stray '<' at ${m.index}`);
      break;
    }
    if (text !== undefined) {
      if (text.replace(entity, '').includes('&')) problems.push(`unescaped '&' in text at ${m.index}`);
      if (stack.length === 0 && text.trim()) problems.push('text outside the root');
      const top = stack[stack.length - 1];
      if (top) top.text += text;
      continue;
    }
    if (close) {
      const open = stack.pop();
      if (!open || open.name !== name) problems.push(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? '').matchAll(/([A-Za-z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const key = a[1] as string;
      const value = a[2] ?? a[3] ?? '';
      if (key in attrs) problems.push(`duplicate attribute ${key}`);
      if (value.replace(entity, '').includes('&')) problems.push(`unescaped '&' in ${key}`);
      attrs[key] = value;
    }
    const el = { name: name as string, attrs, text: '' };
    elements.push(el);
    if (stack.length === 0) roots++;
    if (!selfClose) stack.push(el);
  }
  if (token.lastIndex !== 0 && token.lastIndex < xml.length)
    problems.push(`unparsed rest at ${token.lastIndex}`);
  if (stack.length) problems.push(`unclosed <${stack.map((s) => s.name).join('>, <')}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return { problems, elements };
}
