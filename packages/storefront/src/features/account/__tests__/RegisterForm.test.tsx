import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { RegisterForm } from '../RegisterForm';
import { REGISTER_TEXT } from '../registerMessages';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(respond: (body: Record<string, string>) => Response) {
  const calls: { url: string; body: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    calls.push({ url: String(url), body });
    return respond(body);
  }) as unknown as typeof globalThis.fetch;
  const onRegistered = vi.fn();
  renderWithShop(<RegisterForm onRegistered={onRegistered} />, { fetch });
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const fill = (values: Partial<Record<'Vorname' | 'Nachname' | 'E-Mail' | 'Passwort', string>> = {}) => {
    const all = {
      Vorname: 'Erika',
      Nachname: 'Muster',
      'E-Mail': 'erika@example.de',
      Passwort: 'Sommer 2026!',
      ...values,
    };
    for (const [label, value] of Object.entries(all)) type(label, value);
  };
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
  return { calls, onRegistered, fill, submit };
}

describe('RegisterForm (issue 13)', () => {
  it('registers with the fields and the confirmation page of this shop', async () => {
    const customer = { id: 1000, email: 'erika@example.de', name: 'Erika', lastName: 'Muster' };
    const { calls, onRegistered, fill, submit } = setup(() => answer(201, customer));
    fill({ 'E-Mail': ' erika@example.de ' });
    submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(customer));
    expect(calls[0]!.url).toBe('http://shop.test/api/Account/register');
    expect(calls[0]!.body).toEqual({
      name: 'Erika',
      lastName: 'Muster',
      email: 'erika@example.de',
      password: 'Sommer 2026!',
      confirmUrl: `${window.location.origin}/account/confirm`,
    });
    expect(screen.getByLabelText('Passwort').getAttribute('autocomplete')).toBe('new-password');
  });

  // Session 25, accountfollow: the login's "Angemeldet bleiben", unticked at first there and here.
  it('keeps the new session only when "Angemeldet bleiben" is ticked, unticked at first (a shared computer)', async () => {
    const customer = { id: 1001, email: 'erika@example.de', name: 'Erika', lastName: 'Muster' };
    const { calls, onRegistered, fill, submit } = setup(() => answer(201, customer));
    const remember = screen.getByRole('checkbox', { name: 'Angemeldet bleiben' }) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    fill();
    fireEvent.click(remember);
    submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(customer));
    expect(calls[0]!.body).toMatchObject({ email: 'erika@example.de', remember: true });
  });

  it('checks with the checkout rules before sending, in German, focusing the first wrong field', async () => {
    const { calls, fill, submit } = setup(() => answer(201, {}));
    fill({ Vorname: '<b>', 'E-Mail': 'erika..x@example.de', Passwort: 'kurz' });
    submit();
    expect(await screen.findByText(REGISTER_TEXT.nameInvalid)).toBeTruthy();
    expect(screen.getByText(REGISTER_TEXT.emailInvalid)).toBeTruthy();
    expect(screen.getByText(REGISTER_TEXT.passwordInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Vorname'));
    expect(screen.getByLabelText('Vorname').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('says when the email has an account already, at the email field', async () => {
    const { fill, submit, onRegistered } = setup(() =>
      answer(409, { status: 409, code: 'email-taken', message: 'exists' }),
    );
    fill();
    submit();
    expect(await screen.findByText(REGISTER_TEXT.taken)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-Mail'));
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('shows the API field errors and a general message for other failures', async () => {
    let status = 400;
    const { fill, submit } = setup(() =>
      status === 400
        ? answer(400, {
            status: 400,
            code: 'validation',
            message: 'x',
            errors: [{ field: 'password', message: 'x' }],
          })
        : answer(500, { status: 500, code: 'internal', message: 'x' }),
    );
    fill();
    submit();
    expect(await screen.findByText(REGISTER_TEXT.passwordInvalid)).toBeTruthy();
    status = 500;
    submit();
    expect(await screen.findByText(REGISTER_TEXT.failed)).toBeTruthy();
  });
});
