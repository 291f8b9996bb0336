import { afterEach, describe, expect, it } from 'vitest';
import { watchSpaceBar } from './keys';

const press = (target: EventTarget, type: 'keydown' | 'keyup') => {
  const event = new KeyboardEvent(type, { code: 'Space', key: ' ', bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

describe('the space bar as the hand tool', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is held from keydown to keyup or leaving the window, and stops the page from scrolling', () => {
    const seen: boolean[] = [];
    const stop = watchSpaceBar((held) => seen.push(held));
    expect(press(document.body, 'keydown').defaultPrevented).toBe(true);
    press(document.body, 'keyup');
    press(document.body, 'keydown');
    window.dispatchEvent(new Event('blur'));
    expect(seen).toEqual([true, false, true, false]);
    stop();
    press(document.body, 'keydown');
    expect(seen).toHaveLength(4);
  });

  it('leaves a Space typed in a field or pressed on a focused button to them', () => {
    document.body.innerHTML = '<input id="name" /><button id="go">Go</button>';
    const seen: boolean[] = [];
    const stop = watchSpaceBar((held) => seen.push(held));
    const typed = press(document.getElementById('name') as HTMLElement, 'keydown');
    const pressed = press(document.getElementById('go') as HTMLElement, 'keydown');
    expect(seen).toEqual([]);
    expect(typed.defaultPrevented || pressed.defaultPrevented).toBe(false);
    stop();
  });
});
