/** A route of the API: its method and path as registered. */
export interface Route {
  method: string;
  url: string;
}

/** The route table as Fastify prints it (a tree of path segments, each with its methods), flat. */
export function apiRoutes(text: string): Route[] {
  const path: string[] = [];
  const routes: Route[] = [];
  for (const line of text.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const [, segment, methods] = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(at + 3)) ?? [];
    path.length = (at - 1) / 4;
    path.push(segment);
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url: path.join('') });
  }
  return routes.filter((route) => ['GET', 'POST', 'PUT', 'DELETE'].includes(route.method));
}
