import { DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import type { DsmFile, DsmImageRef } from '@ferry/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailPath } from '../../stage/paths';

/** A component's or icon's pictures (1x, 2x, 4x, SVG) to download, and the design it was taken from. */
export function PictureList({ file, teamId }: { file: DsmFile; teamId: string }) {
  const { t } = useTranslation();
  const pictures: Array<[string, DsmImageRef | null]> = [
    ['1x', file.image_1x],
    ['2x', file.image_2x],
    ['4x', file.image_4x],
    ['SVG', file.image_svg],
  ];
  const shown = file.image_2x ?? file.image_1x ?? file.image_svg;
  const host = file.host_object;
  const source = host
    ? `${detailPath(teamId, host.project_id, host.image_id, host.version_id)}&layer_id=${encodeURIComponent(host.layer_id)}`
    : null;
  return (
    <div className="dsm-pictures">
      {shown && (
        <div className="dsm-picture-stage">
          <img src={(file.type === 'icon' && file.image_svg?.url) || shown.url} alt={file.name} />
        </div>
      )}
      <ul className="dsm-picture-list" data-testid="dsm-pictures">
        {pictures
          .filter((entry): entry is [string, DsmImageRef] => entry[1] !== null)
          .map(([scale, picture]) => (
            <li key={scale}>
              <span className="dsm-picture-scale">{scale}</span>
              <span className="dsm-muted">
                {picture.width} × {picture.height}
              </span>
              <a
                href={picture.url}
                download
                target="_blank"
                rel="noreferrer"
                data-testid="dsm-picture-download"
              >
                <DownloadOutlined /> {t('dsm.file.download')}
              </a>
            </li>
          ))}
      </ul>
      {!shown && <p className="dsm-muted">{t('dsm.file.noPicture')}</p>}
      {source && (
        <Link to={source} className="dsm-source-link" data-testid="dsm-source-link">
          <LinkOutlined /> {t('dsm.file.source')}
        </Link>
      )}
    </div>
  );
}
