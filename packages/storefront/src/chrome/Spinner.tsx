/**
 * spec 9 spinner defaults: the wave (five bars rising in turn), opacity .7, on a light grey backdrop (styles in
 * checkout.css, `.spinner`). Decorative: the page says in words what it waits for.
 */
export function Spinner() {
  return (
    <div className="spinner" aria-hidden="true">
      <span />
      <span />
      <span />
      <span />
      <span />
    </div>
  );
}
