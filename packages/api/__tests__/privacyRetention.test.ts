// Session 11 (privacy audit): what the API keeps of people. A client error report stores its page's route, not the
// tokens, guids and addresses in its URL; stored reports and sandbox mails are deleted after a documented number of
// days by the process that writes new ones.
import { accountPaths, clientErrorPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_RETENTION_DAYS } from '../src/clientErrors/clientErrorRoutes';
import { OUTBOX_RETENTION_DAYS } from '../src/outbox/sandboxOutbox';
import { type Api, call, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const report = (url: string) =>
  call(api, 'POST', clientErrorPaths.report, {
    body: { severity: 'error', component: 'RouteErrorPage', message: 'boom', url },
  });
const storedUrls = async () =>
  (await api.db.query<{ url: string }>('SELECT url FROM client_errors ORDER BY id')).map((row) => row.url);
const daysAgo = (days: number) => `now() - make_interval(days => ${days})`;

describe('retention (first writes of a fresh process sweep)', () => {
  it(`deletes client error reports older than ${CLIENT_ERROR_RETENTION_DAYS} days when a new one is stored`, async () => {
    await api.db.query(
      `INSERT INTO client_errors (severity, component, message, url, created_at)
         VALUES ('error', 'old', 'm', NULL, ${daysAgo(CLIENT_ERROR_RETENTION_DAYS + 1)}),
                ('error', 'recent', 'm', NULL, ${daysAgo(CLIENT_ERROR_RETENTION_DAYS - 1)})`,
    );
    expect((await report('https://shop.example.de/cart')).status).toBe(204);
    const rows = await api.db.query<{ component: string }>('SELECT component FROM client_errors ORDER BY id');
    expect(rows.map((row) => row.component)).toEqual(['recent', 'RouteErrorPage']);
  });

  it(`hides and deletes sandbox mails older than ${OUTBOX_RETENTION_DAYS} days`, async () => {
    const oldId = '11111111-2222-4333-8444-555555555555';
    await api.db.query(
      `INSERT INTO outbox_mails (id, recipient, subject, body, link, created_at)
         VALUES ($1::uuid, 'alt@example.de', 'Bitte bestätigen', 'Hallo Erika Muster', NULL,
                 ${daysAgo(OUTBOX_RETENTION_DAYS)} - interval '1 minute')`,
      [oldId],
    );
    // Expired mails are gone from the pages at once, before any write sweeps them.
    expect((await call(api, 'GET', `/sandbox/outbox/${oldId}`)).status).toBe(404);
    expect(String((await call(api, 'GET', '/sandbox/outbox')).raw.body)).not.toContain('alt@example.de');
    const res = await call(api, 'POST', accountPaths.register, {
      body: {
        email: `neu.${Date.now()}@example.de`,
        password: 'Sommer 2026!',
        name: 'Jörg',
        lastName: 'Müller',
        confirmUrl: 'http://127.0.0.1:3000/account/confirm',
      },
    });
    expect(res.status).toBe(201);
    const rows = await api.db.query<{ recipient: string }>('SELECT recipient FROM outbox_mails');
    expect(rows.map((row) => row.recipient)).not.toContain('alt@example.de');
    expect(rows).toHaveLength(1);
  });
});

describe('client error report URLs (data minimisation)', () => {
  const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const cases: Array<[string, string]> = [
    [`https://shop.example.de/thank-you/${guid}`, 'https://shop.example.de/thank-you/:id'],
    [
      'https://shop.example.de/account/confirm?token=Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eA&email=a%40b.de',
      'https://shop.example.de/account/confirm',
    ],
    [`https://shop.example.de/cart?cart=${guid}#top`, 'https://shop.example.de/cart'],
    ['https://shop.example.de/kontakt/erika.muster%40example.de', 'https://shop.example.de/kontakt/:id'],
    ['https://shop.example.de/kategorie/auto', 'https://shop.example.de/kategorie/auto'],
    [
      'http://127.0.0.1:3000/kennzeichenhalter-bedrucken',
      'http://127.0.0.1:3000/kennzeichenhalter-bedrucken',
    ],
  ];
  it.each(cases)('stores %s as %s', async (sent, stored) => {
    await api.db.query('DELETE FROM client_errors');
    expect((await report(sent)).status).toBe(204);
    expect(await storedUrls()).toEqual([stored]);
  });
});
