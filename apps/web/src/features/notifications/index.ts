export { NotificationsButton, NotificationsCompanion } from './NotificationsCompanion.tsx';
