import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../../../__tests__/renderWithShop';
import { RESEND_TEXT, ResendConfirmation } from '../ResendConfirmation';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's answers as its contract writes them (packages/api/__tests__/resendConfirmation.test.ts). */
function setup(email: string | undefined, respond: () => Response | Promise<Response>) {
  const calls: { url: string; body: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return respond();
  }) as unknown as typeof globalThis.fetch;
  renderWithShop(<ResendConfirmation email={email} />, { fetch });
  const button = () => screen.getByRole('button', { name: RESEND_TEXT.button });
  return { calls, button };
}

describe('ResendConfirmation (issue 13)', () => {
  it('asks for a new mail for the registered address and says so, with the outbox in the demo', async () => {
    let release: (response: Response) => void = () => {};
    const { calls, button } = setup(
      'erika@example.de',
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    expect(screen.queryByLabelText('E-Mail')).toBeNull();
    fireEvent.click(button());
    // While it is sent: the button waits, the status says so.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(RESEND_TEXT.sending));
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    release(answer(200, { outboxUrl: 'http://api.test/sandbox/outbox' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(RESEND_TEXT.sent));
    expect((button() as HTMLButtonElement).disabled).toBe(false);
    // The disabled button lost the focus; the answer has it (the effect after the render moves it).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
    expect(screen.getByRole('link', { name: RESEND_TEXT.outbox }).getAttribute('href')).toBe(
      'http://api.test/sandbox/outbox',
    );
    expect(calls).toEqual([
      {
        url: 'http://shop.test/api/Account/resendConfirmation',
        body: { email: 'erika@example.de', confirmUrl: `${window.location.origin}/account/confirm` },
      },
    ]);
  });

  it('takes a typed address, refusing a malformed one before sending', async () => {
    const { calls, button } = setup(undefined, () => answer(200, {}));
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'erika..x@example' } });
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(RESEND_TEXT.emailInvalid);
    expect(document.activeElement).toBe(screen.getByLabelText('E-Mail'));
    expect(screen.getByLabelText('E-Mail').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: ' erika@example.de ' } });
    fireEvent.click(button());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(RESEND_TEXT.sent));
    expect(screen.queryByRole('alert')).toBeNull();
    // No outbox named (a real mail transport): no sandbox note.
    expect(screen.queryByRole('link', { name: RESEND_TEXT.outbox })).toBeNull();
    expect(calls[0]!.body.email).toBe('erika@example.de');
  });

  it('says when there were too many requests, and when sending failed', async () => {
    let status = 429;
    const { button } = setup('erika@example.de', () =>
      status === 429
        ? answer(429, { status: 429, code: 'rate-limited', message: 'Too many requests; retry in 60 s.' })
        : answer(500, { status: 500, code: 'internal', message: 'boom' }),
    );
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(RESEND_TEXT.tooMany);
    expect(screen.getByRole('status').textContent).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    status = 500;
    fireEvent.click(button());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(RESEND_TEXT.failed));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
  });

  it('focuses the typed address when the API refuses it', async () => {
    const { button } = setup(undefined, () =>
      answer(400, { status: 400, code: 'validation', message: 'body/email must match format "email"' }),
    );
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'erika@example.de' } });
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(RESEND_TEXT.emailInvalid);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-Mail')));
  });
});
