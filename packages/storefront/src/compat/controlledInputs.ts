// React's controlled inputs, restored on top of preact/compat (imported for its effect by ./react).
//
// React puts a controlled field back to its rendered value after every input or change event: a quantity field
// that clamps "0" to the minimum shows the minimum again even when the state did not change. Preact 10 only writes
// `value` when a render changes it, so the field would keep showing "0" while the cart gets the minimum. After each
// input/change handler of a controlled element, and after the re-render it caused, the last rendered value (or
// checked state) is written back when the field shows something else.
import { type VNode, options } from 'preact';

type Rendered = { value?: unknown; checked?: unknown };
type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = new Set(['input', 'textarea', 'select']);
const HANDLER = /^on(input|change)/i;
const rendered = new WeakMap<Element, Rendered>();

function isControlled(props: Record<string, unknown>): boolean {
  return props.value != null || props.checked != null;
}

/** Writes the last rendered value back, the way React compares (numbers loosely: "1.0" stays for 1). */
export function restoreControlledState(field: FieldElement): void {
  const last = rendered.get(field);
  if (!last) return;
  if (last.value != null) {
    const value = String(last.value);
    // biome-ignore lint/suspicious/noDoubleEquals: React's number-input rule ("1.0" == 1 keeps the typed text)
    const same = field.type === 'number' ? field.value == value && field.value !== '' : field.value === value;
    if (!same) field.value = value;
  }
  if (last.checked != null && field instanceof HTMLInputElement && field.checked !== Boolean(last.checked)) {
    field.checked = Boolean(last.checked);
  }
}

function wrap(handler: (event: Event) => unknown) {
  return function controlledHandler(this: unknown, event: Event) {
    const result = handler.call(this, event);
    const field = event.currentTarget as FieldElement | null;
    // Queued after the handler's state updates, whose re-render Preact runs in an earlier microtask.
    if (field) void Promise.resolve().then(() => restoreControlledState(field));
    return result;
  };
}

const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  previousVnode?.(vnode); // preact/compat has normalised the props (onChange -> oninput) by now
  if (typeof vnode.type !== 'string' || !FIELDS.has(vnode.type)) return;
  const props = vnode.props as Record<string, unknown>;
  if (!isControlled(props)) return;
  for (const key of Object.keys(props)) {
    const handler = props[key];
    if (HANDLER.test(key) && typeof handler === 'function')
      props[key] = wrap(handler as (event: Event) => unknown);
  }
};

const previousDiffed = options.diffed;
options.diffed = (vnode: VNode) => {
  previousDiffed?.(vnode);
  if (typeof vnode.type !== 'string' || !FIELDS.has(vnode.type)) return;
  // `__e` is Preact 10's (mangled) `_dom`, the element this vnode rendered; preact/compat reads it the same way.
  const dom = (vnode as unknown as { __e?: Element | null }).__e;
  const props = vnode.props as Record<string, unknown>;
  if (dom && isControlled(props)) rendered.set(dom, { value: props.value, checked: props.checked });
  else if (dom) rendered.delete(dom);
};
