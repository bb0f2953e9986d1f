import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, paths } from '@lp/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError, badRequest, missingParameter, notFound } from '../http/ApiError';
import { apiOrigin } from '../http/origin';
import { imageKind } from './imageType';

const FILE_NAME = /^([a-f0-9]{64})\.(png|jpg)$/;

/**
 * spec 7 addCartItemImage: multipart `Image` + `CompanyId` -> `{ url }`. The editor sends a PNG named image.jpg
 * (spec 9), so the bytes decide the type. Files are content-addressed (sha256), so the same image is stored once.
 */
export async function uploadRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1_000, parts: 8, headerPairs: 50 },
  });

  app.post(paths.cart.addItemImage, async (request) => {
    if (!request.isMultipart())
      throw new ApiError(415, 'Send multipart/form-data with fields Image and CompanyId.');
    let image: Buffer | undefined;
    let companyRaw: string | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'Image') image = buffer;
      } else if (part.fieldname === 'CompanyId') {
        companyRaw = String(part.value);
      }
    }
    // spec 5: image upload needs the image and companyId.
    if (!image || image.length === 0) throw missingParameter('Image');
    if (!companyRaw) throw missingParameter('CompanyId');
    if (!/^\d{1,10}$/.test(companyRaw.trim())) {
      throw badRequest('CompanyId must be a number.', [
        { field: 'CompanyId', message: 'must be an integer' },
      ]);
    }
    const companyId = Number(companyRaw.trim());
    const [company] = await ctx.db.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
    if (!company) throw notFound(`Company ${companyId} not found.`);
    const kind = imageKind(image);
    if (!kind) {
      throw new ApiError(415, 'The image must be a PNG or JPEG file.', [
        { field: 'Image', message: 'not PNG or JPEG' },
      ]);
    }
    const sha = createHash('sha256').update(image).digest('hex');
    const name = `${sha}.${kind.ext}`;
    await mkdir(ctx.uploadDir, { recursive: true });
    const target = join(ctx.uploadDir, name);
    const exists = await stat(target).then(
      () => true,
      () => false,
    );
    if (!exists) {
      // Write then rename, so a reader never sees half a file.
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, image);
      await rename(temp, target);
    }
    await ctx.db.query(
      `INSERT INTO uploads (sha256, ext, content_type, size_bytes, company_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (sha256) DO NOTHING`,
      [sha, kind.ext, kind.contentType, image.length, companyId],
    );
    return { url: `${apiOrigin(request, ctx.publicUrl)}/uploads/${name}` };
  });

  app.get('/uploads/:name', async (request, reply) => {
    const match = FILE_NAME.exec((request.params as { name: string }).name);
    if (!match) throw notFound('Image not found.');
    const body = await readFile(join(ctx.uploadDir, match[0])).catch(() => null);
    if (!body) throw notFound('Image not found.');
    return reply
      .headers({
        'content-type': match[2] === 'png' ? 'image/png' : 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'",
      })
      .send(body);
  });
}
