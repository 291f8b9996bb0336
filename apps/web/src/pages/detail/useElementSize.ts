import { type RefObject, useEffect, useState } from 'react';

/**
 * The element's inner size, following window and layout changes. `element` changes whenever the ref is given
 * another element (a view that swaps its canvas), so the new one is measured and followed.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>, element?: unknown) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setSize({ width: node.clientWidth, height: node.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, element]);
  return size;
}
