// The header's popups and dialogs, fetched as one chunk after the first paint (AppHeader, NotificationBell,
// UserMenu load them lazily): one late chunk instead of three, and one first-screen chunk set less split up.

export { MessageCentre } from './MessageCentre';
export { SettingsDialog } from './SettingsDialog';
export { TeamSwitch } from './TeamSwitch';
