import type { VersionView } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { type CompareSide, compareApi, compareKey } from '../../../api/compare';
import { useLang } from '../../../components/hooks';
import { queryClient } from '../../../queryClient';
import { imageSource } from '../canvas/InspectCanvas';
import type { useViewport } from '../canvas/useViewport';
import type { ValueContext } from './ChangeDetail';
import { CompareCanvas, type CompareMode, type ComparePicture } from './CompareCanvas';
import { ComparePanel } from './ComparePanel';
import { changeKey, shownFrame } from './changes';
import './compare.css';

/** Where the slider's divider starts: the middle. */
const DIVIDER_START = 50;

export interface CompareViewProps {
  teamId: string;
  imageId: string;
  /** Newest first. */
  versions: VersionView[];
  /** From the address; null lets the server pick (the last inspected version, else the previous one). */
  fromId: string | null;
  toId: string | null;
  onVersions: (from: string | null, to: string) => void;
  /** The server's default "from", once answered: the view puts it in its address. */
  onDefaultFrom?: (from: string) => void;
  canvasRef: RefObject<HTMLElement | null>;
  viewport: ReturnType<typeof useViewport>;
  freeZoom: boolean;
  context: ValueContext;
}

const pictureOf = (side: CompareSide): ComparePicture => ({
  url: side.image_url,
  width: side.width,
  height: side.height,
  label: `v${side.version_number}`,
});

/**
 * The detail view's compare mode: two versions of the design, what changed between them listed in the panel
 * and boxed on the canvas (or the two pictures under a slider), a change's values before → after.
 */
export function CompareView(props: CompareViewProps) {
  const lang = useLang();
  const { teamId, imageId, versions, fromId, toId } = props;
  const comparison = useQuery({
    queryKey: compareKey(teamId, imageId, {
      from: fromId,
      to: toId,
      layers: versions.map((version) => version.layers_status).join(),
    }),
    queryFn: ({ signal }) =>
      compareApi.compare({ team_id: teamId, image_id: imageId }, { from: fromId, to: toId }, signal),
    enabled: !!teamId && !!imageId,
    retry: false,
    staleTime: 60_000,
  });
  const data = comparison.data;
  // The default "from" is the version last inspected, and opening this view records the newer one as inspected:
  // held in the address (its answer kept under that key), a retry or refetch compares the same two versions.
  const { onDefaultFrom } = props;
  useEffect(() => {
    if (!data || fromId || !onDefaultFrom) return;
    const layers = versions.map((version) => version.layers_status).join();
    queryClient.setQueryData(
      compareKey(teamId, imageId, { from: data.from.version_id, to: toId, layers }),
      data,
    );
    onDefaultFrom(data.from.version_id);
  }, [data, fromId, onDefaultFrom, versions, teamId, imageId, toId]);
  const [mode, setMode] = useState<CompareMode>('overlay');
  const [overlays, setOverlays] = useState(true);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [divider, setDivider] = useState(DIVIDER_START);
  const shownFrom = data?.from.version_id ?? fromId;
  const shownTo = data?.to.version_id ?? toId ?? versions.find((version) => version.current)?.id ?? null;
  useEffect(() => setSelectedKey(null), [shownFrom, shownTo]);

  // Without an answer (refused: layers not read, a plain picture) the pictures still show, the slider over them
  // too: the newer version, and the one asked for or the one before it.
  const toAt = versions.findIndex((version) => version.id === shownTo);
  const fromVersion = versions.find((version) => version.id === shownFrom) ?? versions[toAt + 1];
  const pictureOfVersion = (version: VersionView | undefined): ComparePicture | null =>
    version
      ? {
          url: imageSource(version, false),
          width: version.width,
          height: version.height,
          label: `v${version.version}`,
        }
      : null;
  // A change picked in the list is brought into view when it lies outside the canvas.
  const { scale, offset, panBy } = props.viewport;
  const selectFromList = (key: string | null) => {
    setSelectedKey(key);
    const change = data?.diff.changes.find((candidate) => changeKey(candidate) === key);
    const frame = change && shownFrame(change);
    const canvas = props.canvasRef.current;
    if (!frame || !canvas) return;
    const left = offset.x + frame.x * scale;
    const top = offset.y + frame.y * scale;
    const right = left + frame.width * scale;
    const bottom = top + frame.height * scale;
    if (left >= 0 && top >= 0 && right <= canvas.clientWidth && bottom <= canvas.clientHeight) return;
    panBy((left + right - canvas.clientWidth) / 2, (top + bottom - canvas.clientHeight) / 2);
  };
  const chooseVersions = (from: string, to: string) => {
    const toAt = versions.findIndex((version) => version.id === to);
    const fromAt = versions.findIndex((version) => version.id === from);
    // The older side stays older: a newer or equal "from" gives way to the version just before "to".
    props.onVersions(fromAt > toAt ? from : (versions[toAt + 1]?.id ?? null), to);
  };
  return (
    <>
      <CompareCanvas
        canvasRef={props.canvasRef}
        viewport={props.viewport}
        freeZoom={props.freeZoom}
        from={data ? pictureOf(data.from) : pictureOfVersion(fromVersion)}
        to={data ? pictureOf(data.to) : pictureOfVersion(versions[toAt])}
        changes={data?.diff.changes ?? []}
        mode={mode}
        overlays={overlays}
        selectedKey={selectedKey}
        onSelect={setSelectedKey}
        divider={divider}
        onDivider={setDivider}
      />
      <ComparePanel
        versions={versions}
        fromId={shownFrom}
        toId={shownTo}
        onVersions={chooseVersions}
        summary={data ? data.summary[lang] : null}
        changes={data?.diff.changes ?? null}
        loading={comparison.isLoading}
        error={comparison.error ? comparison.error.message : null}
        onRetry={() => void comparison.refetch()}
        mode={mode}
        onMode={setMode}
        overlays={overlays}
        onOverlays={setOverlays}
        selectedKey={selectedKey}
        onSelect={selectFromList}
        context={props.context}
      />
    </>
  );
}
