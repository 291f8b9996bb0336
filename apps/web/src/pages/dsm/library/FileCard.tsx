import { FileTextOutlined } from '@ant-design/icons';
import type { DsmFile, TypographyValue } from '@ferry/shared';
import { useTranslation } from 'react-i18next';
import { colorOf } from './folderTree';
import { typographySpecs, typographyStyle } from './typography';

/** What a file's card shows: its picture, its colour, a sample of its text style, or its title. */
function FilePreview({ file }: { file: DsmFile }) {
  const { t } = useTranslation();
  if (file.type === 'color') {
    const color = colorOf(file) ?? '#ffffff';
    return <span className="dsm-card-swatch" data-testid="dsm-swatch" style={{ background: color }} />;
  }
  if (file.type === 'text_style') {
    const value = file.package_info as TypographyValue | null;
    return (
      <span
        className="dsm-card-sample"
        data-testid="dsm-text-sample"
        style={value ? typographyStyle(value) : {}}
      >
        {t('dsm.file.sampleText')}
      </span>
    );
  }
  if (file.type === 'doc') {
    return <FileTextOutlined className="dsm-card-doc" />;
  }
  const picture = (file.type === 'icon' && file.image_svg) || file.image_2x || file.image_1x;
  return picture ? (
    <img className="dsm-card-picture" src={picture.url} alt={file.name} data-testid="dsm-card-picture" />
  ) : (
    <span className="dsm-card-empty">{t('dsm.file.noPicture')}</span>
  );
}

/** The line under a card's name: a colour's hex, a text style's specs, the file's kind otherwise. */
function FileFacts({ file }: { file: DsmFile }) {
  const { t } = useTranslation();
  if (file.type === 'color') return <span data-testid="dsm-card-hex">{colorOf(file) ?? ''}</span>;
  if (file.type === 'text_style' && file.package_info)
    return <span>{typographySpecs(file.package_info as TypographyValue)}</span>;
  return <span>{t(`dsm.fileTypes.${file.type}`)}</span>;
}

export function FileCard({ file, onOpen }: { file: DsmFile; onOpen: () => void }) {
  return (
    <button
      type="button"
      className={`dsm-card is-${file.type}`}
      onClick={onOpen}
      data-testid="dsm-file"
      aria-label={file.name}
    >
      <span className="dsm-card-preview">
        <FilePreview file={file} />
      </span>
      <span className="dsm-card-name" data-testid="dsm-file-name">
        {file.name}
      </span>
      <span className="dsm-card-facts">
        <FileFacts file={file} />
      </span>
    </button>
  );
}
