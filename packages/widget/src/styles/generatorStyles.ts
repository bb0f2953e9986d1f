/** Layout of `<lp-plate-generator>`: one column from 320 px, preview beside the form from 720 px. */
export const generatorStyles = `
.generator { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
@container (min-width: 720px) { .generator { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
.root { container-type: inline-size; }
.preview { margin: 0 0 16px; padding: 12px; background: var(--lp-preview-background, #eef1f5);
  border-radius: var(--lp-radius, 8px); }
/* The box has the plate's proportions (aspect-ratio set inline from the size), so the picture fills it. */
.preview-box { margin: 0 auto; }
.preview-box svg { display: block; width: 100%; height: 100%; }
.plate-input { font-size: 1.375em; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; }
.row { display: flex; flex-wrap: wrap; gap: 12px; }
.row > * { flex: 1 1 170px; min-width: 0; }
.months > * { flex-basis: 110px; }
.sizes { display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(116px, 1fr)); margin: 0; padding: 0; }
.choice { position: relative; display: block; cursor: pointer; }
.choice input { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; }
.choice-body { display: flex; flex-direction: column; gap: 4px; height: 100%; padding: 8px;
  border: 1px solid var(--lp-border, #767676); border-radius: var(--lp-radius, 8px); background: #fff; }
.choice input:checked + .choice-body { border: 2px solid var(--lp-primary, #0b57a4); padding: 7px;
  background: var(--lp-selected-background, #e8f0fb); }
.choice input:disabled + .choice-body { opacity: 0.55; cursor: not-allowed; }
.choice-picture { display: flex; align-items: center; justify-content: center; height: 56px; }
.choice-name { font-weight: 600; font-size: 0.875em; }
.badge { align-self: flex-start; padding: 1px 8px; border-radius: 999px; font-size: 0.75em; font-weight: 700;
  background: var(--lp-badge-background, #1e6b34); color: var(--lp-badge-text, #fff); }
.stepper { display: inline-flex; align-items: stretch; }
.stepper .control { width: 72px; text-align: center; border-radius: 0; }
.step { min-width: 44px; min-height: 44px; border: 1px solid var(--lp-border, #767676); background: #fff;
  color: var(--lp-text, #1b1b1b); font-size: 1.25em; cursor: pointer; }
.step:first-child { border-radius: var(--lp-radius, 8px) 0 0 var(--lp-radius, 8px); }
.step:last-child { border-radius: 0 var(--lp-radius, 8px) var(--lp-radius, 8px) 0; }
.price { display: block; margin: 0 0 12px; }
.price-total { display: block; font-size: 1.5em; font-weight: 700; }
.price-detail { color: var(--lp-muted, #545454); font-size: 0.875em; }
.actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.confirmation { display: block; margin-top: 12px; padding: 12px; border-radius: var(--lp-radius, 8px);
  background: var(--lp-success-background, #e7f4ea); color: var(--lp-success, #14532d); }
.confirmation a { color: inherit; font-weight: 700; text-decoration: underline; }
.alert { display: block; margin-top: 12px; padding: 12px; border-radius: var(--lp-radius, 8px);
  background: var(--lp-error-background, #fdecea); color: var(--lp-error, #b3261e); }
.status:empty { display: none; }
`;
