import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShaderBackground } from './ShaderBackground.tsx';

describe('ShaderBackground', () => {
  it('falls back to the CSS gradient when WebGL is unavailable', async () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(<ShaderBackground />);

    const canvas = screen.getByTestId('shader-background');
    expect(canvas.tagName).toBe('CANVAS');
    await waitFor(() => expect(canvas).toHaveAttribute('data-renderer', 'fallback'));
    expect(canvas).toHaveAttribute('data-frames', '0');
    expect(canvas).toHaveAttribute('aria-hidden', 'true');
    expect(getContext).toHaveBeenCalledWith('webgl2', expect.any(Object));
    expect(getContext).toHaveBeenCalledWith('webgl', expect.any(Object));
  });

  it('removes its canvas on unmount, and makes no context once gone', async () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { unmount } = render(<ShaderBackground />);
    unmount();
    expect(screen.queryByTestId('shader-background')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getContext).not.toHaveBeenCalled();
  });
});
