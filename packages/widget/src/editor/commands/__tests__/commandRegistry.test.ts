import { describe, expect, it } from 'vitest';
import { commandForKey, getCommand, listCommands } from '../commandRegistry';

describe('command registry', () => {
  it('holds every command once with the German toolbar labels', () => {
    const names = listCommands().map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const labels = Object.fromEntries(listCommands().map((c) => [c.name, c.label]));
    expect(labels).toMatchObject({
      addText: 'Text',
      addSmile: 'Emoji',
      addIcon: 'Symbol',
      setBackground: 'Hintergrund',
      addImage: 'Bild',
      duplicate: 'Duplizieren',
      delete: 'Löschen',
      alignLeft: 'Links',
      alignCentre: 'Zentriert',
      alignRight: 'Rechts',
      bringForward: 'Nach vorne',
      sendBackward: 'Nach hinten',
      undo: 'Rückgängig',
      redo: 'Wiederholen',
    });
    expect(getCommand('nope')).toBeUndefined();
  });

  it('maps shortcuts: Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z redo, arrows, Delete, Escape, N', () => {
    expect(commandForKey({ key: 'z', ctrlKey: true })?.command.name).toBe('undo');
    expect(commandForKey({ key: 'z', metaKey: true })?.command.name).toBe('undo');
    expect(commandForKey({ key: 'Z', ctrlKey: true, shiftKey: true })?.command.name).toBe('redo');
    expect(commandForKey({ key: 'y', ctrlKey: true })?.command.name).toBe('redo');
    expect(commandForKey({ key: 'ArrowRight', shiftKey: true })).toMatchObject({
      command: { name: 'moveBy' },
      args: { dx: 100, dy: 0 },
    });
    expect(commandForKey({ key: 'ArrowUp', ctrlKey: true })?.command.name).toBe('bringForward');
    expect(commandForKey({ key: 'Delete' })?.command.name).toBe('delete');
    expect(commandForKey({ key: 'Escape' })?.command.name).toBe('deselect');
    expect(commandForKey({ key: 'd', ctrlKey: true })?.command.name).toBe('duplicate');
    expect(commandForKey({ key: 'N', shiftKey: true })?.args).toEqual({ step: -1 });
    expect(commandForKey({ key: 'q' })).toBeUndefined();
  });
});
