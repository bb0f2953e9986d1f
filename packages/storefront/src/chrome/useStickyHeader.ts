import { type RefObject, useEffect, useState } from 'react';
import { INITIAL_STICKY, type StickyState, nextStickyState, stickyThreshold } from './stickyHeader';

/** Applies the sticky rules (stickyHeader.ts) to window scrolling; the header element gives the threshold. */
export function useStickyHeader(header: RefObject<HTMLElement | null>): StickyState {
  const [state, setState] = useState(INITIAL_STICKY);
  useEffect(() => {
    let bottom = 0;
    const measure = () => {
      const element = header.current;
      // Measured while static, so the threshold is the header's own bottom edge in the page.
      if (element && !element.classList.contains('is-sticky'))
        bottom = element.offsetTop + element.offsetHeight;
    };
    measure();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setState((prev) => nextStickyState(prev, window.scrollY, stickyThreshold(window.innerWidth, bottom))),
      );
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', measure);
    };
  }, [header]);
  return state;
}
