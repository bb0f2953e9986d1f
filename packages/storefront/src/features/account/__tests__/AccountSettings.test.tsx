import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { AccountSettings } from '../settings/AccountSettings';
import { SETTINGS_TEXT } from '../settings/settingsText';

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const CUSTOMER = {
  id: 1001,
  email: 'erika@example.de',
  name: 'Erika',
  lastName: 'Muster',
  customerCompanyId: 100001,
  customerCompanyGroupRoleId: 3001,
};

/** The settings with the API's answers as its contract writes them (packages/api accountSettings.test.ts). */
function setup(respond: (url: string) => Response) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return respond(String(url));
  }) as unknown as typeof globalThis.fetch;
  const onDeleted = vi.fn();
  renderWithShop(<AccountSettings customer={CUSTOMER} onDeleted={onDeleted} />, { fetch });
  const open = (summary: string) => {
    const details = screen.getByText(summary, { selector: 'summary' }).closest('details')!;
    details.open = true;
    return within(details);
  };
  return { calls, onDeleted, open };
}

describe('AccountSettings (session 20)', () => {
  it('Passwort ändern: a wrong current password at its field with focus, then the result in focus', async () => {
    let wrong = true;
    const { calls, open } = setup(() =>
      wrong
        ? answer(403, {
            status: 403,
            code: 'password-wrong',
            message: 'The current password is wrong.',
            errors: [{ field: 'password', message: 'is not the current password' }],
          })
        : answer(204),
    );
    const form = open(SETTINGS_TEXT.password.summary);
    const current = form.getByLabelText(SETTINGS_TEXT.currentPassword);
    const next = form.getByLabelText(SETTINGS_TEXT.password.label);
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(next.getAttribute('autocomplete')).toBe('new-password');
    fireEvent.change(next, { target: { value: 'kurz' } });
    fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.password.button }));
    // Checked here first: nothing sent, both fields named, focus on the first.
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(form.getByText(SETTINGS_TEXT.currentMissing).id).toBe(current.getAttribute('aria-describedby'));
    expect(next.getAttribute('aria-describedby')).toContain(
      form.getByText(SETTINGS_TEXT.password.invalid).id,
    );
    expect(calls).toHaveLength(0);

    fireEvent.change(current, { target: { value: 'falsch-falsch' } });
    fireEvent.change(next, { target: { value: 'Winter 2026 neu' } });
    fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.password.button }));
    await form.findByText(SETTINGS_TEXT.currentWrong);
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(current);

    wrong = false;
    fireEvent.change(current, { target: { value: 'Sommer 2026!' } });
    fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.password.button }));
    const done = await form.findByText(SETTINGS_TEXT.password.done);
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(calls.at(-1)).toEqual({
      url: 'http://shop.test/api/Account/changePassword',
      body: { password: 'Sommer 2026!', newPassword: 'Winter 2026 neu' },
    });
  });

  it('E-Mail-Adresse ändern: the own address refused here, a taken one at its field', async () => {
    const { calls, open } = setup(() =>
      answer(409, {
        status: 409,
        code: 'email-taken',
        message: 'An account with this email exists already.',
      }),
    );
    const form = open(SETTINGS_TEXT.email.summary);
    const email = form.getByLabelText(SETTINGS_TEXT.email.label);
    fireEvent.change(email, { target: { value: ' Erika@Example.de ' } });
    fireEvent.change(form.getByLabelText(SETTINGS_TEXT.currentPassword), {
      target: { value: 'Sommer 2026!' },
    });
    fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.email.button }));
    await form.findByText(SETTINGS_TEXT.email.same);
    expect(calls).toHaveLength(0);
    fireEvent.change(email, { target: { value: 'anna@example.de' } });
    fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.email.button }));
    await form.findByText(SETTINGS_TEXT.email.taken);
    expect(document.activeElement).toBe(email);
    expect(calls[0]!.body).toEqual({
      email: 'anna@example.de',
      password: 'Sommer 2026!',
      confirmUrl: `${window.location.origin}/account/confirm`,
    });
  });

  it('Konto löschen: the tick is required, an unconfirmed address is explained, then the goodbye', async () => {
    let unconfirmed = true;
    const { calls, open, onDeleted } = setup(() =>
      unconfirmed
        ? answer(409, { status: 409, code: 'email-unconfirmed', message: 'Confirm the address first.' })
        : answer(200, { keptOrders: ['LP-2026-000123'] }),
    );
    const form = open(SETTINGS_TEXT.delete.summary);
    fireEvent.change(form.getByLabelText(SETTINGS_TEXT.currentPassword), {
      target: { value: 'Sommer 2026!' },
    });
    fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.delete.button }));
    await form.findByText(SETTINGS_TEXT.delete.confirmMissing);
    expect(document.activeElement).toBe(form.getByLabelText(SETTINGS_TEXT.delete.confirm));
    expect(calls).toHaveLength(0);

    fireEvent.click(form.getByLabelText(SETTINGS_TEXT.delete.confirm));
    fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.delete.button }));
    const alert = await form.findByText(SETTINGS_TEXT.unconfirmed);
    await waitFor(() => expect(document.activeElement).toBe(alert.closest('[role="alert"]')));
    expect(onDeleted).not.toHaveBeenCalled();

    unconfirmed = false;
    fireEvent.click(form.getByRole('button', { name: SETTINGS_TEXT.delete.button }));
    const goodbye = await screen.findByRole('heading', { name: SETTINGS_TEXT.goodbye.heading });
    await waitFor(() => expect(document.activeElement).toBe(goodbye));
    expect(onDeleted).toHaveBeenCalledTimes(1);
    screen.getByText(SETTINGS_TEXT.goodbye.kept(['LP-2026-000123']));
    expect(calls.at(-1)!.body).toEqual({ password: 'Sommer 2026!', confirm: true });
  });
});
