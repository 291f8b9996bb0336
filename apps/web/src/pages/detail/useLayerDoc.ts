import type { LayersStatus, VersionView } from '@ferry/shared';
import { buildLayerIndex, type LayerIndex } from '@ferry/shared/layerIndex';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { inspectApi } from '../../api/inspect';

export type { LayersStatus };

/** none: a plain picture without layers; processing: being read after upload; failed: could not be read. */
export function layersStatusOf(version: VersionView): LayersStatus {
  return version.layers_status ?? (version.json_url ? 'ready' : 'none');
}

/**
 * The version's LayerDoc and its hit-testing index, fetched once per version (its md5 names the content, so a
 * re-import is fetched again) and kept for the session.
 */
export function useLayerDoc(version: VersionView | undefined) {
  const status = version ? layersStatusOf(version) : 'none';
  const url = version?.json_url ?? '';
  const query = useQuery({
    queryKey: ['layerDoc', version?.id ?? '', version?.json_md5 ?? ''],
    queryFn: ({ signal }) => inspectApi.layerDoc(url, signal),
    enabled: status === 'ready' && !!url,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: 1,
  });
  const doc = status === 'ready' ? (query.data ?? null) : null;
  const index: LayerIndex | null = useMemo(() => (doc ? buildLayerIndex(doc) : null), [doc]);
  return {
    status: status === 'ready' && query.isError ? ('failed' as const) : status,
    loading: status === 'ready' && query.isLoading,
    doc,
    index,
  };
}
