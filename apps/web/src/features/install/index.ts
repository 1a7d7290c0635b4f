export { InstallModal } from './InstallModal.tsx';
