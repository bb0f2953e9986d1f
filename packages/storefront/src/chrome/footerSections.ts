/**
 * spec 2: the footer's collapsible sections and their initial states. The spec names five states (information
 * open, categories closed, influencers open, posts closed, further links closed) for the sections Information,
 * Produkte, Weitere Links, Warum wir "plus one more". Mapping (docs/reference/storefront.md): categories ->
 * Produkte, influencers -> Warum wir (the shop's voice), posts -> Aus dem Blog (the one more).
 */
export const FOOTER_SECTIONS = [
  { id: 'information', title: 'Information', initiallyOpen: true },
  { id: 'products', title: 'Produkte', initiallyOpen: false },
  { id: 'links', title: 'Weitere Links', initiallyOpen: false },
  { id: 'why', title: 'Warum wir', initiallyOpen: true },
  { id: 'posts', title: 'Aus dem Blog', initiallyOpen: false },
] as const;

export type FooterSectionId = (typeof FOOTER_SECTIONS)[number]['id'];

export const initialFooterState = (): Record<FooterSectionId, boolean> =>
  Object.fromEntries(FOOTER_SECTIONS.map((section) => [section.id, section.initiallyOpen])) as Record<
    FooterSectionId,
    boolean
  >;
