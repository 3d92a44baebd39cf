// The only module that imports recharts, so the charting code ships in a chunk of its own that only the
// analytics screen loads.
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export interface ChartPoint {
  /** 'Nov 2' */
  label: string;
  count: number;
}

// The theme's saffron-700, stone-200, stone-600 and saffron-50: SVG attributes cannot read CSS variables.
const saffron700 = "#b84a0b";
const stone200 = "#e7e5e4";
const stone600 = "#57534e";
const saffron50 = "#fff8ee";

/**
 * The bars of applications per day. Hidden from assistive technology: the screen puts the same numbers in a
 * table for it, and the counts above the bars show them without hovering.
 */
export function ApplicationsChart({ points }: { points: ChartPoint[] }) {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  return (
    <div aria-hidden className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 256 }}>
        <BarChart
          data={points}
          accessibilityLayer={false}
          margin={{ top: 20, right: 4, bottom: 0, left: -20 }}
        >
          <CartesianGrid vertical={false} stroke={stone200} />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={{ stroke: stone200 }}
            tick={{ fill: stone600, fontSize: 12 }}
            minTickGap={8}
          />
          <YAxis
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            tick={{ fill: stone600, fontSize: 12 }}
          />
          <Tooltip
            cursor={{ fill: saffron50 }}
            formatter={(value) => [value, "Applications"]}
            contentStyle={{ borderRadius: 12, borderColor: stone200 }}
          />
          <Bar dataKey="count" fill={saffron700} radius={[4, 4, 0, 0]} isAnimationActive={!reduceMotion}>
            <LabelList dataKey="count" position="top" fill={stone600} fontSize={11} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
