// Session 16: the forgotten password in the shop: the request for a reset mail, the mail link's new password and the
// login afterwards (the API side: packages/api passwordReset.test.ts; the browser: e2e/account/passwordReset.test.ts).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../__tests__/renderWithShop';
import { FORGOT_TEXT } from '../../features/account/ForgotPassword';
import { RESET_TEXT } from '../../features/account/ResetPassword';
import { Component as LoginPage } from '../LoginPage';
import { Component as PasswordPage, RESET_DONE } from '../PasswordPage';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let seen = '';
/** Where the router is, search and history state included (the token must leave the address). */
function Where() {
  const location = useLocation();
  seen = `${location.pathname}${location.search}`;
  return null;
}

function setup(path: string, respond: (url: string, body: Record<string, string>) => Response) {
  const calls: { url: string; body: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    calls.push({ url: String(url), body });
    return respond(String(url), body);
  }) as unknown as typeof globalThis.fetch;
  renderWithShop(
    <>
      <Routes>
        <Route path="/account/password" element={<PasswordPage />} />
        <Route path="/account/login" element={<LoginPage />} />
      </Routes>
      <Where />
    </>,
    { fetch, path },
  );
  return { calls };
}
const notLoggedIn = () => answer(401, { status: 401, code: 'unauthorized', message: 'Not logged in.' });

describe('/account/password without a token: the reset mail', () => {
  it('checks the address, asks for the mail, says so neutrally and focuses the message', async () => {
    const { calls } = setup('/account/password', () =>
      answer(200, { outboxUrl: 'http://api.test/sandbox/outbox' }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Passwort vergessen?');
    const field = screen.getByLabelText('E-Mail');
    expect(field.getAttribute('autocomplete')).toBe('email');
    const button = screen.getByRole('button', { name: FORGOT_TEXT.button });

    fireEvent.click(button);
    expect(screen.getByText(FORGOT_TEXT.emailMissing).id).toBe(field.getAttribute('aria-describedby'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'erika..x@example' } });
    fireEvent.click(button);
    expect(screen.getByText(FORGOT_TEXT.emailInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' erika@example.de ' } });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(FORGOT_TEXT.sent));
    // The focus moves in an effect after the text is shown: wait for it too (CI under load saw the gap).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('link', { name: FORGOT_TEXT.outbox }).getAttribute('href')).toBe(
      'http://api.test/sandbox/outbox',
    );
    expect(calls).toEqual([
      {
        url: 'http://shop.test/api/Account/requestPasswordReset',
        body: { email: 'erika@example.de', resetUrl: `${window.location.origin}/account/password` },
      },
    ]);
  });

  it('says when there were too many requests, and when sending failed', async () => {
    let status = 429;
    setup('/account/password', () =>
      status === 429
        ? answer(429, { status: 429, code: 'rate-limited', message: 'Too many requests; retry in 60 s.' })
        : answer(500, { status: 500, code: 'internal', message: 'boom' }),
    );
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'erika@example.de' } });
    fireEvent.click(screen.getByRole('button', { name: FORGOT_TEXT.button }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FORGOT_TEXT.tooMany));
    // The alert takes the focus (the disabled button had left it nowhere).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    status = 500;
    fireEvent.click(screen.getByRole('button', { name: FORGOT_TEXT.button }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FORGOT_TEXT.failed));
  });
});

describe('/account/password?token=…: the new password', () => {
  it('takes the token out of the address, sets the password and shows the login with a notice', async () => {
    const { calls } = setup('/account/password?token=abc123', (url) =>
      url.endsWith('/resetPassword') ? answer(200, { email: 'erika@example.de' }) : notLoggedIn(),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Neues Passwort festlegen');
    await waitFor(() => expect(seen).toBe('/account/password'));
    const field = screen.getByLabelText(RESET_TEXT.label);
    expect(field.getAttribute('autocomplete')).toBe('new-password');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText(RESET_TEXT.hint).id);
    const button = screen.getByRole('button', { name: RESET_TEXT.button });

    fireEvent.click(button);
    expect(screen.getByText(RESET_TEXT.passwordMissing)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'kurz' } });
    fireEvent.click(button);
    const error = screen.getByText(RESET_TEXT.passwordInvalid);
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(calls).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' Winter 2026 ' } });
    fireEvent.click(button);
    await waitFor(() => expect(seen).toBe('/account/login'));
    expect(calls[0]).toEqual({
      url: 'http://shop.test/api/Account/resetPassword',
      body: { token: 'abc123', password: ' Winter 2026 ' },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Anmelden');
    expect(screen.getByRole('status').textContent).toBe(RESET_DONE);
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).toBe('erika@example.de');
  });

  it('says when the link is used, replaced or expired, focuses that and offers a new one', async () => {
    setup('/account/password?token=used', () =>
      answer(400, { status: 400, code: 'reset-token-invalid', message: 'used' }),
    );
    fireEvent.change(screen.getByLabelText(RESET_TEXT.label), { target: { value: 'Winter 2026!' } });
    fireEvent.click(screen.getByRole('button', { name: RESET_TEXT.button }));
    const alert = await screen.findByText(RESET_TEXT.invalidLink);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.getByRole('alert').contains(alert)).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: RESET_TEXT.askAgain }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Passwort vergessen?'),
    );
    // The same path, so no route change moves the focus: the new view's heading takes it from the removed link.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('maps the API refusing the password to the field, and other failures to one message', async () => {
    let status = 400;
    setup('/account/password?token=t', () =>
      status === 400
        ? answer(400, {
            status: 400,
            code: 'validation',
            message: 'bad',
            errors: [{ field: 'password', message: 'x' }],
          })
        : answer(500, { status: 500, code: 'internal', message: 'boom' }),
    );
    const field = screen.getByLabelText(RESET_TEXT.label);
    fireEvent.change(field, { target: { value: '        ' } });
    fireEvent.click(screen.getByRole('button', { name: RESET_TEXT.button }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(RESET_TEXT.passwordInvalid)).toBeTruthy();
    status = 500;
    fireEvent.change(field, { target: { value: 'Winter 2026!' } });
    fireEvent.click(screen.getByRole('button', { name: RESET_TEXT.button }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(RESET_TEXT.failed));
  });
});

describe('the login page', () => {
  it('offers "Passwort vergessen?" under the password field', () => {
    setup('/account/login', () => notLoggedIn());
    const link = screen.getByRole('link', { name: 'Passwort vergessen?' });
    expect(link.getAttribute('href')).toBe('/account/password');
    // After the password field, before the button (reading and tab order).
    const password = screen.getByLabelText('Passwort');
    expect(password.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
