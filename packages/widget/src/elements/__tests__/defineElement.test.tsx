// @vitest-environment jsdom
/** @jsxImportSource preact */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ElementBaseProps, camelCase, defineElement } from '../defineElement';

interface HelloProps extends ElementBaseProps {
  name: string | null;
  shopUrl: string | null;
  data?: { n: number };
}

function Hello({ name, shopUrl, data, emit }: HelloProps) {
  return (
    <button type="button" onClick={() => emit('lp-change', { name })}>
      Hallo {name ?? 'Welt'} {shopUrl ?? '-'} {data?.n ?? 0}
    </button>
  );
}

let counter = 0;
function define(styles = ':host { display: block }') {
  counter += 1;
  const tag = `lp-test-${counter}`;
  defineElement(tag, Hello, { attributes: ['name', 'shop-url'], properties: ['data'], styles });
  return tag;
}

afterEach(() => {
  document.body.innerHTML = '';
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const text = (element: Element) =>
  element.shadowRoot?.querySelector('button')?.textContent?.replace(/\s+/g, ' ');

describe('defineElement', () => {
  it('maps kebab-case attributes to camelCase props; absent attributes are null', async () => {
    const tag = define();
    document.body.innerHTML = `<${tag} shop-url="https://shop.example"></${tag}>`;
    const element = document.querySelector(tag) as HTMLElement & Record<string, unknown>;
    await flush();
    expect(text(element)).toBe('Hallo Welt https://shop.example 0');
    expect(element.name).toBeNull();
  });

  it('reflects properties to attributes and re-renders; null removes the attribute', async () => {
    const tag = define();
    const element = document.createElement(tag) as HTMLElement & Record<string, unknown>;
    document.body.append(element);
    element.name = 'Anna';
    expect(element.getAttribute('name')).toBe('Anna');
    await flush();
    expect(text(element)).toContain('Hallo Anna');
    element.name = null;
    expect(element.hasAttribute('name')).toBe(false);
    element.setAttribute('shop-url', 'x');
    expect(element.shopUrl).toBe('x');
  });

  it('passes object properties without reflecting them', async () => {
    const tag = define();
    const element = document.createElement(tag) as HTMLElement & Record<string, unknown>;
    document.body.append(element);
    element.data = { n: 7 };
    await flush();
    expect(text(element)).toContain('7');
    expect(element.hasAttribute('data')).toBe(false);
  });

  it('keeps a property set before the element was defined', async () => {
    counter += 1;
    const tag = `lp-test-${counter}`;
    const element = document.createElement(tag) as HTMLElement & Record<string, unknown>;
    element.name = 'Früh';
    document.body.append(element);
    defineElement(tag, Hello, { attributes: ['name', 'shop-url'] });
    await flush();
    expect(element.getAttribute('name')).toBe('Früh');
    expect(text(element)).toContain('Hallo Früh');
  });

  it('fires events that bubble and are composed', async () => {
    const tag = define();
    document.body.innerHTML = `<${tag} name="Ben"></${tag}>`;
    await flush();
    const listener = vi.fn();
    document.addEventListener('lp-change', listener);
    document.querySelector(tag)?.shadowRoot?.querySelector('button')?.click();
    document.removeEventListener('lp-change', listener);
    const event = listener.mock.calls[0]?.[0] as CustomEvent;
    expect(event.detail).toEqual({ name: 'Ben' });
    expect(event.bubbles && event.composed).toBe(true);
  });

  it('renders into an open shadow root with its styles, and defining twice is a no-op', async () => {
    const tag = define(':host { display: block } button { color: rgb(1, 2, 3) }');
    const first = customElements.get(tag);
    const second = defineElement(tag, () => null, { attributes: [] });
    expect(second).toBe(first);
    document.body.innerHTML = `<${tag}></${tag}>`;
    await flush();
    const root = document.querySelector(tag)?.shadowRoot as ShadowRoot;
    expect(root.mode).toBe('open');
    const adopted = (root.adoptedStyleSheets ?? []).map((sheet) =>
      Array.from(sheet.cssRules, (r) => r.cssText).join(''),
    );
    const inline = Array.from(root.querySelectorAll('style'), (style) => style.textContent);
    expect([...adopted, ...inline].join('')).toContain('rgb(1, 2, 3)');
  });

  it('unmounts when removed and renders again when re-attached', async () => {
    const tag = define();
    document.body.innerHTML = `<${tag} name="C"></${tag}>`;
    const element = document.querySelector(tag) as HTMLElement;
    await flush();
    element.remove();
    expect(element.shadowRoot?.querySelector('button')).toBeNull();
    document.body.append(element);
    await flush();
    expect(text(element)).toContain('Hallo C');
  });

  it('converts names', () => {
    expect(camelCase('shop-url')).toBe('shopUrl');
    expect(camelCase('read-url')).toBe('readUrl');
    expect(camelCase('api')).toBe('api');
  });
});
