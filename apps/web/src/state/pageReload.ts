/** Reloading the page, as one object so tests can watch it (jsdom cannot navigate). */
export const page = {
  reload: () => window.location.reload(),
};
