export { NotificationsButton } from './NotificationsButton.tsx';
export { NotificationsCompanion } from './NotificationsCompanion.tsx';
