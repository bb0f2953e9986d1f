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
      <div>
        <p className="line-title">{config.title}</p>
        {config.details.length > 0 && (
          <dl className="line-config">
            {config.details.map((detail) => (
              <div key={detail.label}>
                <dt>{detail.label}</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}
