/** Whether the listener asked for less motion: smooth scrolls jump instead. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
