import type { FastifyInstance, InjectOptions } from 'fastify';

export interface Answer<T = any> {
  status: number;
  code: string;
  msg: string;
  result: T;
  body: any;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as a signed-in user (or anonymously with no token), and unwraps the envelope. */
export function asUser(app: FastifyInstance, token?: string, lang = 'en-US') {
  const call = async <T = any>(
    method: Method,
    url: string,
    payload?: unknown,
    extra: Partial<InjectOptions> = {},
  ) => {
    const headers: Record<string, string> = { 'accept-language': lang };
    if (token) headers.authorization = `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
    const response = await app.inject({
      method,
      url,
      headers: { ...headers, ...(extra.headers as Record<string, string>) },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    const body = response.json();
    return {
      status: response.statusCode,
      code: body.code,
      msg: body.msg,
      result: (body.result ?? body.data) as T,
      body,
    } satisfies Answer<T>;
  };
  return {
    get: <T = any>(url: string) => call<T>('GET', url),
    post: <T = any>(url: string, payload?: unknown) => call<T>('POST', url, payload ?? {}),
    put: <T = any>(url: string, payload?: unknown) => call<T>('PUT', url, payload ?? {}),
    delete: <T = any>(url: string, payload?: unknown) => call<T>('DELETE', url, payload),
    /** Any method, with an empty body where one is sent (route-table walks). */
    call: <T = any>(method: Method, url: string) => call<T>(method, url, method === 'GET' ? undefined : {}),
  };
}

export const anonymous = (app: FastifyInstance, lang?: string) => asUser(app, undefined, lang);
