export { CommentPins } from './CommentPins';
export { CommentsPanel } from './CommentsPanel';
