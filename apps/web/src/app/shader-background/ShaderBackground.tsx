import { useEffect, useRef } from 'react';
import '../../styles/shader-background.css';
import { startShader, type RunningShader } from './start-shader.ts';

/**
 * The animated aurora behind every screen. A CSS gradient on the host is always painted first, so
 * the page looks right before WebGL starts, and stays usable when WebGL is missing or lost.
 *
 * The canvas is created per mount rather than rendered by React: a canvas whose context was lost
 * on unmount can never hand out a working one again, which StrictMode's remount would hit.
 */
/** After a tap on Play the background draws nothing for this long, so it never delays the sound. */
export const SHADER_QUIET_AFTER_PLAY_MS = 1_000;

interface ShaderBackgroundProps {
  /** True while the stream is starting (the listener tapped Play): the background holds still. */
  starting?: boolean;
}

export function ShaderBackground({ starting = false }: ShaderBackgroundProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const shaderRef = useRef<RunningShader | null>(null);

  useEffect(() => {
    if (starting) shaderRef.current?.pauseFor(SHADER_QUIET_AFTER_PLAY_MS);
  }, [starting]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'shader-background__canvas';
    canvas.setAttribute('aria-hidden', 'true');
    canvas.dataset.testid = 'shader-background';
    canvas.dataset.frames = '0';
    host.append(canvas);

    const shader = startShader(canvas);
    shaderRef.current = shader;

    return () => {
      shaderRef.current = null;
      shader.stop();
      canvas.remove();
    };
  }, []);

  return <div ref={hostRef} className="shader-background" aria-hidden="true" />;
}
