export { BookmarksButton, BookmarksPanel } from './BookmarksButton';
