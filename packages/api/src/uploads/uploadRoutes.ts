import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { paths } from '@lp/sdk/contract';
import { ErrorResponses, UploadedImageSchema } from '@lp/sdk/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError, badRequest, missingParameter, notFound } from '../http/ApiError';
import { companyIdFromText } from '../http/companyIdFromText';
import { apiOrigin } from '../http/origin';
import { responses } from '../http/schemas';
import { retentionSweep } from '../limits/retention';
import { imageKind } from './imageType';
import { importLegacyUploads } from './importLegacyUploads';
import { checkPixelSize } from './pixelLimit';
import { readUploadForm, UPLOAD_LIMITS } from './readUploadForm';
import { stripImageMetadata, stripOrRefuse } from './stripImageMetadata';
import { cleanStoredUploads, uncheckedFiles } from './stripStoredUploads';
import { UPLOAD_FILE_NAME, uploadKey } from './uploadKey';

/**
 * How long an uploaded image that no cart line and no order references is kept after its last upload. An upload is
 * referenced only once its line is added; a picture picked in the editor waits unreferenced in the shopper's saved
 * draft (localStorage, kept until the design is ordered) for as long as the shopper takes, so a day would break
 * drafts that survive a reload (docs/reference/print-editor.md). 90 days, the carts' span: unfinished work, a cart
 * or a design, is kept a quarter of a year (docs/reference/decisions.md, upload retention).
 */
export const UPLOAD_RETENTION_DAYS = 90;

/**
 * spec 7 addCartItemImage: multipart `Image` + `CompanyId` -> `{ url }`. The editor sends a PNG named image.jpg
 * (spec 9), so the bytes decide the type. Images are content-addressed (sha256), so the same image is stored
 * once, and live in the file store (PostgreSQL), so every API process serves every upload (DESIGN 6).
 */
export async function uploadRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  if (ctx.legacyUploadDir) await importLegacyUploads(ctx.legacyUploadDir, ctx.files, app.log);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  // The write that makes uploads deletes those nothing references any more (limits/retention.ts).
  const sweep = retentionSweep(ctx.db, 'stored_files', UPLOAD_RETENTION_DAYS);
  cleanAfterStart(app, ctx);

  app.post(
    paths.cart.addItemImage,
    { schema: { response: responses({ 200: UploadedImageSchema }) } },
    async (request) => {
      if (!request.isMultipart())
        throw new ApiError(
          415,
          'unsupported-media-type',
          'Send multipart/form-data with fields Image and CompanyId.',
        );
      const { image, companyId: companyRaw } = await readUploadForm(request);
      // spec 5: image upload needs the image and companyId.
      if (!image || image.length === 0) throw missingParameter('Image');
      if (!companyRaw) throw missingParameter('CompanyId');
      const companyId = companyIdFromText(companyRaw);
      if (companyId === undefined) {
        throw badRequest('validation', 'CompanyId must be a number from 1 to 2147483647.', [
          { field: 'CompanyId', message: 'must be an integer from 1 to 2147483647' },
        ]);
      }
      const [company] = await ctx.db.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
      if (!company) throw notFound('not-found', `Company ${companyId} not found.`);
      const kind = imageKind(image);
      if (!kind) {
        throw new ApiError(415, 'unsupported-media-type', 'The image must be a PNG or JPEG file.', [
          { field: 'Image', message: 'not PNG or JPEG' },
        ]);
      }
      await sweep();
      // A phone photo's GPS position and owner name are not kept (stripImageMetadata.ts); the name hashes what is.
      // A JPEG it cannot follow would keep what follows the bad byte; a browser cannot show it either.
      const outcome = stripOrRefuse(image, kind.ext);
      if ('refused' in outcome) {
        throw badRequest('upload-invalid', outcome.refused, [
          { field: 'Image', message: 'is not a readable image' },
        ]);
      }
      // A picture's header may claim 65,535 x 65,535 pixels in a few KB; whoever decodes it later would need 17 GB.
      checkPixelSize(kind.ext, outcome.size);
      const { kept } = outcome;
      const sha = createHash('sha256').update(kept).digest('hex');
      const name = `${sha}.${kind.ext}`;
      await ctx.files.put(uploadKey(name), kept, kind.contentType, true);
      await ctx.db.query(
        `INSERT INTO uploads (sha256, ext, content_type, size_bytes, company_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (sha256) DO NOTHING`,
        [sha, kind.ext, kind.contentType, kept.length, companyId],
      );
      return { url: `${apiOrigin(request, ctx.publicUrl)}/uploads/${name}` };
    },
  );

  // The image's bytes go out stripped; only the errors are JSON. A file is stripped when stored, but one stored
  // before (cleaned after the start, stripStoredUploads.ts), by a process of the previous version during a rolling
  // upgrade, or imported from UPLOAD_DIR may not be yet: stripping again changes nothing in a clean file.
  app.get('/uploads/:name', { schema: { response: ErrorResponses } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const match = UPLOAD_FILE_NAME.exec(name);
    const file = match ? await ctx.files.get(uploadKey(name)) : null;
    if (!file || !match) throw notFound('not-found', 'Image not found.');
    return (
      reply
        .headers({
          'content-type': file.contentType,
          'x-content-type-options': 'nosniff',
          // The name is the content's hash: it never changes, so caches may keep it for good.
          'cache-control': 'public, max-age=31536000, immutable',
          'content-security-policy': "default-src 'none'",
        })
        // Only a file not yet checked (stored before session 25, imported, or written by an older process during a
        // rolling upgrade) is stripped as it goes out; a checked one is served as stored, not walked on every GET.
        .send(file.metadataChecked ? file.bytes : stripImageMetadata(file.bytes, match[2] as 'png' | 'jpg'))
    );
  });
}

/**
 * The uploads stored before metadata was stripped are cleaned in the background once the API is ready, so the shop
 * serves meanwhile (session 25 upgrade, decisions.md); a stop keeps the batches done, the next start goes on.
 */
function cleanAfterStart(app: FastifyInstance, ctx: ApiContext): void {
  let closing = false;
  let cleaning: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    cleaning = (async () => {
      const waiting = await uncheckedFiles(ctx.db);
      if (waiting === 0) return;
      app.log.info(
        `Checking ${waiting} stored files for camera metadata (GPS position, owner) in the background.`,
      );
      const { checked, cleaned } = await cleanStoredUploads(ctx.db, () => closing);
      app.log.info(`Checked ${checked} stored files, removed camera metadata from ${cleaned}.`);
    })().catch((error: unknown) =>
      app.log.warn(
        { err: error },
        'cleaning stored uploads stopped; the next start goes on where it stopped',
      ),
    );
  });
  app.addHook('onClose', async () => {
    closing = true;
    await cleaning;
  });
}
