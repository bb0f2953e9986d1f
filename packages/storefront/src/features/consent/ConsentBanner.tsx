import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import type { ConsentStore } from './consentStore';

/**
 * The cookie consent banner (issue 6): a non-modal dialog fixed at the bottom of the viewport (no layout shift),
 * with 'Notwendig' (always on), 'Statistik' and 'Marketing'. Focus moves into it when it opens and returns to
 * where it was when it closes; Escape closes a reopened banner without changing the decision.
 */
export function ConsentBanner({ store }: { store: ConsentStore }) {
  const open = useStore(store, (state) => state.open);
  const choice = useStore(store, (state) => state.choice);
  const [statistics, setStatistics] = useState(choice?.statistics ?? false);
  const [marketing, setMarketing] = useState(choice?.marketing ?? false);
  const dialog = useRef<HTMLElement>(null);
  const returnTo = useRef<Element | null>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    // Reopened: the checkboxes show the current decision.
    const current = store.getState().choice;
    setStatistics(current?.statistics ?? false);
    setMarketing(current?.marketing ?? false);
    returnTo.current = document.activeElement;
    dialog.current?.focus({ preventScroll: true });
    return () => {
      const back = returnTo.current;
      if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    };
  }, [open, store]);

  if (!open) return null;
  const actions = store.getState();
  return (
    <section
      ref={dialog}
      className="consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') actions.dismiss();
      }}
    >
      <h2 id={`${id}-title`} className="consent__title">
        Cookie-Einstellungen
      </h2>
      <p id={`${id}-text`} className="consent__text">
        Statistik und Marketing nur mit Ihrer Einwilligung (<Link to="/datenschutz">Datenschutz</Link>).
      </p>
      <fieldset className="consent__choices">
        <legend className="visually-hidden">Cookie-Kategorien</legend>
        <label className="consent__choice">
          <input type="checkbox" checked disabled />
          <span>Notwendig (immer aktiv)</span>
        </label>
        <label className="consent__choice">
          <input
            type="checkbox"
            name="statistics"
            checked={statistics}
            onChange={(event) => setStatistics(event.currentTarget.checked)}
          />
          <span>Statistik</span>
        </label>
        <label className="consent__choice">
          <input
            type="checkbox"
            name="marketing"
            checked={marketing}
            onChange={(event) => setMarketing(event.currentTarget.checked)}
          />
          <span>Marketing</span>
        </label>
      </fieldset>
      <div className="consent__actions">
        <button type="button" className="consent__button" onClick={() => actions.rejectAll()}>
          Nur notwendige
        </button>
        <button
          type="button"
          className="consent__button"
          onClick={() => actions.save({ statistics, marketing })}
        >
          Auswahl speichern
        </button>
        <button
          type="button"
          className="consent__button consent__button--primary"
          onClick={() => actions.acceptAll()}
        >
          Alle akzeptieren
        </button>
      </div>
    </section>
  );
}
