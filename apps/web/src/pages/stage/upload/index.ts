export { type Uploader, useUploader } from './context';
export { StageUploader } from './StageUploader';
