import { defineElement } from '../elements/defineElement';
import { baseStyles } from '../styles/baseStyles';
import { PrintEditor } from './ui/PrintEditor';
import { editorStyles } from './ui/editorStyles';

export const PRINT_EDITOR_TAG = 'lp-print-editor';

/** Observed attributes of `<lp-print-editor>` (docs/reference/print-editor.md). */
export const PRINT_EDITOR_ATTRIBUTES = [
  'api',
  'company',
  'product',
  'font-url',
  'shop-url',
  'dealer',
] as const;

/**
 * Defines `<lp-print-editor>`; a second call is a no-op. The widget's script-tag build loads this chunk lazily.
 *
 * @example
 * definePrintEditor();
 * document.body.append(Object.assign(document.createElement('lp-print-editor'), { api: 'https://api.example.de' }));
 */
export function definePrintEditor(): CustomElementConstructor | undefined {
  return defineElement(PRINT_EDITOR_TAG, PrintEditor, {
    attributes: PRINT_EDITOR_ATTRIBUTES,
    properties: ['sdk'],
    styles: [baseStyles, editorStyles],
  });
}
