import type { StageImage } from '@ferry/shared';
import { useTranslation } from 'react-i18next';
import { thumbnailUrl } from '../../stage/stageModel';

interface DesignListProps {
  designs: StageImage[];
  currentId: string;
  /** Hotspots drawn on each design. */
  counts: ReadonlyMap<string, number>;
  onOpen: (id: string) => void;
}

/** The project's designs in stage order: a thumbnail, the name and how many hotspots each holds. */
export function DesignList({ designs, currentId, counts, onOpen }: DesignListProps) {
  const { t } = useTranslation();
  return (
    <nav className="proto-designs" aria-label={t('protoEditor.designs')} data-testid="proto-designs">
      <div className="proto-panel-title">
        {t('protoEditor.designs')}
        <span className="proto-muted">{designs.length}</span>
      </div>
      <ul className="proto-design-list">
        {designs.map((design) => {
          const thumb = thumbnailUrl(design);
          const count = counts.get(design.id) ?? 0;
          return (
            <li key={design.id}>
              <button
                type="button"
                className={`proto-design-item${design.id === currentId ? ' is-current' : ''}`}
                onClick={() => onOpen(design.id)}
                aria-current={design.id === currentId ? 'page' : undefined}
                data-testid="proto-design"
                data-design-id={design.id}
              >
                <span className="proto-design-thumb">
                  {thumb ? <img src={thumb} alt="" loading="lazy" draggable={false} /> : null}
                </span>
                <span className="proto-design-name" title={design.name}>
                  {design.name}
                </span>
                {count > 0 ? (
                  <span
                    className="proto-count"
                    data-testid="proto-design-count"
                    title={t('protoEditor.hotspotCount', { count })}
                  >
                    {count}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
