// lp-editor-photo.js: the print editor's photo code for the script-tag build, imported by lp-editor.js when a
// shopper picks a picture (build/editorPhotoChunk.mjs).
export { uploadPickedImage } from './editor/io/uploadPickedImage';
