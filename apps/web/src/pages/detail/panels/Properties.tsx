import { CommentOutlined } from '@ant-design/icons';
import type { Layer } from '@ferry/shared';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColorFormat, percent } from '../colors';
import { formatLength, type UnitContext } from '../units';
import { CopyValue } from './CopyValue';
import { ColorValue, FillValue, Pair, Row, Section } from './parts';
import { TextStyles } from './TextStyles';

export interface PropertiesProps {
  layer: Layer;
  units: UnitContext;
  colorFormat: ColorFormat;
  onComment: (() => void) | null;
}

/** Everything the LayerDoc knows about the selected layer, each value copyable, lengths in the chosen unit. */
export function Properties({ layer, units, colorFormat, onComment }: PropertiesProps) {
  const { t } = useTranslation();
  const length = (value: number) => formatLength(value, units);
  const { frame } = layer;
  const radius = layer.radius
    ? (layer.radius.every((each) => each === layer.radius?.[0]) ? [layer.radius[0]] : layer.radius)
        .map(length)
        .join(' ')
    : null;
  return (
    <div className="inspect-properties" data-testid="inspect-properties">
      <div className="inspect-layer-head">
        <div className="inspect-layer-title">
          <CopyValue value={layer.name} className="inspect-layer-name" testId="inspect-layer-name" />
          <Tag variant="filled">{t(`inspect.type.${layer.type}`)}</Tag>
          {layer.exportable ? (
            <Tag variant="filled" color="blue">
              {t('inspect.exportable')}
            </Tag>
          ) : null}
        </div>
        {onComment ? (
          <Button
            size="small"
            icon={<CommentOutlined />}
            onClick={onComment}
            data-testid="inspect-comment-layer"
          >
            {t('inspect.commentLayer')}
          </Button>
        ) : null}
      </div>

      <Section title={t('inspect.layout')}>
        <Pair>
          <Row label="X" value={length(frame.x)} testId="inspect-x" />
          <Row label="Y" value={length(frame.y)} testId="inspect-y" />
        </Pair>
        <Pair>
          <Row label="W" value={length(frame.width)} testId="inspect-width" />
          <Row label="H" value={length(frame.height)} testId="inspect-height" />
        </Pair>
        <Row label={t('inspect.opacity')} value={percent(layer.opacity)} testId="inspect-opacity" />
        {radius ? <Row label={t('inspect.radius')} value={radius} testId="inspect-radius" /> : null}
        {layer.blendMode && layer.blendMode !== 'normal' ? (
          <Row label={t('inspect.blend')} value={layer.blendMode} testId="inspect-blend" />
        ) : null}
      </Section>

      {layer.text ? (
        <TextStyles layer={layer} text={layer.text} units={units} colorFormat={colorFormat} />
      ) : null}

      {layer.fills.length && layer.type !== 'text' ? (
        <Section title={t('inspect.fills')}>
          {[...layer.fills].reverse().map((fill, index) => (
            <FillValue key={index} fill={fill} format={colorFormat} />
          ))}
        </Section>
      ) : null}

      {layer.borders.length ? (
        <Section title={t('inspect.borders')}>
          {layer.borders.map((border, index) => (
            <div className="inspect-effect" key={index}>
              <FillValue fill={border.fill} format={colorFormat} />
              <Row label={t('inspect.borderWidth')} value={length(border.width)} />
              <Row label={t('inspect.borderPosition')} value={t(`inspect.position.${border.position}`)} />
              {border.dash.length ? (
                <Row label={t('inspect.dash')} value={border.dash.map(length).join(' ')} />
              ) : null}
            </div>
          ))}
        </Section>
      ) : null}

      {layer.shadows.length ? (
        <Section title={t('inspect.shadows')}>
          {layer.shadows.map((shadow, index) => (
            <div className="inspect-effect" key={index}>
              <div className="inspect-effect-head">
                <span>{t(`inspect.shadow.${shadow.type}`)}</span>
                <ColorValue color={shadow.color} format={colorFormat} />
              </div>
              <Pair>
                <Row label="X" value={length(shadow.x)} />
                <Row label="Y" value={length(shadow.y)} />
              </Pair>
              <Row label={t('inspect.blur')} value={length(shadow.blur)} />
              <Row label={t('inspect.spread')} value={length(shadow.spread)} />
            </div>
          ))}
        </Section>
      ) : null}
    </div>
  );
}
