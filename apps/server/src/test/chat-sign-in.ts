import type { TestServer } from './context.js';

/** Delivers a provider's redirect back (a Location on our callback) to the test server, as the phone would. */
export async function deliverCallback(server: TestServer, location: string) {
  const url = new URL(location);
  const response = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return { status: response.statusCode, body: response.body, location: response.headers.location as string };
}
