// @vitest-environment jsdom
/** @jsxImportSource preact */
// What a screen reader gets as the plate text field's description (accessible description, computed by
// @testing-library's dom-accessibility-api as browsers do): each rule message a sentence of its own, also where
// the messages are laid out inline (a dealer's `lp-plate-generator::part(error) { display: inline }`), where the
// paragraphs' boundaries no longer separate them.
import * as plates from '@lp/sdk/plates';
import { validatePlate } from '@lp/sdk/plates';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorForm } from '../GeneratorForm';
import { plateProduct } from './productFixture';

afterEach(cleanup);

const HINT = 'z. B. B-AB 123';

function typePlate(text: string, inlineMessages: boolean) {
  const { container } = render(
    <GeneratorForm plates={plates} product={plateProduct()} initial={{}} onAdd={vi.fn()} />,
  );
  if (inlineMessages) {
    const theme = document.createElement('style');
    theme.textContent = '.error, .warning { display: inline }';
    container.append(theme);
  }
  const input = screen.getByLabelText('Kennzeichen') as HTMLInputElement;
  fireEvent.input(input, { target: { value: text } });
  return validatePlate({ text, kind: 'standard', size: '520x110' });
}

const description = () =>
  new Promise<string>((resolve) =>
    screen.getByRole('textbox', {
      name: 'Kennzeichen',
      description: (text) => {
        resolve(text);
        return true;
      },
    }),
  );

describe('the plate text field’s description', () => {
  it.each([false, true])('reads two messages as two sentences (messages inline: %s)', async (inline) => {
    const { errors } = typePlate('B-ÄB 01', inline);
    expect(errors.map((issue) => issue.message)).toEqual([
      'Die Buchstaben der Erkennungsnummer dürfen keine Umlaute enthalten.',
      'Die Erkennungsnummer darf nicht mit 0 beginnen.',
    ]);
    expect(await description()).toBe(`${HINT} ${errors.map((issue) => issue.message).join(' ')}`);
  });

  it('reads two warnings as two sentences (messages inline)', async () => {
    const { errors, warnings } = typePlate('N-SD 1', true);
    expect(errors).toEqual([]);
    expect(warnings).toHaveLength(2);
    expect(await description()).toBe(`${HINT} ${warnings.map((issue) => issue.message).join(' ')}`);
  });
});
