// @vitest-environment jsdom
/** @jsxImportSource preact */
import type { AddCartItemBody } from '@lp/sdk/contract';
import * as plates from '@lp/sdk/plates';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorForm } from '../GeneratorForm';
import { plateProduct } from './productFixture';

afterEach(cleanup);

const type = (input: HTMLInputElement, value: string) => fireEvent.input(input, { target: { value } });
const previewBox = (container: Element) => container.querySelector('.preview .preview-box') as HTMLElement;

describe('before the plate rules (lp-plates.js) arrive', () => {
  it('takes input at once and draws a placeholder plate with the text as typed', () => {
    const onAdd = vi.fn<(body: AddCartItemBody) => void>();
    const { container } = render(
      <GeneratorForm plates={null} product={plateProduct()} initial={{}} onAdd={onAdd} />,
    );
    const input = screen.getByLabelText('Kennzeichen') as HTMLInputElement;
    type(input, 'b-ab 123');
    const placeholder = previewBox(container).querySelector('svg.plate-placeholder');
    expect(placeholder?.textContent).toBe('B-AB 123');
    expect(screen.getByRole('img', { name: 'Vorschau des Kennzeichens b-ab 123' })).toBeTruthy();
    // All 15 size pictures are there too, as placeholders, in the order the real ones take.
    expect(container.querySelectorAll('.choice svg.plate-placeholder')).toHaveLength(15);
    // Nothing can be added before the rules checked the text, and no error is shown for it.
    const button = screen.getByRole('button', { name: 'In den Warenkorb' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onAdd).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('reserves the same box for the placeholder and the real picture (no layout shift)', () => {
    const props = { product: plateProduct(), initial: { text: 'B-AB 123' }, onAdd: () => undefined };
    const { container, rerender } = render(<GeneratorForm plates={null} {...props} />);
    const before = previewBox(container).getAttribute('style');
    expect(before).toContain('aspect-ratio: 520 / 110');
    rerender(<GeneratorForm plates={plates} {...props} />);
    expect(previewBox(container).querySelector('svg.plate-placeholder')).toBeNull();
    expect(previewBox(container).querySelector('svg title')?.textContent).toBe('B-AB 123');
    expect(previewBox(container).getAttribute('style')).toBe(before);
  });

  it('escapes hostile text in the placeholder', () => {
    const { container } = render(
      <GeneratorForm plates={null} product={plateProduct()} initial={{}} onAdd={() => undefined} />,
    );
    type(screen.getByLabelText('Kennzeichen') as HTMLInputElement, '<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    expect(previewBox(container).textContent).toContain('<IMG SRC=X');
  });
});

describe('free text (fun plates)', () => {
  it('applies the free-text rules the API applies to the cart line', async () => {
    const product = { ...plateProduct(), Attributes: { Kennzeichentyp: 'Funschild' } };
    const onAdd = vi.fn<(body: AddCartItemBody) => void>();
    render(<GeneratorForm plates={plates} product={product} initial={{}} onAdd={onAdd} />);
    const input = screen.getByLabelText('Kennzeichen') as HTMLInputElement;
    const tooLong = 'SUPER FUN CAR 1';
    expect(plates.validatePlateAttributes('Funschild', { Kennzeichen: tooLong }).ok).toBe(false);
    type(input, tooLong);
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(
      await screen.findByText(plates.validateFreeText(tooLong, 'fun').errors[0]?.message ?? '?'),
    ).toBeTruthy();
    type(input, 'FUN CAR');
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });
});
