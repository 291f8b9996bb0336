import { useSyncExternalStore } from 'react';

/** An open/closed flag any screen can set and read (a palette, a sheet opened by a key or a menu). */
export function createToggle() {
  let open = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean): void => {
    if (open === next) return;
    open = next;
    for (const listener of listeners) listener();
  };
  const isOpen = (): boolean => open;
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    open: (): void => set(true),
    close: (): void => set(false),
    isOpen,
    subscribe,
    useOpen: (): boolean => useSyncExternalStore(subscribe, isOpen, isOpen),
  };
}
