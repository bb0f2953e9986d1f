import { useEffect, useState } from 'react';
import { Icon } from '../icons/Icon';
import { BACK_TO_TOP_DELAY_MS, shouldShowBackToTop } from './backToTopRules';

/** spec 2/4: back-to-top control; listens to scrolling only from 3 s after mounting (keeps start-up cheap). */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(shouldShowBackToTop(window.scrollY));
    const timer = setTimeout(() => {
      window.addEventListener('scroll', onScroll, { passive: true });
      onScroll();
    }, BACK_TO_TOP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label="Nach oben"
      onClick={() =>
        window.scrollTo({
          top: 0,
          // WCAG 2.3.3: no smooth scrolling for shoppers who ask for less motion.
          behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
        })
      }
    >
      <Icon name="arrow-up" />
    </button>
  );
}
