import { DeleteOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { StageImage } from '@ferry/shared';
import { memo, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardThumbnail } from '../../stage/stageModel';
import { CARD_WIDTH, THUMB_HEIGHT } from './flowLayout';

export interface FlowCardHandlers {
  onPointerDown: (id: string, event: PointerEvent) => void;
  onHandlePointerDown: (id: string, event: PointerEvent) => void;
  onOpen: (id: string) => void;
}

function Thumbnail({ image }: { image: StageImage }) {
  if (image.status === 'processing') return <LoadingOutlined className="flow-card-state" />;
  if (image.status === 'failed') return <ExclamationCircleOutlined className="flow-card-state" />;
  const picture = cardThumbnail(image, { width: CARD_WIDTH, height: THUMB_HEIGHT });
  return <img {...picture} alt="" decoding="async" loading="lazy" draggable={false} />;
}

/**
 * One design on the flow map: its thumbnail with the name under it, at (x, y) in map units. Editors get the
 * handle on its right edge to draw a link from. `image` null: a design in the recycle bin that a link still
 * names, shown so its broken arrow has an end.
 */
export const FlowCard = memo(function FlowCard({
  id,
  image,
  x,
  y,
  canEdit,
  dragging,
  handlers,
}: {
  id: string;
  image: StageImage | null;
  x: number;
  y: number;
  canEdit: boolean;
  dragging: boolean;
  handlers: FlowCardHandlers;
}) {
  const { t } = useTranslation();
  let thumb: ReactNode;
  if (image) thumb = <Thumbnail image={image} />;
  else thumb = <DeleteOutlined className="flow-card-state" />;
  const name = image ? image.name : t('flowMap.binned');
  return (
    <div
      className={`flow-card${dragging ? ' flow-card-dragging' : ''}${image ? '' : ' flow-card-binned'}`}
      style={{ transform: `translate(${x}px, ${y}px)`, width: CARD_WIDTH }}
      data-testid="flow-card"
      data-card-id={id}
      data-x={x}
      data-y={y}
      role="option"
      aria-selected={dragging}
      tabIndex={0}
      aria-label={name}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && image) handlers.onOpen(id);
      }}
      onPointerDown={(event) => handlers.onPointerDown(id, event)}
      onDoubleClick={() => {
        if (image) handlers.onOpen(id);
      }}
    >
      <div className="flow-card-thumb" style={{ height: THUMB_HEIGHT }}>
        {thumb}
      </div>
      <div className="flow-card-name" title={name}>
        {name}
      </div>
      {canEdit && image ? (
        <span
          className="flow-card-handle"
          data-testid="flow-card-handle"
          title={t('flowMap.drawLink')}
          onPointerDown={(event) => handlers.onHandlePointerDown(id, event)}
        />
      ) : null}
    </div>
  );
});
