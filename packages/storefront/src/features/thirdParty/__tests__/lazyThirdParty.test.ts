import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_THROTTLE_MS, createLazyThirdParty } from '../lazyThirdParty';
import { SHOP_THIRD_PARTIES, markLoaded } from '../shopThirdParties';

/** A frame (fake timers run animation frames every 16 ms) and the task after it. */
const AFTER_PAINT_MS = 17;

function setup() {
  const target = new EventTarget() as unknown as Window;
  const errors: string[] = [];
  const lazy = createLazyThirdParty({ target, onError: (_error, name) => errors.push(name) });
  const loads = { emoji: vi.fn(), reviews: vi.fn() };
  lazy.register({ name: 'emoji-picker', consent: 'none', load: loads.emoji });
  lazy.register({ name: 'reviews-widget', consent: 'marketing', load: loads.reviews });
  lazy.start();
  const fire = (type: string) => target.dispatchEvent(new Event(type));
  return { lazy, loads, fire, errors };
}

describe('lazy third parties (spec 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads nothing before an interaction', () => {
    const { loads, lazy } = setup();
    vi.advanceTimersByTime(10_000);
    expect(loads.emoji).not.toHaveBeenCalled();
    expect(lazy.loaded()).toEqual([]);
  });

  it('a scroll triggers after the 300 ms throttle, once, however many scroll events come', () => {
    const { loads, fire } = setup();
    fire('scroll');
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS - 1);
    for (let i = 0; i < 50; i++) fire('scroll');
    expect(loads.emoji).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(loads.emoji).toHaveBeenCalledTimes(1);
    fire('scroll');
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS * 3);
    expect(loads.emoji).toHaveBeenCalledTimes(1);
  });

  it.each(['click', 'mousemove'])('a %s triggers at once, and only once', (type) => {
    const { loads, fire } = setup();
    fire(type);
    vi.advanceTimersByTime(AFTER_PAINT_MS);
    expect(loads.emoji).toHaveBeenCalledTimes(1);
    fire(type);
    fire('click');
    fire('scroll');
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS);
    expect(loads.emoji).toHaveBeenCalledTimes(1);
  });

  it('the tap that triggers does not wait for the loaders: they start after its next paint', () => {
    const { loads, fire } = setup();
    // A phone's tap: its handlers and the paint that answers it come first (INP); the loaders' requests after.
    fire('mousemove');
    fire('click');
    expect(loads.emoji).not.toHaveBeenCalled();
    // The frame that paints the tap's answer comes first, the loaders in a task after it.
    vi.advanceTimersToNextFrame();
    expect(loads.emoji).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(loads.emoji).toHaveBeenCalledTimes(1);
  });

  it('stop() between the click and the task after it loads nothing', () => {
    const { loads, fire, lazy } = setup();
    fire('click');
    lazy.stop();
    vi.advanceTimersByTime(1000);
    fire('click');
    vi.advanceTimersByTime(1000);
    expect(loads.emoji).not.toHaveBeenCalled();
  });

  it('nothing that needs consent loads before consent; it loads once consent arrives', () => {
    const { loads, fire, lazy } = setup();
    fire('click');
    vi.advanceTimersByTime(AFTER_PAINT_MS);
    expect(loads.reviews).not.toHaveBeenCalled();
    lazy.setConsent({ statistics: true, marketing: false });
    expect(loads.reviews).not.toHaveBeenCalled();
    lazy.setConsent({ statistics: true, marketing: true });
    expect(loads.reviews).toHaveBeenCalledTimes(1);
    lazy.setConsent({ statistics: true, marketing: true });
    expect(loads.reviews).toHaveBeenCalledTimes(1);
    expect(lazy.loaded()).toEqual(['emoji-picker', 'reviews-widget']);
  });

  it('consent alone (without interaction) loads nothing', () => {
    const { loads, lazy } = setup();
    lazy.setConsent({ statistics: true, marketing: true });
    expect(loads.reviews).not.toHaveBeenCalled();
  });

  it('a failing loader (sync or async) is reported and does not stop the others', async () => {
    const target = new EventTarget() as unknown as Window;
    const errors: string[] = [];
    const lazy = createLazyThirdParty({ target, onError: (_e, name) => errors.push(name) });
    const ok = vi.fn();
    lazy.register({
      name: 'bad',
      consent: 'none',
      load: () => {
        throw new Error('x');
      },
    });
    lazy.register({ name: 'bad-async', consent: 'none', load: () => Promise.reject(new Error('y')) });
    lazy.register({ name: 'good', consent: 'none', load: ok });
    lazy.register({ name: 'good', consent: 'none', load: vi.fn() }); // duplicate name ignored
    lazy.start();
    target.dispatchEvent(new Event('mousemove'));
    await vi.runAllTimersAsync();
    expect(ok).toHaveBeenCalledTimes(1);
    expect(errors.sort()).toEqual(['bad', 'bad-async']);
  });

  it('stop() removes the listeners and the pending scroll timer', () => {
    const { loads, fire, lazy } = setup();
    fire('scroll');
    lazy.stop();
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS * 2);
    fire('click');
    expect(loads.emoji).not.toHaveBeenCalled();
  });

  it("the shop registers the spec's third parties; only the reviews widget waits for marketing consent", () => {
    expect(SHOP_THIRD_PARTIES.map((loader) => [loader.name, loader.consent])).toEqual([
      ['editor-tools', 'none'],
      ['payment-buttons', 'none'],
      ['photo-gallery', 'none'],
      ['reviews-widget', 'marketing'],
    ]);
    const root = document.createElement('html');
    markLoaded('photo-gallery', root);
    markLoaded('photo-gallery', root);
    markLoaded('reviews-widget', root);
    expect(root.dataset.thirdParties).toBe('photo-gallery reviews-widget');
  });
});
