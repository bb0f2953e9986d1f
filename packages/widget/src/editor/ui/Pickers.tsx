/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ICON_NAMES, ICONS, type IconName } from '../icons/iconPaths';
import { editorTexts } from './editorTexts';

interface PickerProps<T> {
  onPick(value: T): void;
  onClose(): void;
  /** Focus went elsewhere (Tab, a click on another control): the picker closes and focus stays where it went. */
  onLeave(): void;
}

/**
 * The popover around a picker: a dialog that moves focus to its first button once the buttons exist (keyboard
 * users land on the first choice), closes with Escape, and closes when focus leaves it, so an open picker is never
 * left behind the control a keyboard user moved on to.
 */
function PickerDialog(props: {
  label: string;
  ready: boolean;
  onClose(): void;
  onLeave(): void;
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.ready) ref.current?.querySelector('button')?.focus();
  }, [props.ready]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    props.onClose();
  };
  return (
    <div
      ref={ref}
      class="picker"
      role="dialog"
      aria-label={props.label}
      onKeyDown={onKeyDown}
      onFocusOut={(event) => {
        // Only a move to another control: a click on the dialog's own padding has no target to go to.
        const next = event.relatedTarget as Node | null;
        if (next && !ref.current?.contains(next)) props.onLeave();
      }}
    >
      {props.children}
    </div>
  );
}

/** Emoji grid; the emoji list is its own module, fetched when the picker first opens (spec 4: lazy picker). */
export function EmojiPicker({ onPick, onClose, onLeave }: PickerProps<string>) {
  const [emojis, setEmojis] = useState<readonly { char: string; label: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    void import('./emojiSet').then((m) => live && setEmojis(m.EMOJIS));
    return () => {
      live = false;
    };
  }, []);
  return (
    <PickerDialog label={editorTexts.emojiPicker} ready={emojis !== null} onClose={onClose} onLeave={onLeave}>
      {emojis === null ? (
        <span class="hint">…</span>
      ) : (
        emojis.map((emoji) => (
          <button
            key={emoji.char}
            type="button"
            class="pick emoji"
            aria-label={emoji.label}
            title={emoji.label}
            onClick={() => onPick(emoji.char)}
          >
            {emoji.char}
          </button>
        ))
      )}
    </PickerDialog>
  );
}

/** The 12 built-in dealer icons, previewed from the same path data the canvas draws. */
export function IconPicker({ onPick, onClose, onLeave }: PickerProps<IconName>) {
  return (
    <PickerDialog label={editorTexts.iconPicker} ready onClose={onClose} onLeave={onLeave}>
      {ICON_NAMES.map((name) => (
        <button
          key={name}
          type="button"
          class="pick"
          aria-label={ICONS[name].label}
          title={ICONS[name].label}
          onClick={() => onPick(name)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d={ICONS[name].path} fill="currentColor" />
          </svg>
        </button>
      ))}
    </PickerDialog>
  );
}
