import { CommentOutlined } from '@ant-design/icons';
import type { Layer } from '@ferry/shared';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColorFormat, percent } from '../colors';
import { lengthValue, type UnitContext } from '../units';
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
  const length = (value: number) => lengthValue(value, units);
  /** Several lengths in one value (radii, dashes): rounded and exact alike. */
  const lengths = (values: readonly number[]) => ({
    value: values.map((value) => length(value).value).join(' '),
    exact: values.map((value) => length(value).exact).join(' '),
  });
  const { frame } = layer;
  const radius = layer.radius
    ? lengths(layer.radius.every((each) => each === layer.radius?.[0]) ? [layer.radius[0]] : layer.radius)
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
          <Row label="X" {...length(frame.x)} testId="inspect-x" />
          <Row label="Y" {...length(frame.y)} testId="inspect-y" />
        </Pair>
        <Pair>
          <Row label="W" {...length(frame.width)} testId="inspect-width" />
          <Row label="H" {...length(frame.height)} testId="inspect-height" />
        </Pair>
        <Row label={t('inspect.opacity')} value={percent(layer.opacity)} testId="inspect-opacity" />
        {radius ? <Row label={t('inspect.radius')} {...radius} testId="inspect-radius" /> : null}
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
              <Row label={t('inspect.borderWidth')} {...length(border.width)} />
              <Row label={t('inspect.borderPosition')} value={t(`inspect.position.${border.position}`)} />
              {border.dash.length ? <Row label={t('inspect.dash')} {...lengths(border.dash)} /> : null}
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
                <Row label="X" {...length(shadow.x)} />
                <Row label="Y" {...length(shadow.y)} />
              </Pair>
              <Row label={t('inspect.blur')} {...length(shadow.blur)} />
              <Row label={t('inspect.spread')} {...length(shadow.spread)} />
            </div>
          ))}
        </Section>
      ) : null}
    </div>
  );
}
