import { useState } from 'react';

/** Product images: the chosen one large, the others as thumbnails. */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="gallery gallery--empty" aria-hidden="true" />;
  return (
    <div className="gallery">
      <img
        src={current}
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
