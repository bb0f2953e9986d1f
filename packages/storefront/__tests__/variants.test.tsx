import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseVariant, fontColourValues, productWithVariant, variantOptions } from '../src/data/variants';
import { ProductView } from '../src/features/product/ProductView';
import { product, variant } from './fixtures';
import { renderWithShop } from './renderWithShop';

const holder = product({
  UniqueId: 'KZH-001',
  Alias: 'kennzeichenhalter',
  Title: 'Kennzeichenhalter',
  Attributes: { Kennzeichentyp: 'Kennzeichenhalter' },
  Variants: [
    variant('KZH-001-S-520', { Farbe: 'Schwarz', Größe: '520x110' }, 9.9),
    variant('KZH-001-S-460', { Farbe: 'Schwarz', Größe: '460x110' }, 8.9),
    variant('KZH-001-C-520', { Farbe: 'Chrom', Größe: '520x110' }, 12.9),
  ],
  Parameters: [
    { Key: 'Schriftfarbe', Value: 'Schwarz' },
    { Key: 'Schriftfarbe', Value: 'Rot' },
  ],
});

describe('variant choice (spec 2/4)', () => {
  it('offers each attribute that differs between variants, values in catalogue order', () => {
    expect(variantOptions(holder)).toEqual([
      { name: 'Farbe', values: ['Schwarz', 'Chrom'] },
      { name: 'Größe', values: ['520x110', '460x110'] },
    ]);
  });

  it('picks the exact match, else the closest variant with the chosen value', () => {
    const [s520, s460, c520] = holder.Variants;
    expect(chooseVariant(holder, s520 ?? null, 'Größe', '460x110')).toEqual({ ok: true, variant: s460 });
    // Chrom only exists in 520: choosing it from Schwarz 460 still lands on the chrome variant.
    expect(chooseVariant(holder, s460 ?? null, 'Farbe', 'Chrom')).toEqual({ ok: true, variant: c520 });
  });

  it('keeps the last valid variant and says why when nothing matches', () => {
    const current = holder.Variants[1] ?? null;
    const result = chooseVariant(holder, current, 'Farbe', 'Gold');
    expect(result.ok).toBe(false);
    expect(result.variant).toBe(current);
    expect(!result.ok && result.error).toContain('Farbe = Gold');
  });

  it('shows the variant title and price; colour values come from Schriftfarbe parameters', () => {
    const shown = productWithVariant(holder, holder.Variants[2] ?? null);
    expect(shown.Price).toBe(12.9);
    expect(shown.Title).toBe('Variante KZH-001-C-520');
    expect(fontColourValues(holder)).toEqual(['Schwarz', 'Rot']);
    expect(fontColourValues(product({ Parameters: [{ Key: 'Schriftfarbe', Value: 'Schwarz' }] }))).toEqual([
      'Schwarz',
    ]);
  });

  it('on the page: one active value per attribute, choosing refreshes title and price', () => {
    renderWithShop(<ProductView product={holder} upsell={[]} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Variante KZH-001-S-520');
    expect(screen.getByText(/9,90/).closest('p')?.textContent).toContain('inkl. MwSt.');
    const chrom = screen.getByRole('button', { name: 'Chrom' });
    expect(chrom.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chrom);
    expect(chrom.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Schwarz' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Variante KZH-001-C-520');
    expect(screen.getByText(/12,90/)).toBeTruthy();
  });

  it('shows the text-colour choice only with more than one Schriftfarbe', () => {
    renderWithShop(<ProductView product={holder} upsell={[]} />);
    expect(screen.getByRole('group', { name: 'Schriftfarbe' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('hides the colour choice for a single colour; quantity cannot go below the minimum', () => {
    renderWithShop(
      <ProductView
        product={product({ MinQuantity: 2, Parameters: [{ Key: 'Schriftfarbe', Value: 'Schwarz' }] })}
        upsell={[]}
      />,
    );
    expect(screen.queryByRole('group', { name: 'Schriftfarbe' })).toBeNull();
    const quantity = screen.getByRole('spinbutton', { name: 'Menge' }) as HTMLInputElement;
    expect(quantity.value).toBe('2');
    // Typed text is committed when the shopper leaves the field (src/features/product/__tests__/quantityField).
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('2');
    fireEvent.change(quantity, { target: { value: 'abc' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('2');
    fireEvent.change(quantity, { target: { value: '5' } });
    expect(quantity.value).toBe('5');
  });
});
