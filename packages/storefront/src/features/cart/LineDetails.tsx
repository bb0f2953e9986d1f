import type { LineConfig } from './lineConfig';

/** Title, configuration list and design thumbnail of a cart or order line. */
export function LineDetails({ config }: { config: LineConfig }) {
  return (
    <div className="line-details">
      {config.image && (
        <img
          className="line-thumb"
          src={config.image}
          alt={`Design: ${config.title}`}
          width={64}
          height={64}
        />
      )}
      {!config.image && config.picture && (
        <img
          className="line-thumb line-thumb--picture"
          src={config.picture.src}
          alt={config.picture.alt}
          width={64}
          height={32}
          loading="lazy"
        />
      )}
      <div>
        <p className="line-title">{config.title}</p>
        {config.details.length > 0 && (
          <dl className="line-config">
            {config.details.map((detail) => (
              <div key={detail.label}>
                <dt>{detail.label}</dt>
                <dd translate={detail.verbatim && 'no'}>{detail.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}
