import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { useConsentStore } from './ConsentContext';
import { CONSENT_ENDPOINT } from './consentCookie';
import type { ConsentStore } from './consentStore';
import { CONSENT_OPEN_EVENT } from './openConsentSettings';

// One banner per page, so fixed ids (no useId needed for the label and description pairs).
const TITLE_ID = 'lp-consent-title';
const TEXT_ID = 'lp-consent-text';

/**
 * The cookie consent banner (issue 6): a non-modal dialog fixed at the bottom of the viewport (no layout shift),
 * with 'Notwendig' (always on), 'Statistik' and 'Marketing'. Rendered by the server for a shopper without a
 * decision (the cookie), so its text is in the first paint; the buttons are a form that posts to the storefront
 * (`/consent`) until the page's script takes over, so the choice works without script too. Focus moves into it
 * when it opens and returns to where it was when it closes; Escape closes a reopened banner without changing
 * the decision; the footer's 'Cookie-Einstellungen' reopens it.
 */
export function ConsentBanner({ store: given }: { store?: ConsentStore }) {
  const fromContext = useConsentStore();
  const store = given ?? fromContext;
  const open = useStore(store, (state) => state.open);
  const choice = useStore(store, (state) => state.choice);
  const [statistics, setStatistics] = useState(choice?.statistics ?? false);
  const [marketing, setMarketing] = useState(choice?.marketing ?? false);
  const { pathname, search } = useLocation();
  const dialog = useRef<HTMLElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    const reopen = () => store.getState().reopen();
    window.addEventListener(CONSENT_OPEN_EVENT, reopen);
    return () => window.removeEventListener(CONSENT_OPEN_EVENT, reopen);
  }, [store]);

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
  // With script the buttons decide here (no reload); without it the form posts and the server sets the cookie.
  const decide = (run: () => void) => (event: { preventDefault(): void }) => {
    event.preventDefault();
    run();
  };
  return (
    <section
      ref={dialog}
      className="consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby={TITLE_ID}
      aria-describedby={TEXT_ID}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') actions.dismiss();
      }}
    >
      <h2 id={TITLE_ID} className="consent__title">
        Cookie-Einstellungen
      </h2>
      <p id={TEXT_ID} className="consent__text">
        Statistik und Marketing nur mit Ihrer Einwilligung (<Link to="/datenschutz">Datenschutz</Link>).
      </p>
      <form method="post" action={CONSENT_ENDPOINT} onSubmit={(event) => event.preventDefault()}>
        <input type="hidden" name="return" value={`${pathname}${search}`} />
        <fieldset className="consent__choices">
          <legend className="visually-hidden">Cookie-Kategorien</legend>
          <label className="consent__choice">
            <input type="checkbox" checked disabled />
            <span>Notwendig (immer aktiv)</span>
          </label>
          <CategoryBox name="statistics" label="Statistik" checked={statistics} onChange={setStatistics} />
          <CategoryBox name="marketing" label="Marketing" checked={marketing} onChange={setMarketing} />
        </fieldset>
        <div className="consent__actions">
          <button
            type="submit"
            name="choice"
            value="necessary"
            className="consent__button"
            onClick={decide(() => actions.rejectAll())}
          >
            Nur notwendige
          </button>
          <button
            type="submit"
            name="choice"
            value="selection"
            className="consent__button"
            onClick={decide(() => actions.save({ statistics, marketing }))}
          >
            Auswahl speichern
          </button>
          <button
            type="submit"
            name="choice"
            value="all"
            className="consent__button consent__button--primary"
            onClick={decide(() => actions.acceptAll())}
          >
            Alle akzeptieren
          </button>
        </div>
      </form>
    </section>
  );
}

/** One optional category: a checkbox that also posts `name=1` when the form is sent without script. */
function CategoryBox(props: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="consent__choice">
      <input
        type="checkbox"
        name={props.name}
        value="1"
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}
