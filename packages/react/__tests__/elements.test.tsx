// The element bindings with stand-in elements that dispatch events as the widget's do (bubbling, composed
// CustomEvents); the widget's own behaviour is tested in packages/widget and e2e.
import { createMemoryStorage, createSdk } from '@lp/sdk';
import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type LpAddToCartDetail,
  LpBannerConfigurator,
  LpPlateGenerator,
  type LpPlateGeneratorElement,
  LpProvider,
} from '../src/index';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

class StandIn extends HTMLElement {
  sdk: unknown;
}
beforeAll(() => {
  customElements.define('lp-plate-generator', class extends StandIn {});
  customElements.define('lp-banner-configurator', class extends HTMLElement {});
});

const DETAIL = { count: 2, cartGuid: 'g-1', line: null } as unknown as LpAddToCartDetail;
const fire = (element: Element, type: string, detail: unknown = DETAIL) =>
  element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
const sdk = () => createSdk({ baseUrl: 'http://127.0.0.1:9', storage: createMemoryStorage() });

describe('raw tags in React 19 (the rule the types encode)', () => {
  it('calls onlp-add-to-cart and never a camel-case onLpAddToCart', () => {
    const kebab = vi.fn();
    const camel = vi.fn();
    const { container } = render(
      <lp-plate-generator onlp-add-to-cart={kebab} {...({ onLpAddToCart: camel } as object)} />,
    );
    fire(container.querySelector('lp-plate-generator')!, 'lp-add-to-cart');
    expect(kebab).toHaveBeenCalledTimes(1);
    expect(kebab.mock.calls[0]![0].detail).toBe(DETAIL);
    expect(camel).not.toHaveBeenCalled();
  });
});

describe('wrapper components', () => {
  it('turn onAddToCart into a listener, always calling the latest handler, until unmounted', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<LpPlateGenerator kennzeichen="B-AB 123" onAddToCart={first} />);
    const element = view.container.querySelector('lp-plate-generator')!;
    expect(element.getAttribute('kennzeichen')).toBe('B-AB 123');
    fire(element, 'lp-add-to-cart');
    expect(first).toHaveBeenCalledWith(expect.objectContaining({ detail: DETAIL }));
    view.rerender(<LpPlateGenerator kennzeichen="B-AB 123" onAddToCart={second} />);
    fire(element, 'lp-add-to-cart');
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
    view.unmount();
    fire(element, 'lp-add-to-cart');
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('listen only to their own element events and pass other handlers to React', () => {
    const onContinue = vi.fn();
    const onClick = vi.fn();
    const { container } = render(<LpBannerConfigurator onContinue={onContinue} onClick={onClick} />);
    const banner = container.querySelector('lp-banner-configurator')!;
    fire(banner, 'lp-continue', { text: 'B-AB 1', kind: 'standard', how: 'generator' });
    (banner as HTMLElement).click();
    expect(onContinue.mock.calls[0]![0].detail.how).toBe('generator');
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(banner.hasAttribute('onContinue')).toBe(false);
  });

  it("hand the provider's SDK to the element as a property; an sdk prop wins; a ref reaches the element", () => {
    const shared = sdk();
    const own = sdk();
    const ref = createRef<LpPlateGeneratorElement>();
    const { container } = render(
      <LpProvider sdk={shared} loadCart={false}>
        <LpPlateGenerator ref={ref} />
        <LpPlateGenerator sdk={own} />
        <LpBannerConfigurator />
      </LpProvider>,
    );
    const [first, second] = container.querySelectorAll('lp-plate-generator');
    expect((first as StandIn).sdk).toBe(shared);
    expect(first!.hasAttribute('sdk')).toBe(false);
    expect((second as StandIn).sdk).toBe(own);
    expect(ref.current).toBe(first);
    expect('sdk' in container.querySelector('lp-banner-configurator')!).toBe(false);
  });

  it('throw in development for a camel-case onLp… prop, naming both right spellings', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const wrong = { onLpAddToCart: () => {} } as object;
    expect(() => render(<LpPlateGenerator {...wrong} />)).toThrow(
      /onLpAddToCart.*never calls.*onAddToCart.*onlp-add-to-cart/,
    );
    quiet.mockRestore();
  });

  it('leave the check out of production builds', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const wrong = { onLpAddToCart: () => {} } as object;
    expect(() => render(<LpPlateGenerator {...wrong} />)).not.toThrow();
  });
});
