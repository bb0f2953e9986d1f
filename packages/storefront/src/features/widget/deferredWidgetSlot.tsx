import { type Part, lazyPart, staticPart } from '../../app/deferredPart';
import type { WidgetSlotProps } from './WidgetSlot';

// Selective hydration (app/deferredPart.tsx) of the widget's slots: the server renders the section with its empty
// element (reserved height), and the widget's own code loads only after the slot has hydrated in any case. So the
// slot's code (the element bindings of @lp/react) need not be in the page's initial script: its chunk is requested
// as the page renders the slot and hydrates the slot when it is there. `import.meta.env.SSR` is a build constant (as in
// chrome/deferredChrome.ts): the server imports the slot up front, the browser build drops that branch.
const load = () => import('./WidgetSlot');
const server = import.meta.env.SSR ? await load() : undefined;

/**
 * One part per element: a page may show both, and each is awaited by the hydration mark on its own. A part is made
 * (and the slot's chunk requested) when a page first renders that element, not when this module evaluates: it
 * shares a chunk with the product grid's (vite.config.ts `deferredparts`), and a page without a slot must not load
 * the slot's code.
 */
const parts: Partial<Record<WidgetSlotProps['tag'], Part<WidgetSlotProps>>> = {};
const slot = (tag: WidgetSlotProps['tag']): Part<WidgetSlotProps> =>
  server
    ? staticPart(server.WidgetSlot)
    : lazyPart(`widget-slot:${tag}`, () => load().then((module) => module.WidgetSlot));

/** Hosts one of the widget's custom elements (features/widget/WidgetSlot.tsx), hydrated from its own chunk. */
export function WidgetSlot(props: WidgetSlotProps) {
  const Slot = parts[props.tag] ?? slot(props.tag);
  parts[props.tag] = Slot;
  return <Slot {...props} />;
}
