/** @jsxImportSource preact */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { getCommand } from '../commands/commandRegistry';
import { DEFAULT_BACKGROUND } from '../model/constants';
import type { EditorState, EditorStore } from '../store/editorStore';
import { editorTexts } from './editorTexts';
import { EmojiPicker, IconPicker } from './Pickers';

interface ToolbarProps {
  store: EditorStore;
  state: EditorState;
  busy: boolean;
  onImage(file: File): void;
}

const label = (name: string) => getCommand(name)?.label ?? name;

/** Buttons for every registered command with a label (CONVENTIONS: the toolbar reads the registry). */
export function Toolbar({ store, state, busy, onImage }: ToolbarProps) {
  const [open, setOpen] = useState<'emoji' | 'icon' | null>(null);
  const file = useRef<HTMLInputElement>(null);
  /** The last button pressed, until focus is known to be somewhere sensible after the change it made. */
  const pressed = useRef<HTMLButtonElement | null>(null);
  const anchors = useRef<Partial<Record<'emoji' | 'icon', HTMLButtonElement | null>>>({});
  // A button that disables itself (Löschen on the only item, Rückgängig at the start, Bild while uploading)
  // drops keyboard focus to the page, and Tab starts over at its top. Focus goes back to the button once it works
  // again (after the upload), else to the print area, where the keys go on working.
  useEffect(() => {
    const button = pressed.current;
    if (!button) return;
    const root = button.getRootNode() as ShadowRoot | Document;
    const at = root.activeElement;
    // Lost means on the disabled button or on <body>; focus the shopper put elsewhere on the page stays there.
    const page = document.activeElement;
    if (at !== button && (at || (page && page !== document.body))) pressed.current = null;
    else if (busy) return;
    else if (button.disabled) {
      pressed.current = null;
      root.querySelector<HTMLElement>('.stage')?.focus();
    } else if (at !== button) {
      pressed.current = null;
      button.focus();
    }
    // Still focused and enabled: a render that came before the change (the live region's, say) is no reason to stop
    // watching; the render that disables the button is still to come.
  });
  const hasActive = state.doc.items.some((i) => i.active);
  const bg = state.doc.items.find((i) => i.type === 'bg')?.color ?? DEFAULT_BACKGROUND;
  const run = (name: string, args?: unknown) => () => store.dispatch(name, args);
  const button = (name: string, enabled = true, onClick: () => unknown = run(name)) => (
    <button
      type="button"
      class="tool"
      data-command={name}
      disabled={busy || !enabled}
      onClick={(event) => {
        pressed.current = event.currentTarget;
        onClick();
      }}
    >
      {label(name)}
    </button>
  );
  // Closing a picker (Escape or a choice) puts focus back on the tool that opened it.
  const close = () => {
    if (open) anchors.current[open]?.focus();
    setOpen(null);
  };
  const pick = (command: string) => (value: unknown) => {
    close();
    store.dispatch(command, { value });
  };
  // A tool that opens a picker beside it (emoji, icon).
  const popover = (which: 'emoji' | 'icon', command: string, picker: JSX.Element) => (
    <span class="popover-anchor">
      <button
        type="button"
        class="tool"
        data-command={command}
        aria-expanded={open === which}
        aria-haspopup="dialog"
        ref={(element) => {
          anchors.current[which] = element;
        }}
        disabled={busy}
        onClick={() => setOpen(open === which ? null : which)}
      >
        {label(command)}
      </button>
      {open === which && picker}
    </span>
  );

  return (
    <div class="toolbar" role="toolbar" aria-label="Werkzeuge">
      <div class="group">
        {button('addText')}
        {popover(
          'emoji',
          'addSmile',
          <EmojiPicker onClose={close} onLeave={() => setOpen(null)} onPick={pick('addSmile')} />,
        )}
        {popover(
          'icon',
          'addIcon',
          <IconPicker onClose={close} onLeave={() => setOpen(null)} onPick={pick('addIcon')} />,
        )}
        <label class="tool colour-tool">
          {label('setBackground')}
          <input
            type="color"
            data-command="setBackground"
            aria-label={editorTexts.background}
            value={bg}
            disabled={busy}
            onChange={(e) => store.dispatch('setBackground', { color: e.currentTarget.value })}
          />
        </label>
        {button('addImage', true, () => file.current?.click())}
        <input
          ref={file}
          type="file"
          class="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          // No HEIC type on purpose: then iOS Safari hands over a JPEG of an iPhone photo.
          accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
          onChange={(e) => {
            const input = e.currentTarget;
            const picked = input.files?.[0];
            input.value = '';
            // The upload disables "Bild" (and drops its focus): the effect above gives it back afterwards.
            pressed.current = (input.getRootNode() as ParentNode).querySelector('[data-command="addImage"]');
            if (picked) onImage(picked);
          }}
        />
      </div>
      <div class="group">
        {button('duplicate', hasActive)}
        {button('delete', hasActive)}
      </div>
      <div class="group">
        {button('alignLeft', hasActive)}
        {button('alignCentre', hasActive)}
        {button('alignRight', hasActive)}
      </div>
      <div class="group">
        {button('bringForward', hasActive)}
        {button('sendBackward', hasActive)}
      </div>
      <div class="group">
        {button('undo', state.past.length > 0)}
        {button('redo', state.future.length > 0)}
      </div>
    </div>
  );
}
