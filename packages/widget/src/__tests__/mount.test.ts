// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../mount';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('LpWidget.mount', () => {
  it('creates the element with kebab-case attributes and listeners', () => {
    document.body.innerHTML = '<div id="slot"></div>';
    const listener = vi.fn();
    const element = mount('#slot', {
      element: 'lp-banner-configurator',
      attributes: { shopUrl: 'https://shop.example', kennzeichen: 'B-AB 1', target: null },
      on: { 'lp-change': listener },
    });
    expect(element.parentElement?.id).toBe('slot');
    expect(element.localName).toBe('lp-banner-configurator');
    expect(element.getAttribute('shop-url')).toBe('https://shop.example');
    expect(element.hasAttribute('target')).toBe(false);
    element.dispatchEvent(new CustomEvent('lp-change'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('defaults to the generator and skips invalid attribute names and inline handlers', () => {
    const slot = document.createElement('div');
    document.body.append(slot);
    const element = mount(slot, { attributes: { 'bad name"': 'x', onclick: 'alert(1)', api: 'http://a' } });
    expect(element.localName).toBe('lp-plate-generator');
    expect(element.getAttribute('api')).toBe('http://a');
    expect(element.getAttributeNames()).not.toContain('bad name"');
    expect(element.hasAttribute('onclick')).toBe(false);
  });

  it('mounts the cart badge with its dealer id, for a CMS header', () => {
    document.body.innerHTML = '<div id="header"></div>';
    const badge = mount('#header', { element: 'lp-cart-button', attributes: { dealer: 'autohaus-muster' } });
    expect(badge.localName).toBe('lp-cart-button');
    expect(badge.getAttribute('dealer')).toBe('autohaus-muster');
  });

  it('answers clear errors for a missing container or an unknown element', () => {
    expect(() => mount('#nowhere')).toThrow(/no element matches #nowhere/);
    document.body.innerHTML = '<div id="slot"></div>';
    expect(() => mount('#slot', { element: 'script' as never })).toThrow(/unknown element script/);
    expect(document.querySelector('#slot')?.children).toHaveLength(0);
  });
});
