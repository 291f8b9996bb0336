import { ArrowRightOutlined } from '@ant-design/icons';
import type { Border, Fill, Frame, Rgba, Shadow } from '@ferry/shared';
import type { LayerChange, PropertyChange } from '@ferry/shared/compare/types';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColorFormat, percent } from '../colors';
import { CopyValue } from '../panels/CopyValue';
import { ColorValue, FillValue } from '../panels/parts';
import { formatLength, type UnitContext } from '../units';
import { orderedProperties } from './changes';

/**
 * Before → after of one change, each value in the inspect panel's own formats (lengths in the chosen unit,
 * colours as chips in the chosen format). The values are the LayerDoc's shapes; anything else (a newer diff
 * engine's field) is shown as written rather than dropped.
 */
export interface ValueContext {
  units: UnitContext;
  colorFormat: ColorFormat;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRgba = (value: unknown): value is Rgba =>
  isObject(value) && 'r' in value && 'g' in value && 'b' in value;

/** One row: label, before, arrow, after; "—" for a side without the value. */
function Diff({
  label,
  before,
  after,
  testId,
}: {
  label: string;
  before: ReactNode;
  after: ReactNode;
  testId: string;
}) {
  return (
    <div className="compare-diff-row" data-testid={testId}>
      <span className="compare-diff-label">{label}</span>
      <span className="compare-diff-value is-before" data-testid={`${testId}-before`}>
        {before ?? '—'}
      </span>
      <ArrowRightOutlined className="compare-diff-arrow" />
      <span className="compare-diff-value is-after" data-testid={`${testId}-after`}>
        {after ?? '—'}
      </span>
    </div>
  );
}

function Plain({ value }: { value: string }) {
  return <CopyValue value={value} />;
}

/** A length value, or nothing when the side has none. */
const lengthOf = (value: unknown, context: ValueContext, kind?: 'font' | 'spacing') =>
  typeof value === 'number' ? <Plain value={formatLength(value, context.units, kind)} /> : null;

function fillsOf(value: unknown, context: ValueContext) {
  if (!Array.isArray(value)) return null;
  if (value.length === 0) return '—';
  return (
    <span className="compare-values">
      {(value as Fill[]).map((fill, index) => (
        <FillValue key={index} fill={fill} format={context.colorFormat} />
      ))}
    </span>
  );
}

function bordersOf(value: unknown, context: ValueContext) {
  if (!Array.isArray(value)) return null;
  if (value.length === 0) return '—';
  return (
    <span className="compare-values">
      {(value as Border[]).map((border, index) => (
        <span className="compare-value-line" key={index}>
          <FillValue fill={border.fill} format={context.colorFormat} />
          <Plain value={formatLength(border.width, context.units)} />
        </span>
      ))}
    </span>
  );
}

function shadowsOf(value: unknown, context: ValueContext) {
  if (!Array.isArray(value)) return null;
  if (value.length === 0) return '—';
  const length = (px: number) => formatLength(px, context.units);
  return (
    <span className="compare-values">
      {(value as Shadow[]).map((shadow, index) => (
        <span className="compare-value-line" key={index}>
          <ColorValue color={shadow.color} format={context.colorFormat} />
          <Plain value={[shadow.x, shadow.y, shadow.blur, shadow.spread].map(length).join(' ')} />
        </span>
      ))}
    </span>
  );
}

function radiusOf(value: unknown, context: ValueContext) {
  const list = Array.isArray(value) ? (value as number[]) : typeof value === 'number' ? [value] : null;
  if (!list) return null;
  const same = list.every((each) => each === list[0]);
  return (
    <Plain value={(same ? list.slice(0, 1) : list).map((px) => formatLength(px, context.units)).join(' ')} />
  );
}

/** Any other value as written: text as is, the rest as JSON. */
const anyValue = (value: unknown) =>
  value === null || value === undefined ? null : (
    <Plain value={typeof value === 'string' ? value : JSON.stringify(value)} />
  );

/** A text's alignment and run styles, as the diff gives them (null for a side without text). */
interface TextStyle {
  align?: unknown;
  runs?: Record<string, unknown>[];
}

/** The fields of a run that are its look (where it starts and ends follows the content). */
const styleFields = (run: Record<string, unknown> | undefined) =>
  Object.keys(run ?? {}).filter((field) => field !== 'start' && field !== 'end');

/** The text style's fields that differ, one row each (alignment, then font, size, weight, colour … per run). */
function TextStyleRows({ change, context }: { change: PropertyChange; context: ValueContext }) {
  const { t } = useTranslation();
  const before = (isObject(change.before) ? change.before : {}) as TextStyle;
  const after = (isObject(change.after) ? change.after : {}) as TextStyle;
  const label: Record<string, string> = {
    align: t('inspect.align'),
    fontFamily: t('inspect.font'),
    postScriptName: t('inspect.postScript'),
    fontSize: t('inspect.fontSize'),
    fontWeight: t('inspect.weight'),
    fontStyle: t('inspect.fontStyle'),
    lineHeight: t('inspect.lineHeight'),
    letterSpacing: t('inspect.letterSpacing'),
    underline: t('inspect.underline'),
    strikethrough: t('inspect.strikethrough'),
    color: t('inspect.color'),
  };
  const show = (field: string, value: unknown) => {
    if (isRgba(value)) return <ColorValue color={value} format={context.colorFormat} />;
    if (field === 'fontSize' || field === 'lineHeight') return lengthOf(value, context, 'font');
    if (field === 'letterSpacing') return lengthOf(value, context, 'spacing');
    if (field === 'align' && typeof value === 'string')
      return <Plain value={t(`inspect.alignment.${value}`)} />;
    return anyValue(value);
  };
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  const rows: { key: string; label: string; field: string; before: unknown; after: unknown }[] = [];
  if (differs(before.align, after.align)) {
    rows.push({ key: 'align', label: label.align, field: 'align', before: before.align, after: after.align });
  }
  const beforeRuns = before.runs ?? [];
  const afterRuns = after.runs ?? [];
  const count = Math.max(beforeRuns.length, afterRuns.length);
  for (let index = 0; index < count; index++) {
    const from = beforeRuns[index] ?? beforeRuns[beforeRuns.length - 1];
    const to = afterRuns[index] ?? afterRuns[afterRuns.length - 1];
    for (const field of new Set([...styleFields(from), ...styleFields(to)])) {
      if (!differs(from?.[field], to?.[field])) continue;
      const name = label[field] ?? field;
      // A row per run only when the runs differ from each other: one style reads as the text's.
      rows.push({
        key: `${index}-${field}`,
        label: count > 1 ? `${name} ${index + 1}` : name,
        field,
        before: from?.[field],
        after: to?.[field],
      });
    }
  }
  // Runs split the same way in both versions often repeat one change: shown once.
  const seen = new Set<string>();
  const unique = rows.filter((row) => {
    const key = `${row.field}:${JSON.stringify(row.before)}:${JSON.stringify(row.after)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return (
    <>
      {unique.map((row) => (
        <Diff
          key={row.key}
          label={
            unique.filter((other) => other.field === row.field).length > 1
              ? row.label
              : (label[row.field] ?? row.field)
          }
          before={show(row.field, row.before)}
          after={show(row.field, row.after)}
          testId={`compare-diff-text-${row.field}`}
        />
      ))}
    </>
  );
}

/** The rows of one changed property. */
function PropertyRows({ change, context }: { change: PropertyChange; context: ValueContext }) {
  const { t } = useTranslation();
  const label = t(`compare.property.${change.property}`);
  const testId = `compare-diff-${change.property}`;
  const pair = (show: (value: unknown) => ReactNode) => (
    <Diff label={label} before={show(change.before)} after={show(change.after)} testId={testId} />
  );
  switch (change.property) {
    case 'position':
    case 'size':
      // Shown from the frames, with the other frame values.
      return null;
    case 'textStyle':
      return <TextStyleRows change={change} context={context} />;
    case 'fills':
      return pair((value) => fillsOf(value, context));
    case 'borders':
      return pair((value) => bordersOf(value, context));
    case 'shadows':
      return pair((value) => shadowsOf(value, context));
    case 'radius':
      return pair((value) => radiusOf(value, context));
    case 'opacity':
      return pair((value) => (typeof value === 'number' ? <Plain value={percent(value)} /> : null));
    default:
      return pair(anyValue);
  }
}

/** X, Y, W and H of both frames; only those that differ unless the layer was added or removed. */
function FrameRows({ change, context }: { change: LayerChange; context: ValueContext }) {
  const fields: (keyof Frame)[] = ['x', 'y', 'width', 'height'];
  const names: Record<keyof Frame, string> = { x: 'X', y: 'Y', width: 'W', height: 'H' };
  const { beforeFrame, afterFrame } = change;
  return (
    <>
      {fields
        .filter((field) => change.kind !== 'changed' || beforeFrame?.[field] !== afterFrame?.[field])
        .map((field) => (
          <Diff
            key={field}
            label={names[field]}
            before={lengthOf(beforeFrame?.[field], context)}
            after={lengthOf(afterFrame?.[field], context)}
            testId={`compare-diff-frame-${field}`}
          />
        ))}
    </>
  );
}

/** What a selected change is, before → after. */
export function ChangeDetail({ change, context }: { change: LayerChange; context: ValueContext }) {
  const { t } = useTranslation();
  return (
    <div className="compare-detail" data-testid="compare-detail">
      <div className="compare-diff-head">
        <span />
        <span>{t('compare.before')}</span>
        <span />
        <span>{t('compare.after')}</span>
      </div>
      <FrameRows change={change} context={context} />
      {orderedProperties(change).map((property) => (
        <PropertyRows key={property.property} change={property} context={context} />
      ))}
    </div>
  );
}
