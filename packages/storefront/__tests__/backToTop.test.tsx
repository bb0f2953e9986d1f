import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from '../src/chrome/BackToTop';
import { shouldShowBackToTop } from '../src/chrome/backToTopRules';
import { renderWithShop } from './renderWithShop';

const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
};

describe('back to top (spec 4/9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    vi.useRealTimers();
    scrollTo(0);
  });

  it('appears only after 1000 px', () => {
    expect(shouldShowBackToTop(1000)).toBe(false);
    expect(shouldShowBackToTop(1001)).toBe(true);
  });

  it('ignores scrolling during the first 3 s, then shows past 1000 px and scrolls to the top', () => {
    renderWithShop(<BackToTop />);
    scrollTo(1500);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('button', { name: 'Nach oben' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const button = screen.getByRole('button', { name: 'Nach oben' });
    fireEvent.click(button);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    act(() => scrollTo(400));
    expect(screen.queryByRole('button', { name: 'Nach oben' })).toBeNull();
  });

  it('jumps instead of gliding for shoppers who ask for reduced motion', () => {
    window.matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
    })) as unknown as typeof window.matchMedia;
    try {
      renderWithShop(<BackToTop />);
      scrollTo(1500);
      act(() => vi.advanceTimersByTime(3000));
      fireEvent.click(screen.getByRole('button', { name: 'Nach oben' }));
      expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });
});
