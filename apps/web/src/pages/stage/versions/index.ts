export { VersionsDrawer } from './VersionsDrawer';
