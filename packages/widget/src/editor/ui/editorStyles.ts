/** CSS of `<lp-print-editor>` (on top of the widget's base styles); themable through `--lp-*` properties. */
export const editorStyles = `
.editor { position: relative; }
.title { font-size: 1.25em; font-weight: 700; margin: 0 0 12px; }
.toolbar { display: flex; flex-wrap: wrap; gap: 8px 16px; margin: 0 0 12px; }
.group { display: flex; flex-wrap: wrap; gap: 4px; }
.tool {
  min-height: 40px; padding: 6px 12px; border: 1px solid var(--lp-border, #767676); border-radius: 6px;
  background: var(--lp-input-background, #ffffff); cursor: pointer; display: inline-flex; align-items: center; gap: 6px;
}
.tool:disabled { opacity: 0.5; cursor: not-allowed; }
.tool:hover:not(:disabled) { background: #eef4fb; }
.colour-tool input { width: 28px; height: 24px; padding: 0; border: 0; background: none; cursor: pointer; }
.popover-anchor { position: relative; display: inline-block; }
.picker {
  position: absolute; z-index: 5; top: calc(100% + 4px); left: 0; display: grid;
  grid-template-columns: repeat(6, 44px); gap: 4px; padding: 8px; background: #ffffff;
  border: 1px solid var(--lp-border, #767676); border-radius: 8px; box-shadow: 0 6px 20px rgba(0, 0, 0, 0.18);
}
.is-mobile .picker { position: fixed; top: auto; bottom: 16px; left: 16px; right: 16px; grid-template-columns: repeat(auto-fill, 44px); }
.pick { width: 44px; height: 44px; border: 1px solid transparent; border-radius: 6px; background: none; cursor: pointer; }
.pick:hover { border-color: var(--lp-border, #767676); }
.pick.emoji { font-size: 24px; line-height: 1; }
.holder {
  background: var(--lp-holder, #2b2b2b); border-radius: 14px; padding: 18px 14px; margin: 0 0 12px;
  box-shadow: inset 0 0 0 3px #444444, 0 2px 6px rgba(0, 0, 0, 0.25);
}
.stage { width: 100%; min-width: 0; line-height: 0; outline-offset: 4px; touch-action: none; }
.holder .hint { color: #d0d0d0; margin: 10px 0 0; }
.touch-help { display: none; }
@media (pointer: coarse), (hover: none) {
  .keys-help { display: none; }
  .touch-help { display: inline; }
}
.view-bar { display: flex; align-items: center; gap: 4px; margin: -4px 0 12px; }
.tool.zoom { min-width: 44px; min-height: 44px; justify-content: center; font-size: 1.25em; }
.pan { flex: 1; display: flex; }
.pan input { width: 100%; min-height: 44px; margin: 0 8px; }
.is-mobile .canvas-area {
  position: sticky; top: var(--lp-editor-sticky-top, 0px); z-index: 3; background: var(--lp-background, #ffffff); padding-top: 4px;
}
.is-mobile .holder { padding: 10px 8px; margin-bottom: 8px; }
.is-mobile .holder .hint { margin-top: 6px; font-size: 0.875em; }
.panel { display: grid; grid-template-columns: minmax(180px, 1fr) 2fr; gap: 16px; }
.is-mobile .panel { grid-template-columns: 1fr; }
.is-mobile .tool { min-height: 44px; padding: 6px 10px; }
.items ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; max-height: 180px; overflow: auto; }
.item-button {
  width: 100%; text-align: start; padding: 6px 10px; border: 1px solid var(--lp-border, #767676);
  border-radius: 6px; background: #ffffff; cursor: pointer; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.item-button[aria-pressed="true"] { background: #dbeafe; border-color: #1a56db; font-weight: 600; }
.prop-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px 12px; }
.prop { display: grid; gap: 4px; }
.prop.wide { grid-column: 1 / -1; }
.control.colour { padding: 2px; height: 44px; }
.price { margin: 16px 0 0; }
.actions { display: flex; justify-content: space-between; gap: 8px; margin-top: 12px; flex-wrap: wrap; }
.button.secondary { background: #ffffff; color: var(--lp-text, #1b1b1b); border: 1px solid var(--lp-border, #767676); }
.button.secondary:hover { background: #f1f1f1; }
.status, .refusal { margin: 8px 0 0; }
.status:empty { margin: 0; }
.toast {
  position: fixed; top: 16px; right: 16px; z-index: 1000; display: flex; gap: 12px; align-items: start;
  max-width: min(420px, calc(100vw - 32px)); padding: 12px 16px; border-radius: 8px;
  background: var(--lp-error, #b3261e); color: #ffffff; box-shadow: 0 6px 20px rgba(0, 0, 0, 0.25);
}
.toast-close {
  border: 0; background: none; color: inherit; font-size: 20px; line-height: 1; cursor: pointer;
  min-width: 44px; min-height: 44px; margin: -12px -16px -12px 0;
}
/* On a phone the toast lies over the toolbar: taps on it reach the control below (and close it, PrintEditor). */
.is-mobile .toast { pointer-events: none; }
.is-mobile .toast-close { pointer-events: auto; }
`;
