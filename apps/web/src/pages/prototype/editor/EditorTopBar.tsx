import {
  AimOutlined,
  ArrowLeftOutlined,
  BorderOutlined,
  CaretRightOutlined,
  FileSearchOutlined,
} from '@ant-design/icons';
import { Button, Segmented, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditMode } from './useCanvasDrag';

interface EditorTopBarProps {
  name: string;
  onBack: () => void;
  /** Editors only: drawing rectangles or snapping to layers; null for viewers. */
  mode: EditMode | null;
  canSnap: boolean;
  onMode: (mode: EditMode) => void;
  onDetail: (() => void) | null;
  onPlay: (() => void) | null;
}

/** The editor's dark bar: back to the stage, the design, the drawing mode, its detail view and the demo. */
export function EditorTopBar(props: EditorTopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="detail-bar proto-bar">
      <div className="detail-bar-left">
        <Tooltip title={t('protoEditor.backToStage')}>
          <Button
            type="text"
            className="detail-bar-button"
            icon={<ArrowLeftOutlined />}
            onClick={props.onBack}
            aria-label={t('protoEditor.backToStage')}
            data-testid="proto-back"
          />
        </Tooltip>
        <span className="detail-bar-divider" />
        <span className="proto-bar-tag">{t('titles.prototype')}</span>
        <h1 className="detail-name" title={props.name} data-testid="proto-name">
          {props.name}
        </h1>
      </div>
      <div className="detail-bar-center">
        {props.mode ? (
          <Segmented
            className="proto-mode"
            size="small"
            value={props.mode}
            onChange={(value) => props.onMode(value as EditMode)}
            data-testid="proto-mode"
            options={[
              { value: 'draw', icon: <BorderOutlined />, label: t('protoEditor.modeDraw') },
              {
                value: 'snap',
                icon: <AimOutlined />,
                label: t('protoEditor.modeSnap'),
                disabled: !props.canSnap,
              },
            ]}
          />
        ) : (
          <span className="proto-readonly" data-testid="proto-readonly">
            {t('protoEditor.readOnly')}
          </span>
        )}
      </div>
      <div className="detail-bar-right">
        {props.onDetail ? (
          <Button
            type="text"
            className="detail-bar-button"
            icon={<FileSearchOutlined />}
            onClick={props.onDetail}
            data-testid="proto-detail"
          >
            {t('protoEditor.detail')}
          </Button>
        ) : null}
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          disabled={!props.onPlay}
          onClick={() => props.onPlay?.()}
          data-testid="proto-play"
        >
          {t('protoEditor.play')}
        </Button>
      </div>
    </header>
  );
}
