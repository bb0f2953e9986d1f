import { defineCommand, isMod } from './commandTypes';

/**
 * Undo and redo live in the registry so toolbar and keyboard find them like any other command; their
 * `perform` is the identity because the editor store applies them to its history, not to the document.
 */
export const undo = defineCommand<undefined>({
  name: 'undo',
  label: 'Rückgängig',
  history: false,
  keyTest: (e) => isMod(e) && !e.shiftKey && e.key.toLowerCase() === 'z',
  perform: (doc) => doc,
});

export const redo = defineCommand<undefined>({
  name: 'redo',
  label: 'Wiederholen',
  history: false,
  keyTest: (e) => isMod(e) && ((e.shiftKey && e.key.toLowerCase() === 'z') || e.key.toLowerCase() === 'y'),
  perform: (doc) => doc,
});
