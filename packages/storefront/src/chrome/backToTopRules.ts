/** spec 4/9: the back-to-top control appears after 1000 px; its scroll listener is attached after 3 s. */
export const BACK_TO_TOP_AFTER_PX = 1000;
export const BACK_TO_TOP_DELAY_MS = 3000;

export const shouldShowBackToTop = (scrollY: number): boolean => scrollY > BACK_TO_TOP_AFTER_PX;
