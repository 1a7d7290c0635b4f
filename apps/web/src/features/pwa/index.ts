export { ServiceWorkerUpdater } from './ServiceWorkerUpdater.tsx';
