import {
  AppstoreOutlined,
  BorderOutlined,
  FileImageOutlined,
  FolderOutlined,
  FontSizeOutlined,
  ScissorOutlined,
} from '@ant-design/icons';
import type { Layer, LayerDoc, LayerType } from '@ferry/shared';
import type { LayerIndex } from '@ferry/shared/layerIndex';
import { type GetRef, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '../useElementSize';

/** A layer type's icon, as the layer list and the compare panel show it. */
export const LAYER_ICONS: Record<LayerType, ReactNode> = {
  group: <FolderOutlined />,
  text: <FontSizeOutlined />,
  shape: <BorderOutlined />,
  image: <FileImageOutlined />,
  slice: <ScissorOutlined />,
};

function nodesOf(layers: readonly Layer[]): DataNode[] {
  // The list shows the top-most layer first, as design tools do; the doc paints first to last.
  return [...layers].reverse().map((layer) => ({
    key: layer.id,
    title: layer.name,
    icon: LAYER_ICONS[layer.type] ?? <AppstoreOutlined />,
    className: layer.visible ? undefined : 'is-hidden',
    children: layer.children?.length ? nodesOf(layer.children) : undefined,
  }));
}

/**
 * The layer list on the left (for PSDs with many layers): the doc's tree, top-most first, virtualised so
 * thousands of layers scroll smoothly. A click selects the layer; pointing at a row outlines it on the design.
 */
export function LayerTree({
  doc,
  index,
  selectedId,
  onSelect,
  onHover,
}: {
  doc: LayerDoc;
  index: LayerIndex;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onHover: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { height } = useElementSize(ref);
  const treeData = useMemo(() => nodesOf(doc.layers), [doc]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const treeRef = useRef<GetRef<typeof Tree>>(null);

  // A layer selected on the design opens its groups here.
  useEffect(() => {
    if (!selectedId) return;
    const ancestors = index.ancestorsOf(selectedId).map((layer) => layer.id);
    setExpanded((current) => [...new Set([...current, ...ancestors])]);
    // After the groups have opened, bring the row into view.
    const frame = requestAnimationFrame(() => treeRef.current?.scrollTo({ key: selectedId, align: 'auto' }));
    return () => cancelAnimationFrame(frame);
  }, [selectedId, index]);

  return (
    <nav className="inspect-tree" aria-label={t('inspect.layerList')} data-testid="inspect-layer-tree">
      <header className="inspect-tree-title">{t('inspect.layerList')}</header>
      <div className="inspect-tree-body" ref={ref} onPointerLeave={() => onHover(null)}>
        {/* Virtualised once measured (jsdom never measures: everything renders there). */}
        <Tree
          blockNode
          showIcon
          height={height > 0 ? height : undefined}
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys as string[])}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => onSelect((keys[0] as string | undefined) ?? null)}
          onMouseEnter={({ node }) => onHover(node.key as string)}
          ref={treeRef}
        />
      </div>
    </nav>
  );
}
