/**
 * CSS shared by every widget element. Host-page CSS cannot reach inside the shadow root, but inherited
 * properties (font, colour, letter-spacing ...) flow in through the host, and `!important` page rules win on the
 * host itself. So the host only gets `display` (important, which beats the page's important rules for the
 * host), and the root wrapper resets everything with `all: initial` before setting the theme: nothing of the
 * page's typography is inherited. Theming goes through `--lp-*` custom properties (which `all` leaves alone) and
 * `::part()`.
 */
export const baseStyles = `
:host { display: block !important; }
:host([hidden]) { display: none !important; }
.root {
  all: initial;
  display: block;
  box-sizing: border-box;
  min-width: 0;
  max-width: 100%;
  font-family: var(--lp-font, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif);
  font-size: var(--lp-font-size, medium);
  line-height: 1.4;
  color: var(--lp-text, #1b1b1b);
  background: var(--lp-background, #fff);
  border-radius: var(--lp-radius, 8px);
  padding: var(--lp-padding, 16px);
  /* German only (lang="de"): on a right-to-left page (dir="rtl" is inherited into the shadow root, and "all" leaves
     direction alone) the sizes and prices would read "mm 110 × 520" and "€ 25,80". Text starts at the left: "all"
     gives text-align its initial value, start. */
  direction: ltr;
  /* The text follows the browser's default size (medium): long German words must still wrap at 320 px. */
  overflow-wrap: anywhere;
}
.root *, .root *::before, .root *::after { box-sizing: border-box; }
/* Form controls take their font and colour from the browser's own styles, not from their parent. Letter spacing and
   case need no reset: .root starts from initial values and the browser's control styles say normal / none. */
.root :where(button, input, select, a, label, fieldset, legend, output, p, span, div, svg) {
  font: inherit; color: inherit;
}
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.label { display: block; font-weight: 600; margin: 0 0 4px; }
.hint { display: block; color: var(--lp-muted, #545454); font-size: 0.875em; margin-top: 4px; }
.field { display: block; margin: 0 0 16px; border: 0; padding: 0; min-width: 0; }
.control {
  display: block; width: 100%; min-height: 44px; padding: 8px 12px;
  border: 1px solid var(--lp-border, #767676); border-radius: var(--lp-radius, 8px);
  background: var(--lp-input-background, #fff); color: var(--lp-text, #1b1b1b);
}
.control::placeholder { color: var(--lp-muted, #545454); opacity: 1; text-transform: none; letter-spacing: normal; font-weight: 400; }
.control[aria-invalid="true"] { border-color: var(--lp-error, #b3261e); }
:is(button, input, select, a):focus-visible, .choice input:focus-visible + .choice-body {
  outline: 3px solid var(--lp-focus, #1a56db); outline-offset: 2px;
}
.button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  /* A transparent border is invisible here and drawn as the button's frame in forced colours. */
  min-height: 44px; padding: 9px 20px; border: 1px solid #0000; border-radius: var(--lp-radius, 8px);
  background: var(--lp-primary, #0b57a4); color: var(--lp-primary-text, #fff);
  font-weight: 700; cursor: pointer; text-decoration: none;
}
.button:hover { background: var(--lp-primary-hover, #084482); }
.button[aria-disabled="true"] { opacity: 0.7; cursor: progress; }
.error { display: block; color: var(--lp-error, #b3261e); font-size: 0.875em; margin: 4px 0 0; }
.warning { display: block; color: var(--lp-warning, #7a4b00); font-size: 0.875em; margin: 4px 0 0; }
.error:empty, .warning:empty { display: none; }
/* Forced colours drop the selected backgrounds: the chosen banner type and size take the system highlight
   (important: the normal selected rules are more specific). Not adjusted further: Chromium's backplate behind
   text, in the theme's background, covered the highlighted words (a black bar in dark themes). */
@media (forced-colors: active) { :checked + * { forced-color-adjust: none; background: Highlight !important; color: HighlightText !important; } }
`;
