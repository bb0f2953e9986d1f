import type { LpClient } from '../client/createClient';
import { CART_IMAGE_FILE_NAME, MAX_UPLOAD_BYTES } from '../contract/constants';
import type { UploadedImage } from '../contract/entities';
import { cartImagePath } from '../contract/paths';
import { nullParameterError } from '../errors';
import { invalidParameter, requireNumber } from './requireParam';

/** The image upload `createCartImageUpload(client)` makes (`sdk.cart.addItemImage`). */
export type CartImageUpload = (image: Blob, companyId: number) => Promise<UploadedImage>;

/**
 * spec 7: `POST /api/Cart/addCartItemImage`, multipart `Image` (sent as image.jpg, spec 9) and `CompanyId`;
 * answers `{ url }`. Images must be Blobs of at most 10 MB (DESIGN 2). Available as `sdk.cart.addItemImage`.
 *
 * @example
 * const addItemImage = createCartImageUpload(client);
 * const { url } = await addItemImage(pngBlob, 1001);
 */
export const createCartImageUpload =
  (client: LpClient): CartImageUpload =>
  async (image, companyId) => {
    // spec 5: image upload needs the image and companyId.
    if (!image?.size) throw nullParameterError('image');
    const formData = new FormData();
    formData.append('CompanyId', `${requireNumber('companyId', companyId)}`);
    // DESIGN 2: a Blob of at most 10 MB.
    if (!(image instanceof Blob) || image.size > MAX_UPLOAD_BYTES) throw invalidParameter('image');
    formData.append('Image', image, CART_IMAGE_FILE_NAME);
    return client.request<UploadedImage>('POST', cartImagePath, { formData });
  };
