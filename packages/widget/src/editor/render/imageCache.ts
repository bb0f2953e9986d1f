/** Something Konva can draw: an <img> in the browser, a canvas Image in Node. */
export type DrawableImage = CanvasImageSource & { width: number; height: number };

export type ImageLoader = (url: string) => Promise<DrawableImage>;

/**
 * Browser loader: CORS-anonymous so the canvas stays exportable (a tainted canvas refuses toBlob). The URL is
 * only ever set as an <img> src, never inserted as markup.
 */
export const loadBrowserImage: ImageLoader = (url) =>
  new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`Image could not be loaded: ${url.slice(0, 200)}`));
    img.src = url;
  });

export interface ImageCache {
  get(url: string): DrawableImage | undefined;
  /** Starts loading the URLs not yet known; resolves when all of them settled. */
  load(urls: string[]): Promise<void>;
  /** Called after an image finished loading (the renderer redraws). */
  onLoad(listener: () => void): void;
}

export function createImageCache(loader: ImageLoader): ImageCache {
  const images = new Map<string, DrawableImage | 'loading' | 'error'>();
  const pending = new Map<string, Promise<void>>();
  const listeners: (() => void)[] = [];
  return {
    get(url) {
      const entry = images.get(url);
      return typeof entry === 'object' ? entry : undefined;
    },
    async load(urls) {
      for (const url of urls) {
        if (images.has(url)) continue;
        images.set(url, 'loading');
        pending.set(
          url,
          loader(url).then(
            (img) => {
              images.set(url, img);
              for (const l of listeners) l();
            },
            () => {
              images.set(url, 'error');
            },
          ),
        );
      }
      await Promise.all(urls.map((u) => pending.get(u)));
    },
    onLoad(listener) {
      listeners.push(listener);
    },
  };
}
