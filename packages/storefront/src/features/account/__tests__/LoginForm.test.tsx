import { LpError } from '@lp/sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { LoginForm } from '../LoginForm';
import { LOGIN_TEXT, loginErrorMessage, validateLogin } from '../loginMessages';

const customer = {
  id: 1,
  email: 'demo@lp-de.example',
  name: 'Max',
  lastName: 'Mustermann',
  customerCompanyId: 2001,
  customerCompanyGroupRoleId: 3001,
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(respond: (body: { email: string; password: string }) => Response) {
  const calls: { url: string; body: { email: string; password: string } }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    calls.push({ url: String(url), body });
    return respond(body);
  }) as unknown as typeof globalThis.fetch;
  const onLoggedIn = vi.fn();
  renderWithShop(<LoginForm onLoggedIn={onLoggedIn} />, { fetch });
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
  return { calls, onLoggedIn, type, submit };
}

describe('LoginForm', () => {
  it('logs in with E-Mail and Passwort and hands the customer on', async () => {
    const { calls, onLoggedIn, type, submit } = setup(() => answer(200, customer));
    type('E-Mail', ' demo@lp-de.example ');
    type('Passwort', 'Demo1234!');
    submit();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(customer));
    expect(calls).toEqual([
      {
        url: 'http://shop.test/api/Account/login',
        body: { email: 'demo@lp-de.example', password: 'Demo1234!' },
      },
    ]);
    expect(screen.getByLabelText('E-Mail').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Passwort').getAttribute('autocomplete')).toBe('current-password');
  });

  it('keeps the session only when "Angemeldet bleiben" is ticked, unticked at first (a shared computer)', async () => {
    const { calls, onLoggedIn, type, submit } = setup(() => answer(200, customer));
    const remember = screen.getByRole('checkbox', { name: 'Angemeldet bleiben' }) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    type('E-Mail', 'demo@lp-de.example');
    type('Passwort', 'Demo1234!');
    fireEvent.click(remember);
    submit();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(customer));
    expect(calls.map((call) => call.body)).toEqual([
      { email: 'demo@lp-de.example', password: 'Demo1234!', remember: true },
    ]);
  });

  it('says while typing the password that caps lock is on, and no more once it is off', () => {
    setup(() => answer(200, customer));
    const password = screen.getByLabelText('Passwort');
    fireEvent.keyDown(password, { key: 'D', modifierCapsLock: true });
    const hint = screen.getByText('Die Feststelltaste ist aktiviert.');
    expect(password.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.keyUp(password, { key: 'CapsLock', modifierCapsLock: false });
    expect(screen.queryByText('Die Feststelltaste ist aktiviert.')).toBeNull();
    expect(password.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the German message for wrong credentials, clears the password and keeps focus there', async () => {
    const { onLoggedIn, type, submit } = setup(() =>
      answer(401, { status: 401, code: 'login-failed', message: 'Invalid email or password.' }),
    );
    type('E-Mail', 'demo@lp-de.example');
    type('Passwort', 'falsch');
    submit();
    expect(await screen.findByText('E-Mail oder Passwort ist falsch.')).toBeTruthy();
    expect((screen.getByLabelText('Passwort') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Passwort'));
    expect(screen.getByRole('alert').textContent).toContain('E-Mail oder Passwort ist falsch.');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('says when there were too many attempts', async () => {
    const { type, submit } = setup(() =>
      answer(429, { status: 429, code: 'login-rate-limited', message: 'Too many login attempts' }),
    );
    type('E-Mail', 'demo@lp-de.example');
    type('Passwort', 'x');
    submit();
    expect(await screen.findByText(LOGIN_TEXT.tooMany)).toBeTruthy();
  });

  it('checks the fields before sending anything', async () => {
    const { calls, type, submit } = setup(() => answer(200, customer));
    submit();
    expect(screen.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeTruthy();
    expect(screen.getByLabelText('E-Mail').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('E-Mail'));
    type('E-Mail', 'kein-at-zeichen');
    type('Passwort', 'x');
    submit();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("links 'Registrieren' to the registration (issue 13)", () => {
    setup(() => answer(200, customer));
    expect(screen.getByRole('link', { name: 'Registrieren' }).getAttribute('href')).toBe('/account/register');
  });
});

describe('login messages', () => {
  it('maps failures to German texts', () => {
    expect(loginErrorMessage(new Error('network'))).toBe(LOGIN_TEXT.failed);
    // By the API's code, never by status or text: a 401 of another kind is no wrong password.
    const http = (status: number, code: string) =>
      new LpError('http', 'An unexpected server error occurred.', {
        status,
        body: { status, code, message: 'x' },
      });
    expect(loginErrorMessage(http(401, 'login-failed'))).toBe(LOGIN_TEXT.invalid);
    expect(loginErrorMessage(http(429, 'rate-limited'))).toBe(LOGIN_TEXT.tooMany);
    expect(loginErrorMessage(http(401, 'unauthorized'))).toBe(LOGIN_TEXT.failed);
    expect(loginErrorMessage(http(500, 'internal'))).toBe(LOGIN_TEXT.failed);
    expect(validateLogin('a@b.de', 'pw')).toEqual({});
    expect(validateLogin(`${'a'.repeat(250)}@b.de`, 'pw').email).toBe(LOGIN_TEXT.emailInvalid);
  });
});
