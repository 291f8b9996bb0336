import { vi } from 'vitest';

/** The size the stage's scroll area gets from a 1280×900 window. */
const STAGE_VIEW = { width: 1000, height: 800 };

/**
 * jsdom has no layout: gives the stage's scroll area a window's size, so its virtual grid shows the cards.
 * Call in `beforeEach`; `vi.restoreAllMocks()` takes it back.
 */
export function layOutStage() {
  for (const [prop, value] of [
    ['clientWidth', STAGE_VIEW.width],
    ['clientHeight', STAGE_VIEW.height],
  ] as const) {
    vi.spyOn(HTMLElement.prototype, prop, 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('stage-scroll') ? value : 0;
    });
  }
}
