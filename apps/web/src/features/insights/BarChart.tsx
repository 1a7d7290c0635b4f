import { useLingui } from '@lingui/react/macro';

export interface Bar {
  label: string;
  value: number;
}

const ROW_HEIGHT = 26;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 48;
const WIDTH = 560;

/**
 * Horizontal bars in plain SVG. The picture is for the eye only (aria-hidden): every chart on the
 * insights page has a table with the same figures beside it, which is what a screen reader reads.
 */
export function BarChart({ bars }: { bars: readonly Bar[] }) {
  const { i18n } = useLingui();
  const peak = Math.max(1, ...bars.map((bar) => bar.value));
  const track = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  return (
    <svg
      className="insights__chart"
      viewBox={`0 0 ${WIDTH} ${bars.length * ROW_HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMinYMin meet"
    >
      {bars.map((bar, index) => {
        const y = index * ROW_HEIGHT;
        return (
          <g key={bar.label}>
            <text
              x={LABEL_WIDTH - 8}
              y={y + ROW_HEIGHT / 2}
              textAnchor="end"
              dominantBaseline="middle"
              className="insights__chart-label"
            >
              {bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 5}
              width={(bar.value / peak) * track}
              height={ROW_HEIGHT - 10}
              rx="4"
              className="insights__chart-bar"
            />
            <text
              x={LABEL_WIDTH + (bar.value / peak) * track + 6}
              y={y + ROW_HEIGHT / 2}
              dominantBaseline="middle"
              className="insights__chart-value"
            >
              {i18n.number(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
