import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_LINE_QUANTITY, clampToMinimum } from '../../product/quantity';
import { QuantityStepper } from '../QuantityStepper';

describe('quantity cap (the API takes at most 999 per line)', () => {
  it('clamps product-page quantities to 999 and to the minimum, whatever is typed', () => {
    expect(MAX_LINE_QUANTITY).toBe(999);
    expect(clampToMinimum('1000', 1)).toBe(999);
    expect(clampToMinimum('99999999999', 1)).toBe(999);
    expect(clampToMinimum('5', 10)).toBe(10);
    expect(clampToMinimum('abc', 2)).toBe(2);
    expect(clampToMinimum(12, 5000)).toBe(999);
  });

  it('the cart stepper commits at most 999 and cannot step above it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<QuantityStepper value={5} min={1} label="Funschild" onChange={onChange} />);
    const input = screen.getByLabelText('Menge Funschild');
    expect(input.getAttribute('max')).toBe('999');
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(999);
    rerender(<QuantityStepper value={999} min={1} label="Funschild" onChange={onChange} />);
    onChange.mockClear();
    const plus = screen.getByRole('button', { name: 'Funschild: Menge erhöhen' });
    // aria-disabled, so keyboard focus stays on it (QuantityStepper); a press changes nothing.
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(plus);
    expect(onChange).not.toHaveBeenCalled();
  });
});
