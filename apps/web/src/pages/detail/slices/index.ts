export { SlicesPanel } from './SlicesPanel';
