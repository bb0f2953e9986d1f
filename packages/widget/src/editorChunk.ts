// `@lp/widget/editor`: the print editor (Konva) as its own chunk, loaded only when needed (DESIGN 4).
export { definePrintEditor, mountPrintEditor } from './editor/index';
export type { MountPrintEditorOptions, MountedPrintEditor } from './editor/index';
