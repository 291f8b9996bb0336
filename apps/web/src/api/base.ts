/** Every call goes to the same origin under /api (the dev server proxies it to the API server). */
export const API_BASE = '/api';

/** Services under these prefixes answer `data` instead of `result` (docs/api.md). */
export const DATA_PREFIXES = [
  'pangu/',
  'dayu/',
  'pigeon/',
  'msg_center/',
  'sharesvc/',
  'pdp-approval/',
] as const;
