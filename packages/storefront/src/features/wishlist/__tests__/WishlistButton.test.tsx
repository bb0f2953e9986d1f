import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { WishlistButton } from '../WishlistButton';
import { WishlistLink } from '../WishlistLink';
import { WISHLIST_KEY, wishlistStore } from '../wishlistStore';

describe('WishlistButton and WishlistLink', () => {
  beforeEach(() => {
    localStorage.clear();
    wishlistStore().setState({ entries: [] });
  });

  it('toggles with aria-pressed and the German labels, and the header count follows', () => {
    renderWithShop(
      <>
        <WishlistLink />
        <WishlistButton productId="KZH-001" productName="Kennzeichenhalter" />
      </>,
    );
    const heart = screen.getByRole('button', { name: 'Auf den Merkzettel: Kennzeichenhalter' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: 'Merkzettel, 0 Artikel' }).getAttribute('href')).toBe(
      '/wishlist',
    );

    fireEvent.click(heart);
    const pressed = screen.getByRole('button', { name: 'Vom Merkzettel entfernen: Kennzeichenhalter' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Merkzettel, 1 Artikel' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(WISHLIST_KEY)!)).toMatchObject([{ id: 'KZH-001' }]);

    fireEvent.click(pressed);
    expect(
      screen
        .getByRole('button', { name: 'Auf den Merkzettel: Kennzeichenhalter' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(screen.getByRole('link', { name: 'Merkzettel, 0 Artikel' })).toBeTruthy();
  });

  it('remembers the chosen variant and colour', () => {
    renderWithShop(
      <WishlistButton productId="FKZ-001" productName="Funschild" variantId="FKZ-001-2" colour="Rot" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Auf den Merkzettel: Funschild' }));
    expect(wishlistStore().getState().entries).toMatchObject([
      { id: 'FKZ-001', variantId: 'FKZ-001-2', colour: 'Rot' },
    ]);
  });

  it('is keyboard operable (a real button)', () => {
    renderWithShop(<WishlistButton productId="KZH-002" productName="Halter" />);
    const heart = screen.getByRole('button', { name: 'Auf den Merkzettel: Halter' });
    expect(heart.tagName).toBe('BUTTON');
    expect(heart.getAttribute('type')).toBe('button');
  });

  it('names each heart after its product, so a screen reader’s list of buttons tells them apart (WCAG 2.4.6)', () => {
    renderWithShop(
      <>
        <WishlistButton productId="KZ-1" productName="Kfz-Kennzeichen" />
        <WishlistButton productId="KZ-2" productName="Motorradkennzeichen" />
      </>,
    );
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Auf den Merkzettel: Kfz-Kennzeichen',
      'Auf den Merkzettel: Motorradkennzeichen',
    ]);
    // The visible label starts the name (WCAG 2.5.3 label in name).
    expect(screen.getByRole('button', { name: 'Auf den Merkzettel: Motorradkennzeichen' })).toBeTruthy();
  });
});
