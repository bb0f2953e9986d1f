import { useState } from 'react';
import type { InlinePicture } from './inlinePicture';

/**
 * Product images: the chosen one large, the others as thumbnails. `inline`: the first picture as carried in the
 * server's page (inlinePicture.ts), shown instead of requesting its address.
 */
export function Gallery({
  images,
  alt,
  inline,
}: {
  images: string[];
  alt: string;
  inline?: InlinePicture | undefined;
}) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="gallery gallery--empty" aria-hidden="true" />;
  return (
    <div className="gallery">
      <img
        src={inline?.src === current ? inline.data : current}
        alt={alt}
        width={640}
        height={320}
        className="gallery__main"
        fetchPriority="high"
        decoding="async"
      />
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                aria-label={`Bild ${i + 1}`}
              >
                <img src={image} alt="" width={80} height={40} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
