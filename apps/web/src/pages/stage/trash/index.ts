export { RecycleBinDrawer } from './RecycleBinDrawer';
