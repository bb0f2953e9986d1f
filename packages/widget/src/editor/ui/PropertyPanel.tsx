/** @jsxImportSource preact */
import { ICONS, isIconName } from '../icons/iconPaths';
import { FONT_FAMILIES, LIMITS } from '../model/constants';
import type { DesignItem } from '../model/designTypes';
import type { EditorState, EditorStore } from '../store/editorStore';
import { editorTexts as t } from './editorTexts';

interface PanelProps {
  store: EditorStore;
  state: EditorState;
  busy: boolean;
}

/** A short, plain-text description of an item for buttons and the live region (never HTML). */
export function describeItem(item: DesignItem): string {
  const kind = t.types[item.type];
  if (item.type === 'text') return `${kind} „${item.value.slice(0, 30)}“`;
  if (item.type === 'smile') return `${kind} ${item.value}`;
  if (item.type === 'icon') return `${kind} ${isIconName(item.value) ? ICONS[item.value].label : ''}`;
  return kind;
}

function numberInput(
  id: string,
  text: string,
  value: number,
  min: number,
  max: number,
  disabled: boolean,
  onValue: (n: number) => void,
) {
  return (
    <label class="prop" for={id}>
      <span>{text}</span>
      <input
        id={id}
        class="control"
        type="number"
        value={Math.round(value)}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(e) => {
          const n = e.currentTarget.valueAsNumber;
          if (Number.isFinite(n)) onValue(n);
        }}
      />
    </label>
  );
}

/** The list of items (keyboard and screen-reader way to select) and the fields of the active one. */
export function PropertyPanel({ store, state, busy }: PanelProps) {
  const items = state.doc.items.filter((i) => i.type !== 'bg');
  const active = items.find((i) => i.active);
  const style = (change: Record<string, unknown>) =>
    store.dispatch('updateStyle', { id: active?.id, ...change });
  const textLike = active?.type === 'text' || active?.type === 'smile';

  return (
    <div class="panel">
      <section class="items" aria-label={t.items}>
        <h3 class="label">{t.items}</h3>
        {items.length === 0 ? (
          <p class="hint">{t.noItems}</p>
        ) : (
          <ul>
            {items
              .slice()
              .reverse()
              .map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    class="item-button"
                    aria-pressed={item.active}
                    disabled={busy}
                    onClick={() => store.dispatch('select', { id: item.id })}
                  >
                    {describeItem(item)}
                  </button>
                </li>
              ))}
          </ul>
        )}
      </section>
      <section class="props" aria-label={t.properties}>
        <h3 class="label">{t.properties}</h3>
        {!active ? (
          <p class="hint">{t.noSelection}</p>
        ) : (
          <div class="prop-grid">
            {active.type === 'text' && (
              <label class="prop wide" for="lp-prop-text">
                <span>{t.text}</span>
                <input
                  id="lp-prop-text"
                  class="control"
                  type="text"
                  maxLength={LIMITS.maxTextLength}
                  value={active.value}
                  disabled={busy}
                  onInput={(e) => style({ value: e.currentTarget.value })}
                />
              </label>
            )}
            {active.type === 'text' && (
              <label class="prop" for="lp-prop-font">
                <span>{t.font}</span>
                <select
                  id="lp-prop-font"
                  class="control"
                  value={active.font_family}
                  disabled={busy}
                  onChange={(e) => style({ font_family: e.currentTarget.value })}
                >
                  {FONT_FAMILIES.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {textLike
              ? numberInput(
                  'lp-prop-size',
                  t.fontSize,
                  active.font_size,
                  LIMITS.minFontSize,
                  LIMITS.maxFontSize,
                  busy,
                  (n) => style({ font_size: n }),
                )
              : numberInput(
                  'lp-prop-size',
                  t.size,
                  active.height,
                  LIMITS.minHeight,
                  LIMITS.maxHeight,
                  busy,
                  (n) => store.dispatch('resize', { id: active.id, height: n }),
                )}
            {active.type === 'text' &&
              numberInput(
                'lp-prop-spacing',
                t.letterSpacing,
                active.letter_spacing,
                -LIMITS.maxLetterSpacing,
                LIMITS.maxLetterSpacing,
                busy,
                (n) => style({ letter_spacing: n }),
              )}
            {(active.type === 'text' || active.type === 'icon') && (
              <label class="prop" for="lp-prop-colour">
                <span>{t.colour}</span>
                <input
                  id="lp-prop-colour"
                  class="control colour"
                  type="color"
                  value={active.color}
                  disabled={busy}
                  onChange={(e) => style({ color: e.currentTarget.value })}
                />
              </label>
            )}
            {numberInput('lp-prop-rotation', t.rotation, active.rotation, -180, 180, busy, (n) =>
              store.dispatch('rotate', { id: active.id, rotation: n }),
            )}
          </div>
        )}
      </section>
    </div>
  );
}
