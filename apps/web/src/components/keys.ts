/** Keys pressed in a field (text, select, combobox, editable text) belong to the field. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return true;
  return !!target.closest('[role="combobox"], [role="textbox"], [role="listbox"]');
}

/** A focused button, link or tab keeps its own Space and Enter. */
export const onControl = (target: EventTarget | null): boolean =>
  target instanceof Element && !!target.closest('button, a[href], [role="button"], [role="tab"]');

/**
 * Follows the space bar held down (the hand tool of design tools) until the returned function is called: a
 * Space typed in a field or pressed on a focused control is theirs; leaving the window lets go.
 */
export function watchSpaceBar(onChange: (held: boolean) => void): () => void {
  const down = (event: KeyboardEvent) => {
    if (event.code !== 'Space' || isTyping(event.target) || onControl(event.target)) return;
    event.preventDefault();
    onChange(true);
  };
  const up = (event: KeyboardEvent) => {
    if (event.code === 'Space') onChange(false);
  };
  const blur = () => onChange(false);
  window.addEventListener('keydown', down);
  window.addEventListener('keyup', up);
  window.addEventListener('blur', blur);
  return () => {
    window.removeEventListener('keydown', down);
    window.removeEventListener('keyup', up);
    window.removeEventListener('blur', blur);
  };
}
