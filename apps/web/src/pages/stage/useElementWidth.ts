import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * An element's inner width, kept current as the window or the layout changes. Read before the first paint, so
 * the stage's first frame already has its real columns (and requests the right thumbnails).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
