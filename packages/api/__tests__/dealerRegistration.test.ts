// Session 22, health (split from dealers.test.ts): registering dealers as the operator command does, and the one
// form of an origin it stores.
import { describe, expect, it } from 'vitest';
import { dealerKeyHash } from '../src/dealers/dealerKey';
import { normaliseOrigin } from '../src/dealers/dealerOrigin';
import { addDealer, listDealers } from '../src/dealers/dealerRepo';
import { MEYER, dealerWorld } from './support/dealerWorld';

const { api, meyerKey } = await dealerWorld();

describe("registering dealers (the operator command's functions)", () => {
  it('stores only the hash of the key, and lists dealers without keys', async () => {
    const [row] = await api.db.query<{ key_sha256: Buffer }>(
      "SELECT key_sha256 FROM dealers WHERE id = 'autohaus-meyer'",
    );
    expect(row!.key_sha256.equals(dealerKeyHash(meyerKey)!)).toBe(true);
    expect(JSON.stringify(await api.db.query('SELECT * FROM dealers'))).not.toContain(meyerKey);
    const listed = await listDealers(api.db);
    expect(listed.find((d) => d.id === 'autohaus-meyer')).toMatchObject({
      name: 'Autohaus Meyer',
      origins: [MEYER],
    });
    expect(JSON.stringify(listed)).not.toContain('lpdk_');
  });

  it('refuses a second dealer with the same id', async () => {
    await expect(addDealer(api.db, { id: 'autohaus-meyer', name: 'Again', origins: [] })).rejects.toThrow(
      /registered already/,
    );
  });

  it.each([
    ['', /1-64 characters/],
    ['Autohaus', /a-z, 0-9/],
    ['-x', /a-z, 0-9/],
    ['a'.repeat(65), /1-64/],
    ['ä-haus', /a-z/],
  ])('refuses the id %j', async (id, message) => {
    await expect(addDealer(api.db, { id, name: 'X', origins: [] })).rejects.toThrow(message);
  });

  it('refuses names that are empty, huge or hold control characters', async () => {
    for (const name of ['', '   ', 'x'.repeat(201), 'a\u001b[31mb']) {
      await expect(addDealer(api.db, { id: 'name-test', name, origins: [] })).rejects.toThrow(/name/);
    }
  });

  it('refuses a bad origin and registers nothing', async () => {
    await expect(
      addDealer(api.db, {
        id: 'halb-fertig',
        name: 'Halb',
        origins: ['https://ok.example', 'https://x.example/shop'],
      }),
    ).rejects.toThrow(/not a bare origin/);
    expect((await listDealers(api.db)).some((d) => d.id === 'halb-fertig')).toBe(false);
  });

  it('caps the origins of a dealer', async () => {
    const origins = Array.from({ length: 21 }, (_, i) => `https://o${i}.example`);
    await expect(addDealer(api.db, { id: 'viele', name: 'Viele', origins })).rejects.toThrow(/at most 20/);
  });
});

describe('normaliseOrigin', () => {
  it.each([
    ['https://autohaus-meyer.example', 'https://autohaus-meyer.example'],
    ['https://Autohaus-Meyer.EXAMPLE/', 'https://autohaus-meyer.example'],
    ['https://autohaus-meyer.example:443', 'https://autohaus-meyer.example'],
    ['http://127.0.0.1:4100', 'http://127.0.0.1:4100'],
    ['https://müller.example', 'https://xn--mller-kva.example'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
    ['  https://a.example  ', 'https://a.example'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseOrigin(input)).toBe(expected);
  });

  it.each([
    '',
    'autohaus-meyer.example',
    'https://a.example/shop',
    'https://a.example/?x=1',
    'https://a.example#top',
    'https://user:pw@a.example',
    'ftp://a.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'null',
    '*',
    'https://*.example',
    `https://${'a'.repeat(400)}.example`,
    'https://a.example\u0000',
    'file:///etc/passwd',
  ])('refuses %j', (input) => {
    expect(() => normaliseOrigin(input)).toThrow();
  });
});
