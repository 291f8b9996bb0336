import { AppstoreAddOutlined, CommentOutlined } from '@ant-design/icons';
import type { Layer } from '@ferry/shared';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColorFormat, percent } from '../colors';
import { lengthValue, type UnitContext } from '../units';
import { CopyValue } from './CopyValue';
import { ColorValue, FillValue, Pair, Row, Section } from './parts';
import { TextStyles } from './TextStyles';
import { TokenName, useTokens } from './tokens';

export interface PropertiesProps {
  layer: Layer;
  units: UnitContext;
  colorFormat: ColorFormat;
  onComment: (() => void) | null;
  /** Opens "Add to design system" for the layer (null: not offered, as to a share link's visitor). */
  onAddToDsm?: (() => void) | null;
}

/** Everything the LayerDoc knows about the selected layer, each value copyable, lengths in the chosen unit. */
export function Properties({ layer, units, colorFormat, onComment, onAddToDsm }: PropertiesProps) {
  const { t } = useTranslation();
  const tokens = useTokens();
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
        <div className="inspect-layer-actions">
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
          {onAddToDsm ? (
            <Button
              size="small"
              icon={<AppstoreAddOutlined />}
              onClick={onAddToDsm}
              data-testid="inspect-add-to-dsm"
            >
              {t('inspect.addToDsm')}
            </Button>
          ) : null}
        </div>
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
        {radius ? (
          <Row
            label={t('inspect.radius')}
            {...radius}
            token={tokens.radius(layer.radius)}
            testId="inspect-radius"
          />
        ) : null}
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
              <TokenName token={tokens.border(border)} testId="inspect-border-token" />
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
                <TokenName token={tokens.shadow(shadow)} testId="inspect-shadow-token" />
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
