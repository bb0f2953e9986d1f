import type { EditorSdk } from './editorSdk';
import { prepareImage } from './prepareImage';

/**
 * Checks and prepares a picked picture, then uploads it through the SDK cart image call, so the document only
 * ever holds the returned URL (issue 4).
 */
export async function uploadPickedImage(
  sdk: EditorSdk,
  file: Blob,
): Promise<{ url: string; aspect: number; animated: boolean }> {
  const prepared = await prepareImage(file);
  const company = await sdk.getCompany();
  const { url } = await sdk.cart.addItemImage(prepared.blob, company.UniqueId);
  return { url, aspect: prepared.width / prepared.height, animated: prepared.animated };
}
