// Uploaded design images are personal data (a shopper's photo, logo or name) and content-addressed, so one file can
// serve several lines. An upload no cart line and no order references is deleted UPLOAD_RETENTION_DAYS after its
// last upload by the upload route of an API process (limits/retention.ts); `lp-api customer export` lists a person's
// uploads and `delete` deletes those only that person's deleted carts and orders used (src/privacy/).
import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerExport } from '../src/privacy/customerExport';
import { UPLOAD_RETENTION_DAYS } from '../src/uploads/uploadRoutes';
import { customerCommand } from './support/customerCommand';
import { JPEG } from './support/images';
import { type Api, addBody, addItem, call, makeApi, restartableApi, saveBody } from './support/testApi';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A distinct image per `n`: a real JPEG with a JFIF header of its own, its density `n` (kept by the metadata stripper,
 * which keeps a JFIF segment only as its 14-byte header without a thumbnail).
 */
const image = (n: number) =>
  Buffer.concat([
    JPEG.subarray(0, 2),
    Buffer.from([0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, n, 0, 1, 0, 0]),
    JPEG.subarray(2),
  ]);

/** The editor's upload (spec 7 addCartItemImage): answers the URL the design's line refers to. */
async function upload(api: Api, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('CompanyId', '1001');
  form.append('Image', new Blob([new Uint8Array(bytes)]), 'image.jpg');
  const res = await api.inject({ method: 'POST', url: paths.cart.addItemImage, payload: form });
  expect(res.statusCode).toBe(200);
  return (JSON.parse(res.body) as { url: string }).url;
}

const served = async (api: Api, url: string) =>
  (await api.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

/** The editor's cart line (docs/reference/print-editor.md): the rendered design, and a picked picture in its document. */
const designLine = (rendered: string, picture?: string) =>
  addBody('KZH-029', 10, {
    'Design-Bild': rendered,
    'Design-Dokument': JSON.stringify({
      version: 1,
      width: 6056,
      height: 300,
      items: picture
        ? [{ id: 'i1', type: 'image', value: picture, top: 50, left: 15, height: 200, width: 200 }]
        : [],
    }),
  });

async function saveOrder(api: Api, cartGuid: string, email: string, confirm: boolean) {
  const billingPerson = { email, phone: '+49 1701234567', name: 'Greta', lastName: 'Maler' };
  const saved = await call(api, 'POST', paths.order.save, { body: saveBody({ billingPerson }), cartGuid });
  expect(saved.status).toBe(200);
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  if (confirm)
    expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
  return headerGuid;
}

const uploadedDaysAgo = (api: Api, url: string, days: number) =>
  api.db.query(`UPDATE stored_files SET created_at = now() - make_interval(days => $2) WHERE key = $1`, [
    new URL(url).pathname.slice(1),
    days,
  ]);

const uploadRows = async (api: Api, url: string) =>
  (
    await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE sha256 = $1', [
      new URL(url).pathname.slice('/uploads/'.length, -'.jpg'.length),
    ])
  )[0]!.n;

describe(`uploads nothing references for ${UPLOAD_RETENTION_DAYS} days`, () => {
  it('are deleted by the next process that takes an upload; fresh ones and those of carts and placed orders stay', async () => {
    const start = await restartableApi(cleanups, 'lp-upload-retention-');
    let api = await start();
    const [abandoned, fresh, inCart, ordered, orderedPicture, again, ofExpiredCart] = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((n) => upload(api, image(n))),
    );
    await addItem(api, designLine(inCart!));
    const placed = await addItem(api, designLine(ordered!, orderedPicture));
    await saveOrder(api, placed.cartGuid!, 'greta@example.de', true);
    // As after its payment: the ordered line has left the cart, only the order refers to the files.
    await api.db.query(
      'DELETE FROM cart_items WHERE cart_id = (SELECT id FROM carts WHERE guid = $1::uuid)',
      [placed.cartGuid],
    );
    const expiring = await addItem(api, designLine(ofExpiredCart!));
    const old = UPLOAD_RETENTION_DAYS + 1;
    for (const url of [abandoned, inCart, ordered, orderedPicture, again, ofExpiredCart]) {
      await uploadedDaysAgo(api, url!, old);
    }
    // A picture picked again for a new design gets its full time again.
    expect(await upload(api, image(6))).toBe(again);
    await uploadedDaysAgo(api, fresh!, UPLOAD_RETENTION_DAYS - 1);
    await api.db.query(`UPDATE carts SET updated_at = now() - interval '100 days' WHERE guid = $1::uuid`, [
      expiring.cartGuid,
    ]);
    await api.close();

    api = await start();
    // Only the write that makes uploads deletes them; the cart add deletes the expired cart.
    await addItem(api, addBody('KZH-001'));
    expect(await served(api, abandoned!)).toBe(200);
    await upload(api, image(8));
    expect(await served(api, abandoned!)).toBe(404);
    expect(await uploadRows(api, abandoned!)).toBe(0);
    expect(await served(api, ofExpiredCart!)).toBe(404);
    for (const url of [fresh, inCart, ordered, orderedPicture, again])
      expect(await served(api, url!)).toBe(200);
    expect(await uploadRows(api, ordered!)).toBe(1);
  });
});

describe('a customer whose designs are erased (lp-api customer, DSGVO art. 15 and 17)', () => {
  it('lists her uploads in the export; delete removes only those nobody else uses', async () => {
    const api = await makeApi({ publicUrl: 'https://api.example.test' });
    cleanups.push(() => api.close());
    const [own, shared, invoiced, strangers] = await Promise.all(
      [11, 12, 13, 14].map((n) => upload(api, image(n))),
    );
    // A checkout she saved and never placed: her design, and a picture another shopper uses too.
    const draft = await addItem(api, designLine(own!, shared));
    await saveOrder(api, draft.cartGuid!, 'Greta.Maler@example.de', false);
    await addItem(api, designLine(shared!));
    // A placed order: its design stays with the invoice.
    const placed = await addItem(api, designLine(invoiced!));
    await saveOrder(api, placed.cartGuid!, 'greta.maler@example.de', true);
    await addItem(api, designLine(strangers!));

    const customer = (...args: string[]) => customerCommand(api.db, ...args);
    const exported = await customer('export', 'greta.maler@example.de');
    expect(exported.code).toBe(0);
    const doc = JSON.parse(exported.out) as CustomerExport;
    const path = (url: string) => new URL(url).pathname;
    expect([...doc.uploads].sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      [own, shared, invoiced]
        .map((url) => ({
          key: path(url!).slice(1),
          path: path(url!),
          contentType: 'image/jpeg',
          size: image(0).length,
          uploadedAt: expect.any(String),
        }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(doc.notes.join(' ')).toContain('"uploads"');

    const erased = await customer('delete', 'greta.maler@example.de', '--json');
    expect(erased.code).toBe(0);
    expect(JSON.parse(erased.out)).toMatchObject({ uploadsDeleted: 1, uploadsKept: 2 });
    expect(await served(api, own!)).toBe(404);
    expect(await uploadRows(api, own!)).toBe(0);
    for (const url of [shared, invoiced, strangers]) expect(await served(api, url!)).toBe(200);
  });

  it('says in the erasure text how many images went and why others stayed', async () => {
    const api = await makeApi();
    cleanups.push(() => api.close());
    const url = await upload(api, image(21));
    const cart: Cart = await addItem(api, designLine(url));
    await saveOrder(api, cart.cartGuid!, 'ida@example.de', false);
    const { code, out } = await customerCommand(api.db, 'delete', 'ida@example.de');
    expect(code).toBe(0);
    expect(out).toContain('  images:   1 uploaded design image(s) deleted');
    expect(await served(api, url)).toBe(404);
  });
});
