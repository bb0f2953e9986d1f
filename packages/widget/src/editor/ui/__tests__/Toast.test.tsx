// @vitest-environment jsdom
/** @jsxImportSource preact */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from '../Toast';

let host: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  host = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  render(null, host);
  host.remove();
  vi.useRealTimers();
});

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const show = (onClose: () => void) =>
  act(() => render(<Toast message="Die Datei ist leer." ms={10_000} onClose={onClose} />, host));

describe('the error toast (spec 8: 10 s)', () => {
  it('is an alert that closes itself after 10 s without taking focus', () => {
    const onClose = vi.fn();
    const before = document.activeElement;
    show(onClose);
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('Die Datei ist leer.');
    expect(document.activeElement).toBe(before);
    wait(9_900);
    expect(onClose).not.toHaveBeenCalled();
    wait(200);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('waits while focus is inside it or a mouse rests on it, and gives the full time again after (WCAG 2.2.1)', () => {
    const onClose = vi.fn();
    show(onClose);
    const toast = host.querySelector<HTMLElement>('.toast')!;
    act(() => {
      toast.querySelector('button')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    });
    wait(60_000);
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      toast.querySelector('button')!.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    wait(9_900);
    expect(onClose).not.toHaveBeenCalled();
    const pointer = (type: string, pointerType: string) => {
      const event = new MouseEvent(type) as MouseEvent & { pointerType: string };
      Object.defineProperty(event, 'pointerType', { value: pointerType });
      act(() => {
        toast.dispatchEvent(event);
      });
    };
    pointer('pointerenter', 'touch'); // a finger passing by does not hold it
    wait(200);
    expect(onClose).toHaveBeenCalledTimes(1);
    onClose.mockClear();
    show(onClose);
    pointer('pointerenter', 'mouse');
    wait(60_000);
    expect(onClose).not.toHaveBeenCalled();
    pointer('pointerleave', 'mouse');
    wait(10_100);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
