import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UploadItem, UploadQueue } from './queue';

export interface Uploader {
  /** Opens the system's multi-file picker; the picked files join the upload queue. */
  pickFiles(): void;
}

export const UploaderContext = createContext<Uploader | null>(null);

/** The uploader of the surrounding `StageUploader`. */
export function useUploader(): Uploader {
  const uploader = useContext(UploaderContext);
  if (!uploader) throw new Error('useUploader() needs a StageUploader around it');
  return uploader;
}

/** The queue's files, re-rendering on every change. */
export function useUploadItems(queue: UploadQueue): readonly UploadItem[] {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}

/** The picker's filter: the design types (spec 001 §4); only a hint, the server checks the content. */
export const DESIGN_FILE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.bmp,.tif,.tiff,.pdf,.psd,.svg,.sketch';
