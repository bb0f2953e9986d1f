// @vitest-environment jsdom
import { h } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkEventType, kebabEventType } from '../checkEventType';
import { defineElement } from '../defineElement';

afterEach(() => vi.restoreAllMocks());

let counter = 0;
const defineTestElement = () => {
  counter += 1;
  const tag = `lp-spelling-${counter}`;
  defineElement(tag, () => h('span', null), { attributes: [] });
  return document.createElement(tag);
};

describe('listener spelling check (React 19 turns onLpAddToCart into a listener for "LpAddToCart")', () => {
  it('names the kebab-case event and the React 19 prop in one console.error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = defineTestElement();
    element.addEventListener('LpAddToCart', () => {});
    expect(error).toHaveBeenCalledTimes(1);
    const message = String(error.mock.calls[0]?.[0]);
    expect(message).toContain(`<${element.localName}>`);
    expect(message).toContain('"lp-add-to-cart"');
    expect(message).toContain('onlp-add-to-cart');
    expect(message).toContain('onLpAddToCart');
  });

  it('reports a type once per tag, however often React re-adds the listener', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = defineTestElement();
    for (let i = 0; i < 3; i += 1) element.addEventListener('LpChange', () => {});
    element.addEventListener('lpError', () => {});
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[1]?.[0])).toContain('onlp-error');
  });

  it('stays silent for the real names and for other events, and every listener still works', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = defineTestElement();
    const heard: string[] = [];
    for (const type of ['lp-add-to-cart', 'click', 'LpAddToCart'])
      element.addEventListener(type, (event) => heard.push(event.type));
    for (const type of ['lp-add-to-cart', 'click', 'LpAddToCart']) element.dispatchEvent(new Event(type));
    expect(heard).toEqual(['lp-add-to-cart', 'click', 'LpAddToCart']);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('adds the listener even when the console throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {
      throw new Error('console replaced');
    });
    const element = defineTestElement();
    let heard = 0;
    element.addEventListener('LpClose', () => (heard += 1));
    element.dispatchEvent(new Event('LpClose'));
    expect(heard).toBe(1);
  });

  it('derives the event name from both spellings React produces', () => {
    expect(kebabEventType('LpAddToCart')).toBe('lp-add-to-cart');
    expect(kebabEventType('lpContinue')).toBe('lp-continue');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    checkEventType('lp-x', 'Lpx');
    checkEventType('lp-x', 'lp-change');
    checkEventType('lp-x', 'Lp');
    expect(error).not.toHaveBeenCalled();
  });
});
