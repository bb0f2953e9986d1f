// @vitest-environment jsdom
/** @jsxImportSource preact */
import type { AddCartItemBody } from '@lp/sdk/contract';
import * as plates from '@lp/sdk/plates';
import { suggestSize, validatePlate } from '@lp/sdk/plates';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorForm } from '../GeneratorForm';
import { plateProduct } from './productFixture';

afterEach(cleanup);

function setup(options: Parameters<typeof plateProduct>[0] = {}, text = '') {
  const onAdd = vi.fn<(body: AddCartItemBody) => void>();
  const onChange = vi.fn();
  const utils = render(
    <GeneratorForm
      plates={plates}
      product={plateProduct(options)}
      initial={{ text }}
      onAdd={onAdd}
      onChange={onChange}
    />,
  );
  const input = screen.getByLabelText('Kennzeichen') as HTMLInputElement;
  return { ...utils, onAdd, onChange, input };
}

const type = (input: HTMLInputElement, value: string) => fireEvent.input(input, { target: { value } });

describe('plate text validation', () => {
  it('shows the German messages of the plate rules inline and marks the field invalid', async () => {
    const { input } = setup();
    type(input, 'XX-0 1');
    const expected = validatePlate({ text: 'XX-0 1', kind: 'standard', size: '520x110' }).errors;
    expect(expected.length).toBeGreaterThan(0);
    const first = await screen.findByText(expected[0]?.message ?? '');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const region = first.closest('[role="alert"]') as HTMLElement;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(region.id);
  });

  it('clears the messages once the plate is valid', async () => {
    const { input } = setup();
    type(input, 'XX-0 1');
    type(input, 'B-AB 123');
    await vi.waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('false'));
    expect(screen.queryAllByRole('alert')[0]?.textContent).toBe('');
  });

  it('does not add an invalid plate and moves the focus to the text', () => {
    const { input, onAdd } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('season', () => {
  it('offers the season months in German only for seasonal kinds', async () => {
    setup({}, 'B-AB 123');
    expect(screen.queryByLabelText('Von')).toBeNull();
    fireEvent.change(screen.getByLabelText('Kennzeichen-Art'), { target: { value: 'season' } });
    const start = (await screen.findByLabelText('Von')) as HTMLSelectElement;
    const names = Array.from(start.options, (option) => option.textContent);
    expect(names).toEqual([
      'Januar',
      'Februar',
      'März',
      'April',
      'Mai',
      'Juni',
      'Juli',
      'August',
      'September',
      'Oktober',
      'November',
      'Dezember',
    ]);
    expect(screen.getByLabelText('Bis')).toBeTruthy();
  });

  it('puts the chosen months into the cart line', async () => {
    const { onAdd } = setup({}, 'B-AB 12');
    fireEvent.change(screen.getByLabelText('Kennzeichen-Art'), { target: { value: 'season' } });
    fireEvent.change(await screen.findByLabelText('Von'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    const attributes = onAdd.mock.calls[0]?.[0].addData[0]?.info.Attributes;
    expect(attributes).toMatchObject({
      'Kennzeichen-Art': 'Saisonkennzeichen',
      'Saison-Start': '3',
      'Saison-Ende': '11',
    });
  });
});

describe('season rule messages', () => {
  it('marks and describes the month selects, not the text field, and submit focuses the first month', async () => {
    const { input, onAdd } = setup({}, 'B-AB 12');
    fireEvent.change(screen.getByLabelText('Kennzeichen-Art'), { target: { value: 'season' } });
    const start = (await screen.findByLabelText('Von')) as HTMLSelectElement;
    const end = screen.getByLabelText('Bis') as HTMLSelectElement;
    // One month is too short (spec 5: 2 to 11 months).
    fireEvent.change(start, { target: { value: '5' } });
    fireEvent.change(end, { target: { value: '5' } });
    const message = await screen.findByText(/Die Saison muss mindestens 2 und höchstens 11 Monate dauern/);
    const region = message.closest('[role="alert"]') as HTMLElement;
    for (const select of [start, end]) {
      expect(select.getAttribute('aria-invalid')).toBe('true');
      expect(select.getAttribute('aria-describedby')?.split(' ')).toContain(region.id);
    }
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')?.split(' ')).not.toContain(region.id);
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(start);
    // A valid span clears the marks.
    fireEvent.change(end, { target: { value: '10' } });
    await vi.waitFor(() => expect(start.getAttribute('aria-invalid')).toBe('false'));
    expect(message.isConnected).toBe(false);
  });

  it('still focuses the text field when the text is wrong too', async () => {
    const { input } = setup({}, 'XX-0 1');
    fireEvent.change(screen.getByLabelText('Kennzeichen-Art'), { target: { value: 'season' } });
    fireEvent.change(await screen.findByLabelText('Bis'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(document.activeElement).toBe(input);
  });
});

describe('size', () => {
  it('marks the suggested size as Empfohlen and selects it', () => {
    setup({}, 'B-AB 123');
    const suggested = suggestSize('B-AB 123', 'standard');
    const badge = screen.getByText('Empfohlen');
    const option = badge.closest('label') as HTMLLabelElement;
    const radio = within(option).getByRole('radio') as HTMLInputElement;
    expect(radio.value).toBe(suggested);
    expect(radio.checked).toBe(true);
  });

  it('shows all 15 sizes, lets the shopper change the size, and keeps the badge on the suggestion', () => {
    setup({}, 'B-AB 123');
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(15);
    const other = radios.find((radio) => radio.value === '460x110') as HTMLInputElement;
    fireEvent.click(other);
    expect(other.checked).toBe(true);
    expect(screen.getByText('Empfohlen').closest('label')?.querySelector('input')?.value).toBe(
      suggestSize('B-AB 123', 'standard'),
    );
  });

  it('disables the sizes the product is not made in', () => {
    setup({ sizes: ['520x110'] }, 'B-AB 123');
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.filter((radio) => !radio.disabled).map((radio) => radio.value)).toEqual(['520x110']);
  });
});

describe('quantity, colour and price', () => {
  it('starts with a pair and never goes below 1', () => {
    setup();
    const quantity = screen.getByLabelText('Menge') as HTMLInputElement;
    expect(quantity.value).toBe('2');
    const less = screen.getByRole('button', { name: 'Ein Schild weniger' }) as HTMLButtonElement;
    fireEvent.click(less);
    expect(quantity.value).toBe('1');
    expect(less.disabled).toBe(true);
    fireEvent.change(quantity, { target: { value: '-5' } });
    expect(quantity.value).toBe('1');
  });

  it('offers the text colour only when Schriftfarbe has more than one value', () => {
    setup({ colours: ['Schwarz'] });
    expect(screen.queryByLabelText('Schriftfarbe')).toBeNull();
    cleanup();
    setup({ colours: ['Schwarz', 'Rot', 'Grün'] });
    const select = screen.getByLabelText('Schriftfarbe') as HTMLSelectElement;
    expect(Array.from(select.options, (option) => option.value)).toEqual(['Schwarz', 'Rot', 'Grün']);
  });

  it('shows the server price in German format with VAT included and shipping on top (PAngV)', () => {
    setup({ price: 12.9 });
    const price = document.querySelector('.price') as HTMLElement;
    expect(price.textContent).toBe(
      'Preis: 25,80\u00a0€ 2 × 12,90\u00a0€ je Stück, inkl. MwSt., zzgl. Versand',
    );
  });
});

describe('add to cart', () => {
  it('sends the matching variant, the quantity and the configuration, never a price', () => {
    const { onAdd } = setup({ colours: ['Schwarz', 'Rot'] }, 'b ab 123');
    fireEvent.change(screen.getByLabelText('Kennzeichen-Art'), { target: { value: 'E' } });
    fireEvent.change(screen.getByLabelText('Schriftfarbe'), { target: { value: 'Rot' } });
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    const body = onAdd.mock.calls[0]?.[0] as AddCartItemBody;
    const size = suggestSize('b ab 123', 'E');
    expect(body).toEqual({
      productUniqueId: `KFZ-001-${size}-E`,
      quantity: 2,
      addData: [
        {
          count: 2,
          info: {
            Alias: 'kfz-kennzeichen',
            Title: expect.any(String),
            Attributes: {
              Kennzeichen: 'B-AB 123',
              'Kennzeichen-Art': 'E-Kennzeichen',
              Kennzeichengröße: size,
              Schriftfarbe: 'Rot',
            },
          },
        },
      ],
    });
    expect(JSON.stringify(body)).not.toContain('12.9');
  });

  it('reports every change of the configuration', async () => {
    const { input, onChange } = setup();
    type(input, 'B-AB 1');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toMatchObject({
      text: 'B-AB 1',
      valid: true,
      quantity: 2,
      unitPrice: 12.9,
    });
  });
});
