import { SLICE_FORMATS, type SliceFormat } from '@ferry/shared';
import { useCallback, useState } from 'react';
import { readJson, StorageKeys, writeJson } from '../../../state/storage';

type Stored = Record<string, SliceFormat>;

const storedFormats = (): Stored => readJson<Stored | null>(StorageKeys.sliceFormats, null) ?? {};

/** The format last chosen in a project, checked (the browser's storage is anyone's to edit); PNG at first. */
export function readSliceFormat(projectId: string): SliceFormat {
  const stored = storedFormats()[projectId];
  return SLICE_FORMATS.includes(stored) ? stored : 'png';
}

/**
 * The slice format of a project, remembered across visits. A remembered format this design cannot have
 * (SVG on a PSD) shows as PNG here and stays remembered for the project's SVG designs.
 */
export function useSliceFormat(projectId: string, possible: readonly SliceFormat[]) {
  const [chosen, setChosen] = useState(() => readSliceFormat(projectId));
  const [shownFor, setShownFor] = useState(projectId);
  if (shownFor !== projectId) {
    setShownFor(projectId);
    setChosen(readSliceFormat(projectId));
  }
  const choose = useCallback(
    (format: SliceFormat) => {
      setChosen(format);
      writeJson(StorageKeys.sliceFormats, { ...storedFormats(), [projectId]: format });
    },
    [projectId],
  );
  return [possible.includes(chosen) ? chosen : 'png', choose] as const;
}
