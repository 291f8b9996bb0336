import type { ImageView, Uptoken } from '@ferry/shared';
import { Codes, codeMessage } from '@ferry/shared';
import { currentLang, i18n } from '../i18n';
import { getToken } from '../state/session';
import { API_BASE } from './base';
import { api, authorizationHeader, type Envelope } from './client';
import { ApiError, NETWORK_ERROR } from './errors';

/** The upload calls (docs/api.md "Uploads"): token, the storage POST, HEAD, and registering files as designs. */
interface ProjectRef {
  team_id: string;
  project_id: string;
}

export interface DroppedUpload {
  key: string;
  name: string;
  code: string;
  msg: string;
}

/** `POST project/image`: the designs made or given a version, and the files refused from the batch. */
export interface RegisterAnswer {
  images: ImageView[];
  dropped: DroppedUpload[];
  warning: { code: string; msg: string } | null;
}

/** `GET project/image/cntlimitinfo`: the project's design quota (-1 unlimited). */
export interface DesignQuota {
  project_id: string;
  hard_limit_cnt: number;
  cur_cnt: number;
  slow_warning_cnt: number;
  slow_warning: boolean;
}

export const uploadsApi = {
  token: (teamId: string) => api.get<{ uptoken: Uptoken }>('oss/token', { team_id: teamId }),
  register: (ref: ProjectRef, images: { key: string; name: string }[]) =>
    api.post<RegisterAnswer>('project/image', { ...ref, images }),
  /** `images[i]` becomes the newest version of `imageIds[i]`. */
  addVersions: (ref: ProjectRef, imageIds: string[], images: { key: string; name: string }[]) =>
    api.put<{ images: ImageView[] }>('project/version', { ...ref, image_ids: imageIds, images }),
  quota: (projectId: string) => api.get<DesignQuota>('project/image/cntlimitinfo', { project_id: projectId }),
};

/** Ferry answers `HEAD` on an uploaded key whichever store holds it. */
const UPLOAD_HEAD_PATH = `${API_BASE}/oss/upload`;

/** `HEAD` on an uploaded key: whether the file is stored (the server tells only its uploader). */
export async function uploadExists(key: string): Promise<boolean> {
  const token = getToken();
  const path = key.split('/').map(encodeURIComponent).join('/');
  try {
    const response = await fetch(`${UPLOAD_HEAD_PATH}/${path}`, {
      method: 'HEAD',
      headers: token ? { Authorization: authorizationHeader(token) } : {},
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

export interface StoragePostOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Posts one file to the storage endpoint as the policy's multipart form (spec 001 §4, §7: key, policy,
 * OSSAccessKeyId, signature — or the S3 equivalents the token names — then the file): the fields first,
 * the file last, so the endpoint checks the policy before reading a byte of it. XMLHttpRequest, because fetch
 * reports no upload progress. Success is HTTP 200 or 204; a refusal rejects with the server's code and words.
 */
export function postToStorage(
  uptoken: Uptoken,
  key: string,
  file: Blob,
  options: StoragePostOptions = {},
): Promise<void> {
  const form = new FormData();
  form.append('key', key);
  form.append('policy', uptoken.policy);
  // The token names the store's own fields (S3 refuses any it does not expect); an older token, the OSS pair.
  const fields = uptoken.fields ?? { OSSAccessKeyId: uptoken.accessid, signature: uptoken.signature };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uptoken.host);
    // Same origin only: a header would make a cross-origin post to S3 ask a preflight it need not.
    if (uptoken.host.startsWith('/')) xhr.setRequestHeader('Accept-Language', currentLang());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.min(event.loaded, file.size), file.size);
    };
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 204) {
        options.onProgress?.(file.size, file.size);
        resolve();
        return;
      }
      reject(storageRefusal(xhr.status, xhr.responseText));
    };
    const offline = () =>
      reject(new ApiError(NETWORK_ERROR, i18n.t('upload.networkFailed'), { status: 0, handled: false }));
    xhr.onerror = offline;
    xhr.ontimeout = offline;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The storage endpoint answers refusals with the API envelope as body; a bare status gets the general wording. */
function storageRefusal(status: number, text: string): ApiError {
  try {
    const envelope = JSON.parse(text) as Envelope;
    if (envelope && 'code' in envelope) {
      const code = String(envelope.code);
      return new ApiError(code, envelope.msg || codeMessage(code, currentLang()), { status });
    }
  } catch {
    // not JSON: a storage service's own error page
  }
  if (status === 413) {
    return new ApiError(Codes.DESIGN_TOO_LARGE.code, codeMessage(Codes.DESIGN_TOO_LARGE, currentLang()), {
      status,
    });
  }
  return new ApiError(`http:${status}`, i18n.t('upload.storageFailed', { status }), { status });
}
