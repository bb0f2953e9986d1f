// Session 25, hostile: the order history's DateFrom/DateTo (Berlin days, session 24) at the calendar's edges and in
// spellings a client may try: the last and first day PostgreSQL and JavaScript share, a day no month has, a time or
// time zone inside the date, an extended year. Each is a list (200) or a 400 `validation`, never a 500. Real
// database (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, call, demoOrderFilter, loginDemo, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(async () => {
  await api.close();
});

describe('DateFrom and DateTo at the edges of the calendar', () => {
  it('lists for the widest span, and refuses impossible days, times, zones and extended years with 400', async () => {
    const session = await loginDemo(api, '10.25.0.1');
    const status = async (DateFrom: string, DateTo: string) => {
      const res = await call(api, 'POST', paths.order.list, {
        body: demoOrderFilter({ DateFrom, DateTo }),
        headers: session,
      });
      if (res.status === 400)
        expect((res.body as { code: string }).code, `${DateFrom}..${DateTo}`).toMatch(/^validation$/);
      return res.status;
    };
    expect(await status('0001-01-01', '9999-12-31')).toBe(200);
    expect(await status('9999-12-31', '9999-12-31')).toBe(200);
    expect(await status('9999-12-31', '0001-01-01')).toBe(200);
    for (const day of [
      '2026-02-30',
      '2026-13-01',
      '2026-02-29',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00+14:00',
      '2026-01-01 Europe/Berlin',
      '+002026-01-01',
      '-000001-01-01',
      '10000-01-01',
      '2026-1-1',
      '',
    ]) {
      expect(await status(day, '2026-12-31'), day).toBe(400);
      expect(await status('2026-01-01', day), day).toBe(400);
    }
  });
});
