// @vitest-environment jsdom
/** @jsxImportSource preact */
import * as plates from '@lp/sdk/plates';
import { PLATE_SIZES } from '@lp/sdk/plates';
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorForm } from '../GeneratorForm';
import { plateProduct } from './productFixture';

afterEach(cleanup);

// DESIGN 7 (CLS under 0.02): the form renders before the product arrives; the product may change what is shown
// but not what takes space. The browser test e2e/widget/layoutShift.test.ts measures the shift itself.
function renderForm(product: ReturnType<typeof plateProduct> | null) {
  return render(
    <GeneratorForm plates={plates} product={product} initial={{ text: 'B-LP 2026' }} onAdd={vi.fn()} />,
  );
}

/**
 * Everything that takes space, as tag and class, visible or not. Left out: options (inside their select), the
 * screen-reader-only text, and whether a field's caption is a <label> (the stand-in's is a <span>).
 */
function skeleton(root: Element): string[] {
  return [...root.querySelectorAll('*')]
    .map((element) => `${element.localName}.${element.getAttribute('class') ?? ''}`)
    .filter((entry) => entry !== 'option.' && entry !== 'span.sr-only')
    .map((entry) => (entry === 'label.label' ? 'span.label' : entry));
}

const sizeValues = (root: Element) =>
  [...root.querySelectorAll<HTMLInputElement>('.choice input')].map((input) => input.value);

describe('the product arriving moves nothing', () => {
  it('keeps the sizes in the order of PLATE_SIZES, also when the product is made in late sizes only', () => {
    const { container, rerender } = renderForm(null);
    expect(sizeValues(container)).toEqual(PLATE_SIZES.map((size) => size.id));
    rerender(
      <GeneratorForm
        plates={plates}
        product={plateProduct({ sizes: ['255x130', '240x130'] })}
        initial={{ text: 'B-LP 2026' }}
        onAdd={vi.fn()}
      />,
    );
    expect(sizeValues(container)).toEqual(PLATE_SIZES.map((size) => size.id));
  });

  it('renders the same elements before and after (hints, badge, price and colour hidden, not inserted)', () => {
    const before = skeleton(renderForm(null).container);
    cleanup();
    const { container } = renderForm(plateProduct({ sizes: ['520x110'], colours: ['Schwarz', 'Rot'] }));
    const after = skeleton(container);
    expect(after).toEqual(before);
  });

  it('shows the hint only on sizes the product is not made in, and the badge only on the suggested one', () => {
    const { container } = renderForm(plateProduct({ sizes: ['520x110', '460x110'] }));
    const cards = [...container.querySelectorAll<HTMLElement>('.choice')];
    const hintShown = cards.map((card) => {
      const hint = [...card.querySelectorAll<HTMLElement>('.hint')].find((h) =>
        h.textContent?.includes('nicht erhältlich'),
      );
      return hint?.style.visibility !== 'hidden';
    });
    expect(hintShown).toEqual(cards.map((card) => card.querySelector('input')?.disabled === true));
    expect(hintShown.filter(Boolean)).toHaveLength(13);
    const badges = cards.map((card) => card.querySelector<HTMLElement>('.badge'));
    expect(badges.every(Boolean)).toBe(true);
    expect(badges.filter((badge) => badge?.style.visibility !== 'hidden').map((b) => b?.textContent)).toEqual(
      ['Empfohlen'],
    );
  });

  it('holds the price line with the loading note while the product loads', () => {
    const { container } = renderForm(null);
    const price = container.querySelector('.price');
    expect(price?.textContent).toContain('Produkt wird geladen');
    expect(price?.querySelector('.price-total')).not.toBeNull();
    expect(price?.querySelector('.price-detail')).not.toBeNull();
  });
});
