/** `<lp-banner-configurator>`: a compact strip; input, type toggle and button wrap below 560 px. */
export const bannerStyles = `
.root { container-type: inline-size; background: var(--lp-banner-background, #0b2540); color: var(--lp-banner-text, #fff); }
.banner { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; }
.heading { flex: 1 1 100%; margin: 0; font-size: 1.25em; font-weight: 700; }
.banner-field { flex: 1 1 200px; min-width: 0; }
.plate-input { font-size: 1.25em; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em;
  border: 3px solid #111; background: #fff; color: #111; }
.types { display: inline-flex; border: 0; margin: 0; padding: 0; min-width: 0; flex-wrap: wrap; }
.types legend { padding: 0; margin: 0 0 4px; font-weight: 600; }
.type { position: relative; }
.type input { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
.type span { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; justify-content: center;
  padding: 8px 12px; border: 1px solid currentColor; cursor: pointer; }
.type:first-of-type span { border-radius: var(--lp-radius, 8px) 0 0 var(--lp-radius, 8px); }
.type:last-of-type span { border-radius: 0 var(--lp-radius, 8px) var(--lp-radius, 8px) 0; }
.type input:checked + span { background: #fff; color: #0b2540; font-weight: 700; }
.type input:focus-visible + span { outline: 3px solid var(--lp-focus-on-dark, #ffd24d); outline-offset: 2px; }
.banner .button { background: var(--lp-cta, #ffd24d); color: var(--lp-cta-text, #111); }
.banner .button:hover { background: var(--lp-cta-hover, #f2c12e); }
.banner :is(button, input, a):focus-visible { outline-color: var(--lp-focus-on-dark, #ffd24d); }
`;
