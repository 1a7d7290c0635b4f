// The background is a slow, domain-warped aurora. Colours are designed in a warm red/amber palette
// and rotated by `uHueShift` around the grey axis, which lands them in deep violets and magentas for
// the spec's 264° shift while keeping one knob for white-label stations.

export const AURORA_VERTEX_SHADER = /* glsl */ `
attribute vec2 position;
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
}
`;

export const AURORA_FRAGMENT_SHADER = /* glsl */ `
precision highp float;

uniform float uTime;       // seconds
uniform vec2 uResolution;  // drawing-buffer pixels
uniform float uHueShift;   // radians

float hash(vec2 p) {
  p = fract(p * vec2(123.34, 456.21));
  p += dot(p, p + 45.32);
  return fract(p.x * p.y);
}

float noise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), u.x),
             mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), u.x), u.y);
}

float fbm(vec2 p) {
  float value = 0.0;
  float amplitude = 0.5;
  mat2 rotate = mat2(0.8, 0.6, -0.6, 0.8);
  for (int i = 0; i < 4; i++) {
    value += amplitude * noise(p);
    p = rotate * p * 2.03 + 3.1;
    amplitude *= 0.5;
  }
  return value;
}

// Rodrigues rotation around the grey axis: a hue rotation that needs no HSV round trip.
vec3 hueRotate(vec3 color, float angle) {
  const vec3 k = vec3(0.57735);
  float c = cos(angle);
  return color * c + cross(k, color) * sin(angle) + k * dot(k, color) * (1.0 - c);
}

void main() {
  vec2 uv = gl_FragCoord.xy / uResolution;
  float aspect = uResolution.x / uResolution.y;
  // Scale by the shorter side so phones and desktops see curtains of similar size.
  vec2 p = (gl_FragCoord.xy - 0.5 * uResolution) / min(uResolution.x, uResolution.y);
  float t = uTime * 0.035;

  vec2 q = vec2(fbm(p * 1.4 + vec2(0.0, t)), fbm(p * 1.4 + vec2(5.2, -0.8 * t)));
  vec2 r = vec2(fbm(p * 1.8 + 2.6 * q + vec2(1.7, 9.2) + 0.6 * t),
                fbm(p * 1.8 + 2.6 * q + vec2(8.3, 2.8) - 0.5 * t));
  float f = fbm(p * 1.2 + 2.2 * r);

  // Aurora curtains: a sharp upper edge that ripples across the screen, fading softly downwards,
  // streaked by slow vertical rays.
  float wave = 0.68 + 0.08 * sin(p.x * 1.4 + t * 4.0 + f * 2.5) + 0.04 * sin(p.x * 3.3 - t * 2.5);
  float dy = uv.y - wave;
  float band = exp(-dy * dy * mix(7.0, 70.0, step(0.0, dy)));
  float rays = fbm(vec2(p.x * 4.5 + f * 1.5, t * 2.0));
  float curtain = band * (0.3 + smoothstep(0.3, 0.75, rays)) * smoothstep(0.3, 0.75, f + 0.25 * r.x);
  float lowGlow = exp(-pow((uv.y - 0.15) * 2.6, 2.0)) * smoothstep(0.35, 0.8, r.y);

  vec3 deep = vec3(0.075, 0.02, 0.016);
  vec3 ember = vec3(0.40, 0.07, 0.03);
  vec3 flare = vec3(0.88, 0.45, 0.12);
  vec3 hot = vec3(1.0, 0.78, 0.25);

  vec3 color = mix(deep, ember, clamp(f * f * 1.5, 0.0, 1.0));
  color = mix(color, flare, clamp(curtain * 0.85, 0.0, 1.0));
  color += hot * pow(clamp(curtain, 0.0, 1.0), 3.0) * 0.3;
  color += ember * 0.6 * lowGlow;
  color = max(hueRotate(color, uHueShift), 0.0);

  // Keep the edges and the lower half calmer, where text and cards sit.
  float vignette = smoothstep(1.3, 0.2, length((uv - vec2(0.5, 0.62)) * vec2(aspect * 0.7, 1.0)));
  color *= mix(0.5, 1.0, vignette);

  // A little dither hides 8-bit banding in the dark gradients.
  color += (hash(gl_FragCoord.xy + fract(uTime)) - 0.5) / 255.0;
  gl_FragColor = vec4(color, 1.0);
}
`;
