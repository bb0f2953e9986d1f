// lp-editor.js: the print editor (Konva) for the script-tag build, registered for lp-widget.js (DESIGN 4).
import { definePrintEditor } from './editor/index';
import { registerChunk } from './plates/loadChunk';

registerChunk('editor', { definePrintEditor });
