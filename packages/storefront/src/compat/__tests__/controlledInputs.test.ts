// React's controlled fields under preact/compat (./controlledInputs): what the shopper sees in a field is what
// the component rendered, also when a handler refuses or clamps the typed value.
import { afterEach, describe, expect, it } from 'vitest';
import compat from '../react';
import { createRoot } from '../reactDomClient';

const { createElement: h, useState } = compat;
const clamp = (text: string) => Math.min(999, Math.max(1, Math.floor(Number(text)) || 1));

function Quantity() {
  const [quantity, setQuantity] = useState(1);
  return h('input', {
    type: 'number',
    'aria-label': 'Menge',
    value: quantity,
    onChange: (event: Event) => setQuantity(clamp((event.target as HTMLInputElement).value)),
  });
}

function Plate() {
  const [text, setText] = useState('');
  // Upper case only, at most 8 characters: a refused key leaves the state as it was.
  return h('input', {
    'aria-label': 'Kennzeichen',
    value: text,
    onChange: (event: Event) => {
      const next = (event.target as HTMLInputElement).value.toUpperCase();
      if (next.length <= 8) setText(next);
    },
  });
}

function Terms({ locked }: { locked: boolean }) {
  const [accepted, setAccepted] = useState(false);
  return h('input', {
    type: 'checkbox',
    'aria-label': 'AGB',
    checked: accepted,
    onChange: (event: Event) => locked || setAccepted((event.target as HTMLInputElement).checked),
  });
}

function Note() {
  return h('textarea', { 'aria-label': 'Notiz', defaultValue: 'frei' });
}

function mount(element: unknown): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(element as never);
  return container;
}

async function type(field: HTMLInputElement | HTMLTextAreaElement, text: string, kind = 'input') {
  field.value = text;
  field.dispatchEvent(new Event(kind, { bubbles: true }));
  // Handler, re-render and restore all run in microtasks; one macrotask later they are done.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('controlled fields under preact/compat behave like React', () => {
  it('shows the clamped quantity even when the state did not change (0, empty, too many twice)', async () => {
    const field = mount(h(Quantity, null)).querySelector('input') as HTMLInputElement;
    await type(field, '0');
    expect(field.value).toBe('1');
    await type(field, '');
    expect(field.value).toBe('1');
    await type(field, '5000');
    expect(field.value).toBe('999');
    await type(field, '7000');
    expect(field.value).toBe('999');
    await type(field, '5');
    expect(field.value).toBe('5');
  });

  it('keeps the rendered text when a handler refuses a key, and takes accepted ones', async () => {
    const field = mount(h(Plate, null)).querySelector('input') as HTMLInputElement;
    await type(field, 'b-ab 123');
    expect(field.value).toBe('B-AB 123');
    await type(field, 'B-AB 1234');
    expect(field.value).toBe('B-AB 123');
    await type(field, `${'x'.repeat(10_000)}`);
    expect(field.value).toBe('B-AB 123');
  });

  it('puts a refused checkbox back and lets an accepted one change', async () => {
    const locked = mount(h(Terms, { locked: true })).querySelector('input') as HTMLInputElement;
    locked.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(locked.checked).toBe(false);
    const free = mount(h(Terms, { locked: false })).querySelector('input') as HTMLInputElement;
    free.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(free.checked).toBe(true);
  });

  it('leaves uncontrolled fields alone', async () => {
    const field = mount(h(Note, null)).querySelector('textarea') as HTMLTextAreaElement;
    await type(field, 'eigener Text');
    expect(field.value).toBe('eigener Text');
  });
});
