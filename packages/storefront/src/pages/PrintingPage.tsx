import { type ComponentType, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { SortForm, Pagination, pageSuffix, sortQuery } from '../features/catalogue/Pagination';
import { DeferredProductGrid } from '../features/catalogue/deferredProductGrid';
import type { ListData } from '../routes/loaders';

// The editor (helper "editor": a thin wrapper around mountPrintEditor) is its own chunk, loaded only when the
// shopper opens it. A glob keeps the build working while that file does not exist yet.
type EditorComponent = ComponentType<{ onClose?(reason: 'back' | 'ordered'): void }>;
const editorModules = import.meta.glob<{ PrintEditor?: EditorComponent; default?: EditorComponent }>(
  '../features/editor/PrintEditor.tsx',
);
const loadEditor = editorModules['../features/editor/PrintEditor.tsx'];
const PrintEditor = loadEditor
  ? lazy(async () => {
      const module = await loadEditor();
      const Editor = module.PrintEditor ?? module.default;
      if (!Editor) throw new Error('PrintEditor.tsx exports no PrintEditor component.');
      return { default: Editor };
    })
  : null;

/** spec 2: the B2B plate-holder printing page; hosts the print editor lazily. */
export function Component() {
  const { title, intro, products, total, page, pages, sort } = useLoaderData() as ListData;
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  // "Editor öffnen" goes away when pressed and comes back with "Zurück": focus follows, to the section's heading
  // (the next Tab enters the editor) and back to the button, instead of falling to the top of the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) heading.current?.focus();
    else if (wasEditing.current) openButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <>
      <h1>{`${title}${pageSuffix(page, pages)}`}</h1>
      <p>{intro}</p>
      <section aria-labelledby="editor-title" className="editor-host">
        <h2 id="editor-title" ref={heading} tabIndex={-1}>
          Eigenes Motiv gestalten
        </h2>
        {!editing && (
          <button
            ref={openButton}
            type="button"
            className="button button--primary"
            onClick={() => setEditing(true)}
            disabled={!PrintEditor}
          >
            Editor öffnen
          </button>
        )}
        {editing && PrintEditor && (
          <Suspense fallback={<p role="status">Editor wird geladen …</p>}>
            <PrintEditor
              onClose={(reason) => (reason === 'ordered' ? navigate('/cart') : setEditing(false))}
            />
          </Suspense>
        )}
      </section>
      <section aria-labelledby="holders-title">
        <h2 id="holders-title">Kennzeichenhalter zum Bedrucken</h2>
        {total > 1 && <SortForm sort={sort} total={total} />}
        <DeferredProductGrid products={products} headingLevel={3} />
        <Pagination page={page} pages={pages} query={sortQuery(sort)} />
      </section>
    </>
  );
}
