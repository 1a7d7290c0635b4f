/** The page's window as the shader needs it: its size in CSS pixels and pixel ratio. */
export interface ShaderView {
  innerWidth: number;
  innerHeight: number;
  devicePixelRatio: number;
}

/** What the page tells the shader's worker. */
export type ToShaderWorker =
  | { type: 'start'; canvas: OffscreenCanvas; view: ShaderView; hidden: boolean; reducedMotion: boolean }
  | { type: 'view'; view: ShaderView }
  | { type: 'hidden'; hidden: boolean }
  | { type: 'reduced-motion'; reducedMotion: boolean }
  | { type: 'pause'; ms: number };

/** What the worker tells the page: a `data-*` attribute of the canvas (renderer, mode, quality, frames). */
export interface FromShaderWorker {
  key: string;
  value: string;
}
