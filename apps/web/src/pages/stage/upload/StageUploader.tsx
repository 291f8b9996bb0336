import { CloudUploadOutlined } from '@ant-design/icons';
import { type DragEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGN_FILE_ACCEPT, type Uploader, UploaderContext } from './context';
import type { UploadQueue } from './queue';
import { uploadQueueOf } from './registry';
import { UploadTray } from './UploadTray';
import { useUploadNotices } from './useUploadNotices';
import './upload.css';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Wraps the stage body as a drop zone (an overlay shows while files are dragged over it), holds the hidden
 * multi-file picker that `useUploader().pickFiles()` opens, and renders the progress tray. Another kind of
 * upload (product documents) passes its own queue, picker filter and hint.
 */
export function StageUploader({
  teamId,
  projectId,
  queue: ownQueue,
  accept = DESIGN_FILE_ACCEPT,
  dropHint,
  children,
}: {
  teamId: string;
  projectId: string;
  queue?: UploadQueue;
  accept?: string;
  dropHint?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const queue = ownQueue ?? uploadQueueOf(teamId, projectId);
  const input = useRef<HTMLInputElement>(null);
  // Enter and leave fire for every child the pointer crosses: count them to know when it really left.
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);
  useUploadNotices(queue, projectId);

  const uploader = useMemo<Uploader>(() => ({ pickFiles: () => input.current?.click() }), []);

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) queue.add(files);
  };

  return (
    <UploaderContext.Provider value={uploader}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files; picking goes through the stage's button */}
      <div
        className="upload-dropzone"
        data-testid="stage-dropzone"
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        {children}
        {dragging ? (
          <div className="upload-drop-overlay" data-testid="upload-drop-overlay">
            <div className="upload-drop-card">
              <CloudUploadOutlined className="upload-drop-icon" />
              <strong>{t('upload.dropTitle')}</strong>
              <span>{dropHint ?? t('upload.dropHint')}</span>
            </div>
          </div>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        data-testid="upload-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same files can be picked again next time.
          event.target.value = '';
          if (files.length > 0) queue.add(files);
        }}
      />
      <UploadTray queue={queue} />
    </UploaderContext.Provider>
  );
}
