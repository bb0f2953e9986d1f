// Session 21 (phone): "Sortieren nach" with a screen reader. Hydrated (the late chrome's SortInPlace), the button sorts
// in place: focus stays on "Sortieren" (no jump to the heading, no scroll to the top), and the polite status's text
// changes to how many products are now in which order. A page link leaves it as it was (nothing to say); another page
// still takes focus at its heading.
import { configure, fireEvent, render, screen } from '@testing-library/react';
import {
  type LoaderFunctionArgs,
  Outlet,
  RouterProvider,
  createMemoryRouter,
  useLoaderData,
} from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteFocus } from '../../../chrome/RouteFocus';
import type { ListingSort } from '../../../routes/loaders';
import { SortForm } from '../SortForm';
import { SortInPlace } from '../SortInPlace';

configure({ asyncUtilTimeout: 5000 });

interface Listing {
  sort?: ListingSort;
  page: number;
}

/** The listing as its loader reads the address; 312 products in every order. */
const listing = ({ request }: LoaderFunctionArgs): Listing => {
  const query = new URL(request.url).searchParams;
  const sort = query.get('sortierung') as ListingSort | null;
  return { ...(sort ? { sort } : {}), page: Number(query.get('seite') ?? 1) };
};

function Listing() {
  const { sort, page } = useLoaderData() as Listing;
  return (
    <>
      <h1>{`Kennzeichenhalter, Seite ${page} von 7`}</h1>
      <SortForm sort={sort} total={312} />
      <p data-testid="order">{sort ?? 'empfehlung'}</p>
    </>
  );
}

function Shell() {
  return (
    <>
      <RouteFocus />
      <SortInPlace />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

const Nothing = () => null;

function renderListing(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { path: 'kategorie/:alias', loader: listing, Component: Listing, HydrateFallback: Nothing },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const address = (router: ReturnType<typeof renderListing>) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const status = () => screen.getByRole('status');

async function sortBy(label: string) {
  fireEvent.change(screen.getByLabelText('Sortieren nach'), {
    target: { value: screen.getByRole<HTMLOptionElement>('option', { name: label }).value },
  });
  const button = screen.getByRole('button', { name: 'Sortieren' });
  button.focus();
  fireEvent.click(button);
  return button;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('"Sortieren nach" after hydration', () => {
  it('sorts in place from page 3: page 1 in the new order, focus kept on the button, the count announced', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderListing('/kategorie/kennzeichenhalter?seite=3');
    await screen.findByRole('heading', { level: 1, name: 'Kennzeichenhalter, Seite 3 von 7' });
    // The status holds the count and order from the start: a screen reader speaks when they change.
    expect(status().textContent).toBe('312 Produkte, sortiert nach Empfehlung');
    const button = await sortBy('Preis aufsteigend');
    await screen.findByRole('heading', { level: 1, name: 'Kennzeichenhalter, Seite 1 von 7' });
    expect(address(router)).toBe('/kategorie/kennzeichenhalter?sortierung=preis-aufsteigend');
    expect(screen.getByTestId('order').textContent).toBe('preis-aufsteigend');
    expect(status().textContent).toBe('312 Produkte, sortiert nach Preis aufsteigend');
    expect(document.activeElement).toBe(button);
    expect(scroll).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Sortieren nach') as HTMLSelectElement).value).toBe('preis-aufsteigend');

    // Back to the catalogue's own order: the bare address, as the server's redirect has it.
    await sortBy('Empfehlung');
    await expect.poll(() => address(router)).toBe('/kategorie/kennzeichenhalter');
    await expect.poll(() => status().textContent).toBe('312 Produkte, sortiert nach Empfehlung');
    expect(document.activeElement).toBe(button);
    expect(scroll).not.toHaveBeenCalled();
  });

  it('a page link is another page as before: the heading takes focus, the status is unchanged', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderListing('/kategorie/kennzeichenhalter');
    await screen.findByRole('heading', { level: 1, name: 'Kennzeichenhalter, Seite 1 von 7' });
    await sortBy('Name A–Z');
    await expect.poll(() => status().textContent).toBe('312 Produkte, sortiert nach Name A–Z');
    await router.navigate('/kategorie/kennzeichenhalter?sortierung=name-aufsteigend&seite=2');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Kennzeichenhalter, Seite 2 von 7',
    });
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(status().textContent).toBe('312 Produkte, sortiert nach Name A–Z');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('"Sortieren nach" status', () => {
  it('says one product in the singular', () => {
    render(<SortForm sort="preis-absteigend" total={1} />);
    expect(screen.getByRole('status').textContent).toBe('1 Produkt, sortiert nach Preis absteigend');
  });
});
