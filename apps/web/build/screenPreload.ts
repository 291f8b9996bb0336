import type { Plugin } from 'vite';

interface Screen {
  /** The hash route that opens the screen, e.g. `/item/project/stage`. */
  path: string;
  /** The screen's module, as its path ends, e.g. `src/pages/stage/StagePage.tsx`. */
  module: string;
}

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * A lazy screen's chunks normally start loading only once the app's entry has run. For the screens named here,
 * index.html gets a few bytes of inline script that, when the page opens on that screen, preloads its chunks
 * and styles beside the entry's: the screen's code is in by the time the router asks for it.
 */
export function screenPreload(screens: Screen[]): Plugin {
  let base = '/';
  return {
    name: 'ferry-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (item) => item.type === 'chunk',
        ) as unknown as BuiltChunk[];
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loaded = new Set<string>();
        const walk = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const next of byName.get(name)?.imports ?? []) walk(next, into);
        };
        if (entry) walk(entry.fileName, loaded);
        const table: Record<string, string[]> = {};
        for (const screen of screens) {
          const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(screen.module));
          if (!chunk) continue;
          const needed = new Set<string>();
          walk(chunk.fileName, needed);
          const files = [...needed].filter((name) => !loaded.has(name));
          const css = files.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
          table[screen.path] = [...files, ...css].map((name) => `${base}${name}`);
        }
        const script = `(function(t){var p=(location.hash.slice(1).split('?')[0]),f=t[p];if(f)f.forEach(function(h){var l=document.createElement('link');l.rel=/\\.css$/.test(h)?'preload':'modulepreload';if(l.rel==='preload')l.as='style';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})(${JSON.stringify(table)})`;
        // After the entry's own preloads (they go first) and before the stylesheet (a classic script waits for it).
        const tag = `<script>${script}</script>\n    `;
        const at = html.indexOf('<link rel="stylesheet"');
        return at < 0 ? html.replace('</head>', `${tag}</head>`) : html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}
