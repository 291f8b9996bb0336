/** The plugin sign-in pages (spec 000 §2: plugBindAccount, plugLoginSuccess). */
export const PLUG_BIND_PATH = '/user/plug-bind-account';
export const PLUG_SUCCESS_PATH = '/user/plug-login-success';

export function plugSuccessPath(pluginType: string | null): string {
  return pluginType ? `${PLUG_SUCCESS_PATH}?${new URLSearchParams({ pluginType })}` : PLUG_SUCCESS_PATH;
}
