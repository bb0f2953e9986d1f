// The shop's mails in production: with SMTP_URL and MAIL_FROM the API hands them to a real SMTP server (here one on
// loopback) and the sandbox outbox, whose page anyone could read, is gone. Wrong settings stop the start with a
// message naming the variable.
import { accountPaths } from '@lp/sdk/contract';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Api, call, makeApi } from './support/testApi';

interface Received {
  from: string | undefined;
  to: string[];
  data: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
let api: Api;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const { mailTransport } = loadConfig({
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Kennzeichen-Shop <shop@example.de>',
  });
  api = await makeApi({ mailTransport });
});
afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('mails through SMTP_URL', () => {
  it('sends the registration mail to the SMTP server, from MAIL_FROM, with its confirmation link', async () => {
    const email = `smtp.${Date.now()}@example.de`;
    const res = await call(api, 'POST', accountPaths.register, {
      body: {
        email,
        password: 'Sommer 2026!',
        name: 'Jörg',
        lastName: 'Müller',
        confirmUrl: 'http://127.0.0.1:3000/account/confirm',
      },
    });
    expect(res.status).toBeLessThan(300);
    await expect
      .poll(() => received.find((mail) => mail.to.includes(email)), { timeout: 10_000 })
      .toBeTruthy();
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail.from).toBe('shop@example.de');
    expect(mail.data).toMatch(/^From: "Kennzeichen-Shop" <shop@example\.de>/m);
    // The text is quoted-printable: joined again, it holds the link to confirm with.
    const text = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain('http://127.0.0.1:3000/account/confirm?token=');
  });

  it('serves no sandbox outbox: nobody reads the mails on the web', async () => {
    expect((await call(api, 'GET', '/sandbox/outbox')).status).toBe(404);
  });
});

describe('SMTP settings that cannot work stop the start', () => {
  it.each([
    [
      { SMTP_URL: 'smtp.example.de' },
      "SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.de:587, got 'smtp.example.de'.",
    ],
    [
      { SMTP_URL: 'https://user:geheim@smtp.example.de' },
      "SMTP_URL must be an smtp:// or smtps:// URL, got 'https://user:***@smtp.example.de/'.",
    ],
    [
      { SMTP_URL: 'smtp://smtp.example.de' },
      "MAIL_FROM must be the sender address of the shop's mails when SMTP_URL is set (e.g. shop@example.de or \"Kennzeichen-Shop <shop@example.de>\"), got ''.",
    ],
    [
      { SMTP_URL: 'smtp://smtp.example.de', MAIL_FROM: 'Shop' },
      "MAIL_FROM must be the sender address of the shop's mails when SMTP_URL is set (e.g. shop@example.de or \"Kennzeichen-Shop <shop@example.de>\"), got 'Shop'.",
    ],
  ])('%j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('without SMTP_URL the sandbox outbox keeps the mails (the demo)', () => {
    expect(loadConfig({}).mailTransport).toBeUndefined();
  });
});
